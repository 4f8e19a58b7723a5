import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { FEATURE_CATEGORIES, FEATURES } from '../../../commands/subscriptions/features.ts';
import { changeTier, setTierActive } from '../../../commands/subscriptions/handlers/tiers.ts';
import { tier as tierDecider } from '../../../commands/subscriptions/tier.ts';
import { getTier, listTiers } from '../../../queries/subscriptions/tiers.ts';
import { countLiveSubscriptions } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import { ValidationException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { checkFeatures, tierDeps, TierUpdate } from '../../http/admin/subscriptionTiers.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, formatMoney, formatNumber, input, pill, postButton, postForm, textarea } from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { field, fields } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { sut } from './texts.ts';

const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9_-]+$' }) });
const LIMITS = ['orders_per_period', 'products', 'team_members'] as const;
const limitLabel = { orders_per_period: 'orders', products: 'products', team_members: 'team_members' } as const;

const limitText = (l: LanguageCode, n: number | null) => (n === null ? sut(l, 'unlimited') : formatNumber(n, l));

/** Euros typed in a form ("29", "29.00", "29,90") as cents; anything else is refused naming the field. */
function cents(ctx: Context, name: string): number {
  const v = field(ctx, name).trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v))
    throw new ValidationException('The tier is not valid', [
      { pointer: `/body/${name}`, message: 'must be an amount in euros, like 29.00' },
    ]);
  return Math.round(Number(v) * 100);
}

function limitOf(ctx: Context, name: string): number | null {
  const v = field(ctx, name).trim();
  if (v === '') return null;
  if (!/^\d{1,9}$/.test(v))
    throw new ValidationException('The tier is not valid', [
      { pointer: `/body/limits/${name}`, message: 'must be a whole number, or blank for unlimited' },
    ]);
  return Number(v);
}

/**
 * The admins' tier pages: the tiers with their prices, limits, features and live subscriptions,
 * and one tier's edit form (name, description, prices, limits, features by category, order),
 * offered or not, with its history tab — the admin API's own tier commands.
 */
