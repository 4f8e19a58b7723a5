import type Router from '@koa/router';
import type { Context } from 'koa';
import { CONTACT_FIELDS } from '../../../commands/vendors/events.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import {
  BusinessInfoBody,
  ExtmarketBody,
  LocalizationBody,
  saveBusinessInfo,
  saveExtmarketSettings,
  saveLocalization,
  vendorSettings,
} from '../../http/vendor/settings.ts';
import type { Services } from '../../runtime/services.ts';
import { tabs } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { backOfficeOf, can, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { CSRF_FIELD, field, fields, formBody, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { BASE, businessTab, domainsTab, extmarketTab, FEED_FIELDS, localizationTab, type Refused } from './settingsTabs.ts';
import { st, type SettingsText } from './texts.ts';

/** The settings page's own tabs; other areas add sections to these or tabs of their own (SettingsSection). */
const OWN_TABS = ['business', 'localization', 'extmarket', 'domains'] as const;

export const settingsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'settings',
      href: BASE,
      section: 'account',
      icon: 'settings',
      order: 5,
      permission: 'settings.view',
      label: { en: 'Settings', fr: 'Paramètres', de: 'Einstellungen', lb: 'Astellungen' },
    },
  ],
};

/** A refusal's reasons by the form field they name (`/body/delivery_method/0` → delivery_method). */
function problemsByField(err: ValidationException): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.errors) {
    const name = /^\/body\/([^/]+)/.exec(issue.pointer)?.[1];
    if (name && !out[name]) out[name] = issue.message;
  }
  return out;
}

/** A number field as the API's schema takes it: blank is "not set", anything not a number is left for the schema to name. */
const numberOrNull = (raw: string): number | string | null => {
  const v = raw.trim();
  if (v === '') return null;
  return Number.isFinite(Number(v)) ? Number(v) : v;
};

/**
 * The vendor's settings in its back office (/vendor/settings), one tab per section of GET
 * /api/v1/vendor/settings: business info (each contact field the vendor's own or inherited from
 * the company, with the reset to the company's value), localization, the extmarket listing
 * settings, the domains with their verification steps; the theme and the extmarket key are
 * sections the themes and extmarket areas contribute. Every form runs the vendor API's own
 * command and is checked on the server (settings.edit, the form token); a refused value is said
 * next to its field.
 */
