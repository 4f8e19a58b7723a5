import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { featureByCode } from '../../../commands/subscriptions/features.ts';
import { Api } from '../../http/api.ts';
import { lowestTierWith, vendorPlan } from '../../http/featureGate.ts';
import type { Services } from '../../runtime/services.ts';
import { card, facts, linkButton } from '../backOffice/components.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { requireViewer } from '../backOffice/session.ts';
import { bt } from '../backOffice/texts.ts';
import { html } from '../html.ts';

const tierName = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

/** What the back offices show of a plan feature a vendor lacks (a locked navigation entry). */
export const subscriptionsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'subscriptions',
      href: '/admin/subscriptions',
      section: 'platform',
      icon: 'card',
      order: 30,
      label: { en: 'Subscriptions', fr: 'Abonnements', de: 'Abonnements', lb: 'Abonnementer' },
    },
    {
      area: 'admin',
      key: 'tiers',
      href: '/admin/tiers',
      section: 'platform',
      icon: 'layers',
      order: 31,
      label: { en: 'Tiers', fr: 'Formules', de: 'Tarife', lb: 'Tariffer' },
    },
    {
      area: 'admin',
      key: 'capacity',
      href: '/admin/capacity',
      section: 'operations',
      icon: 'chart',
      order: 50,
      label: { en: 'Capacity', fr: 'Capacité', de: 'Kapazität', lb: 'Kapazitéit' },
    },
  ],
  describeFeature(code) {
    const feature = featureByCode(code);
    return feature ? { name: feature.name, tier: tierName(feature.min_tier) } : null;
  },
  async vendorPlan(services, vendorId) {
    const plan = await vendorPlan(services, vendorId);
    return { features: plan.features, planName: plan.tier.name };
  },
};

/**
 * The page a locked navigation entry of the vendor back office leads to: what the feature is, the
 * lowest tier that has it (as the admins edited the tiers), the vendor's tier, and the way to the
 * billing page. Never a dead link: every gated area explains itself.
 */
export function planFeaturePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    '/vendor/plan/features/:code',
    {
      summary: "Back-office page: a plan feature the vendor's tier lacks, the lowest tier that has it, and the way to upgrade",
      params: Type.Object({ code: Type.String({ maxLength: 64 }) }),
      responses: {
        200: { description: 'The HTML page (text/html)', contentType: 'text/html' },
        303: { description: 'No vendor session: the sign-in page (Location)' },
        404: { description: 'No such feature: an HTML page', contentType: 'text/html' },
      },
    },
    async (ctx, { params }) => {
      const viewer = await requireViewer(services, ctx, 'vendor');
      if (!viewer) return;
      const feature = featureByCode(params.code);
      const language = viewer.language;
      if (!feature) {
        await renderBackOffice(
          ctx,
          services,
          viewer,
          { title: bt(language, 'not_found_title'), body: card(null, html`<p>${bt(language, 'not_found_text')}</p>`) },
          404,
        );
        return;
      }
      const tier = tierName(await lowestTierWith(services, feature.code));
      const included = viewer.features === 'all' || viewer.features.includes(feature.code);
      await renderBackOffice(ctx, services, viewer, {
        title: included ? feature.name : bt(language, 'feature_title', { feature: feature.name }),
        body: card(
          null,
          html`<p>${feature.description}.</p>
${included ? '' : html`<p>${bt(language, 'feature_text', { feature: feature.name, tier, current: viewer.planName ?? '—' })}</p>`}
${facts([
  ['Feature', html`<code>${feature.code}</code>`],
  ['Plan', tier],
])}`,
          { footer: linkButton('/vendor/billing', bt(language, 'feature_upgrade'), 'primary', 'card') },
        ),
      });
    },
  );
  return api.router;
}