export function tierPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/admin/tiers',
    {
      summary: 'Back-office page: the subscription tiers with prices, limits, features and live subscriptions',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const tiers = await listTiers(knex, { includeInactive: true });
      const live = new Map(await Promise.all(tiers.map(async (t) => [t.code, await countLiveSubscriptions(knex, t.code)] as const)));
      await renderBackOffice(ctx, services, viewer, {
        title: sut(l, 'tiers'),
        nav: 'tiers',
        subtitle: sut(l, 'tiers_lead'),
        body: card(
          null,
          dataTable(
            ctx,
            l,
            [
              {
                label: sut(l, 'name'),
                cell: (t) =>
                  html`<a href="/admin/tiers/${t.code}"><strong>${t.name}</strong></a> <span class="muted">${t.code}</span><div class="muted">${t.description ?? ''}</div>`,
              },
              { label: sut(l, 'status'), cell: (t) => (t.is_active ? pill(sut(l, 'offered'), 'ok') : pill(sut(l, 'not_offered'))) },
              { label: sut(l, 'price_monthly'), cell: (t) => formatMoney(t.price_monthly_cents, 'EUR', l), num: true },
              { label: sut(l, 'price_yearly'), cell: (t) => formatMoney(t.price_yearly_cents, 'EUR', l), num: true, narrowHide: true },
              { label: sut(l, 'orders'), cell: (t) => limitText(l, t.limits.orders_per_period), num: true, narrowHide: true },
              { label: sut(l, 'products'), cell: (t) => limitText(l, t.limits.products), num: true, narrowHide: true },
              { label: sut(l, 'team_members'), cell: (t) => limitText(l, t.limits.team_members), num: true, narrowHide: true },
              { label: sut(l, 'features'), cell: (t) => t.features.length, num: true },
              {
                label: sut(l, 'live_subscriptions'),
                cell: (t) => html`<a href="/admin/subscriptions?tier_code=${t.code}">${live.get(t.code) ?? 0}</a>`,
                num: true,
              },
            ],
            tiers,
            { caption: sut(l, 'tiers') },
          ),
          { flush: true },
        ),
      });
    },
  );

  api.get(
    '/admin/tiers/:code',
    {
      summary:
        'Back-office page: edit a tier (name, description, prices, limits, features, order) and offer it or not; its history (`tab=history`, `as_of`)',
      params: CodeParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const t = await orNotFound(ctx, services, viewer, () => getTier(knex, params.code));
      if (!t) return;
      const base = `/admin/tiers/${t.code}`;
      const featureBoxes = FEATURE_CATEGORIES.map(
        (c) =>
          html`<fieldset class="span-2"><legend>${c.name}</legend>${FEATURES.filter((f) => f.category === c.code).map(
            (f) =>
              html`<label class="check" title="${f.description}"><input type="checkbox" name="features" value="${f.code}"${t.features.includes(f.code) ? html` checked` : ''}> ${f.name}</label> `,
          )}</fieldset>`,
      );
      const form = () =>
        card(
          sut(l, 'edit_tier', { tier: t.name }),
          postForm(
            ctx,
            base,
            html`<div class="form-grid">
${input(l, { label: sut(l, 'name'), name: 'name', value: t.name, required: true })}
${input(l, { label: sut(l, 'sort_order'), name: 'sort_order', type: 'number', value: t.sort_order, required: true })}
${textarea(l, { label: sut(l, 'description'), name: 'description', value: t.description ?? '', span2: true })}
${input(l, { label: sut(l, 'price_monthly'), name: 'price_monthly', value: (t.price_monthly_cents / 100).toFixed(2), required: true })}
${input(l, { label: sut(l, 'price_yearly'), name: 'price_yearly', value: (t.price_yearly_cents / 100).toFixed(2), required: true })}
</div><h3>${sut(l, 'limits')}</h3><p class="muted">${sut(l, 'limit_hint')}</p><div class="form-grid">
${LIMITS.map((k) => input(l, { label: sut(l, limitLabel[k]), name: k, type: 'number', value: t.limits[k], attrs: html` min="0"` }))}
</div><h3>${sut(l, 'features')}</h3><div class="form-grid">${featureBoxes}</div>
<div class="form-actions"><button type="submit" class="primary">${sut(l, 'save')}</button></div>`,
          ),
        );
      await renderBackOffice(ctx, services, viewer, {
        title: t.name,
        nav: 'tiers',
        subtitle: t.is_active ? sut(l, 'offered') : sut(l, 'not_offered'),
        crumbs: [{ label: sut(l, 'tiers'), href: '/admin/tiers' }],
        actions: postButton(ctx, `${base}/${t.is_active ? 'deactivate' : 'activate'}`, sut(l, t.is_active ? 'deactivate' : 'activate'), {
          tone: 'ghost',
        }),
        body: await withHistoryTab(services, ctx, l, `${tierDecider.aggregate}-${t.code}`, form),
      });
    },
  );

  api.post(
    '/admin/tiers/:code',
    {
      summary: "Back-office form: change a tier, checked against the API's schema (prices in euros, blank limit = unlimited)",
      params: CodeParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/tiers/${params.code}`, async () => {
        const features = fields(ctx, 'features');
        checkFeatures(features);
        const changes = validBody(TierUpdate, {
          name: field(ctx, 'name').trim(),
          description: field(ctx, 'description').trim() || null,
          price_monthly_cents: cents(ctx, 'price_monthly'),
          price_yearly_cents: cents(ctx, 'price_yearly'),
          limits: Object.fromEntries(LIMITS.map((k) => [k, limitOf(ctx, k)])),
          features,
          sort_order: Number(field(ctx, 'sort_order')),
        });
        await services.settle(await changeTier(tierDeps(services), params.code, changes, viewer.context));
        return sut(viewer.language, 'tier_saved', { tier: (await getTier(knex, params.code)).name });
      });
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    api.post(
      `/admin/tiers/:code/${action}`,
      {
        summary: active ? 'Back-office form: offer a tier again' : 'Back-office form: stop offering a tier to new subscriptions',
        params: CodeParams,
        responses: { 303: SEE_OTHER, 403: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await formViewer(services, ctx, 'admin');
        if (!viewer) return;
        await act(ctx, `/admin/tiers/${params.code}`, async () => {
          await services.settle(await setTierActive(tierDeps(services), params.code, active, viewer.context));
          return sut(viewer.language, active ? 'activated' : 'deactivated', { tier: (await getTier(knex, params.code)).name });
        });
      },
    );
  }

  return api.router;
}