export function settingsPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  const tabsOf = (viewer: Viewer) => {
    const contributed = backOfficeOf(services)
      .settingsSections()
      .filter((s) => can(viewer, s.permission));
    const own = OWN_TABS.map((key) => ({ key, label: st(viewer.language, `tab_${key}` as SettingsText) }));
    const extra = contributed
      .filter((s) => !(OWN_TABS as readonly string[]).includes(s.tab))
      .filter((s, i, all) => all.findIndex((o) => o.tab === s.tab) === i)
      .map((s) => ({ key: s.tab, label: s.label[viewer.language] ?? s.label.en }));
    return { list: [...own, ...extra], contributed };
  };

  async function settingsPage(ctx: Context, viewer: Viewer, tab: string, refused: Refused | null = null, status = 200): Promise<void> {
    const l = viewer.language;
    const s = await vendorSettings(services, viewer.vendor!.id);
    const { list, contributed } = tabsOf(viewer);
    const current = list.some((t) => t.key === tab) ? tab : 'business';
    const editable = can(viewer, 'settings.edit');
    const own =
      current === 'business'
        ? businessTab(ctx, l, s, editable, refused)
        : current === 'localization'
          ? localizationTab(ctx, l, s, editable, refused)
          : current === 'extmarket'
            ? extmarketTab(ctx, l, s, editable, refused)
            : current === 'domains'
              ? domainsTab(ctx, l, s)
              : html``;
    const sections = await Promise.all(contributed.filter((c) => c.tab === current).map((c) => c.render(services, ctx, viewer)));
    await renderBackOffice(
      ctx,
      services,
      viewer,
      {
        title: st(l, 'title'),
        nav: 'settings',
        subtitle: st(l, 'subtitle'),
        error: refused ? refused.message : null,
        body: html`${tabs(list.map((t) => ({ href: `${BASE}?tab=${t.key}`, label: t.label, current: t.key === current })))}
${editable ? '' : html`<div class="flash notice" role="status"><span>${st(l, 'read_only')}</span></div>`}
${own}${sections}`,
      },
      status,
    );
  }

  /** Runs a settings form: its command, then back to its tab with the notice; a refused value re-renders the tab with the reason beside its field. */
  async function settingsForm(ctx: Context, tab: string, run: (viewer: Viewer) => Promise<string>): Promise<void> {
    const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit');
    if (!viewer) return;
    try {
      setFlash(ctx, 'notice', await run(viewer));
      seeOther(ctx, `${BASE}?tab=${tab}`);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      const values = Object.fromEntries(Object.entries(formBody(ctx)).filter(([k]) => k !== CSRF_FIELD)) as Refused['values'];
      const problems = err instanceof ValidationException ? problemsByField(err) : {};
      const message = Object.keys(problems).length > 0 ? st(viewer.language, 'not_valid') : refusalInWords(err);
      await settingsPage(ctx, viewer, tab, { values, problems, message }, err.status);
    }
  }

  api.get(
    BASE,
    {
      summary: "Back-office page: the vendor's settings (`tab`: business, localization, extmarket, domains, theme) with their forms",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'settings.view');
      if (viewer) await settingsPage(ctx, viewer, typeof ctx.query.tab === 'string' ? ctx.query.tab : 'business');
    },
  );

  api.post(
    `${BASE}/business-info`,
    {
      summary:
        "Back-office form: the shop's name, description and contact data (an empty contact field inherits the company's), as PUT /settings/business-info",
      responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
    },
    (ctx) =>
      settingsForm(ctx, 'business', async (viewer) => {
        const body = validBody(BusinessInfoBody, {
          name: field(ctx, 'name'),
          description: field(ctx, 'description'),
          ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f, field(ctx, f).trim()])),
        });
        await saveBusinessInfo(services, viewer.vendor!.id, body, viewer.context);
        return st(viewer.language, 'saved');
      }),
  );

  api.post(
    `${BASE}/business-info/reset`,
    {
      summary: "Back-office form: one contact field (`field`) or all of them (`field=all`: reset_to_company) back to the company's value",
      responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit');
      if (!viewer) return;
      const l = viewer.language;
      await act(ctx, `${BASE}?tab=business`, async () => {
        const which = field(ctx, 'field');
        const one = CONTACT_FIELDS.find((f) => f === which);
        if (!one && which !== 'all')
          throw new ValidationException('The request is not valid', [
            { pointer: '/body/field', message: `must be all or one of ${CONTACT_FIELDS.join(', ')}` },
          ]);
        await saveBusinessInfo(services, viewer.vendor!.id, one ? { [one]: null } : { reset_to_company: true }, viewer.context);
        return one ? st(l, 'field_reset', { field: st(l, one) }) : st(l, 'reset_done');
      });
    },
  );

  api.post(
    `${BASE}/localization`,
    {
      summary: 'Back-office form: the back-office and shop languages and the shop locale, as PUT /settings/localization',
      responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
    },
    (ctx) =>
      settingsForm(ctx, 'localization', async (viewer) => {
        const languages = fields(ctx, 'storefront_languages');
        const body = validBody(LocalizationBody, {
          dashboard_language: field(ctx, 'dashboard_language'),
          storefront_language: field(ctx, 'storefront_language'),
          ...(languages.length > 0 ? { storefront_languages: languages } : {}),
          storefront_locale: field(ctx, 'storefront_locale').trim() || null,
        });
        await saveLocalization(services, viewer.vendor!.id, body, viewer.context);
        return st(viewer.language, 'saved');
      }),
  );

  api.post(
    `${BASE}/extmarket`,
    {
      summary: 'Back-office form: the extmarket listing settings (VAT rate, delivery, boost, preorders, feeds), as PUT /settings/extmarket',
      responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
    },
    (ctx) =>
      settingsForm(ctx, 'extmarket', async (viewer) => {
        const methods = fields(ctx, 'delivery_method');
        const body = validBody(ExtmarketBody, {
          ...Object.fromEntries(FEED_FIELDS.map((f) => [f, field(ctx, f).trim()])),
          default_tax_rate: numberOrNull(field(ctx, 'default_tax_rate')),
          boost_sort: numberOrNull(field(ctx, 'boost_sort')),
          preorder_days: numberOrNull(field(ctx, 'preorder_days')),
          delivery_method: methods.length > 0 ? methods : null,
        });
        await saveExtmarketSettings(services, viewer.vendor!.id, body, viewer.context);
        return st(viewer.language, 'saved');
      }),
  );

  return api.router;
}
