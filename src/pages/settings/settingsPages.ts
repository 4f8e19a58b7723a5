import type Router from '@koa/router';
import type { Context } from 'koa';
import { CONTACT_FIELDS, type ContactField } from '../../../commands/vendors/events.ts';
import { DomainException, ValidationException } from '../../core/errors.ts';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import {
  BusinessInfoBody, DELIVERY_METHODS, EXTMARKET_TAX_RATES, ExtmarketBody, LocalizationBody,
  saveBusinessInfo, saveExtmarketSettings, saveLocalization, vendorSettings,
} from '../../http/vendor/settings.ts';
import type { Services } from '../../runtime/services.ts';
import { card, checkbox, dataTable, facts, formatDateTime, input, pill, postButton, postForm, select, tabs, textarea, type Tone } from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { backOfficeOf, can, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { CSRF_FIELD, field, fields, formBody, seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { st, type SettingsText } from './texts.ts';

const BASE = '/vendor/settings';
/** The settings page's own tabs; other areas add sections to these or tabs of their own (SettingsSection). */
const OWN_TABS = ['business', 'localization', 'extmarket', 'domains'] as const;
const FEED_FIELDS = ['csv_url_fr', 'csv_url_en', 'csv_url_de'] as const;

export const settingsBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'vendor', key: 'settings', href: BASE, section: 'account', icon: 'settings', order: 5, permission: 'settings.view',
    label: { en: 'Settings', fr: 'Paramètres', de: 'Einstellungen', lb: 'Astellungen' },
  }],
};

type Settings = Awaited<ReturnType<typeof vendorSettings>>;
/** What a refused form brings back to its page: the posted values and the reason per field. */
interface Refused { values: Record<string, string | string[]>; problems: Record<string, string>; message: string }

const DOMAIN_TONE: Record<string, Tone> = { verified: 'ok', pending: 'warn', failed: 'bad' };

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
    const contributed = backOfficeOf(services).settingsSections().filter((s) => can(viewer, s.permission));
    const own = OWN_TABS.map((key) => ({ key, label: st(viewer.language, `tab_${key}` as SettingsText) }));
    const extra = contributed.filter((s) => !(OWN_TABS as readonly string[]).includes(s.tab))
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
    const own = current === 'business' ? businessTab(ctx, l, s, editable, refused)
      : current === 'localization' ? localizationTab(ctx, l, s, editable, refused)
        : current === 'extmarket' ? extmarketTab(ctx, l, s, editable, refused)
          : current === 'domains' ? domainsTab(ctx, l, s) : html``;
    const sections = await Promise.all(contributed.filter((c) => c.tab === current).map((c) => c.render(services, ctx, viewer)));
    await renderBackOffice(ctx, services, viewer, {
      title: st(l, 'title'), nav: 'settings', subtitle: st(l, 'subtitle'), error: refused ? refused.message : null,
      body: html`${tabs(list.map((t) => ({ href: `${BASE}?tab=${t.key}`, label: t.label, current: t.key === current })))}
${editable ? '' : html`<div class="flash notice" role="status"><span>${st(l, 'read_only')}</span></div>`}
${own}${sections}`,
    }, status);
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

  api.get(BASE, {
    summary: 'Back-office page: the vendor\'s settings (`tab`: business, localization, extmarket, domains, theme) with their forms',
    responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'settings.view');
    if (viewer) await settingsPage(ctx, viewer, typeof ctx.query.tab === 'string' ? ctx.query.tab : 'business');
  });

  api.post(`${BASE}/business-info`, {
    summary: 'Back-office form: the shop\'s name, description and contact data (an empty contact field inherits the company\'s), as PUT /settings/business-info',
    responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
  }, (ctx) => settingsForm(ctx, 'business', async (viewer) => {
    const body = validBody(BusinessInfoBody, {
      name: field(ctx, 'name'), description: field(ctx, 'description'),
      ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f, field(ctx, f).trim()])),
    });
    await saveBusinessInfo(services, viewer.vendor!.id, body, viewer.context);
    return st(viewer.language, 'saved');
  }));

  api.post(`${BASE}/business-info/reset`, {
    summary: 'Back-office form: one contact field (`field`) or all of them (`field=all`: reset_to_company) back to the company\'s value',
    responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit');
    if (!viewer) return;
    const l = viewer.language;
    await act(ctx, `${BASE}?tab=business`, async () => {
      const which = field(ctx, 'field');
      const one = CONTACT_FIELDS.find((f) => f === which);
      if (!one && which !== 'all') throw new ValidationException('The request is not valid', [{ pointer: '/body/field', message: `must be all or one of ${CONTACT_FIELDS.join(', ')}` }]);
      await saveBusinessInfo(services, viewer.vendor!.id, one ? { [one]: null } : { reset_to_company: true }, viewer.context);
      return one ? st(l, 'field_reset', { field: st(l, one) }) : st(l, 'reset_done');
    });
  });

  api.post(`${BASE}/localization`, {
    summary: 'Back-office form: the back-office and shop languages and the shop locale, as PUT /settings/localization',
    responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
  }, (ctx) => settingsForm(ctx, 'localization', async (viewer) => {
    const languages = fields(ctx, 'storefront_languages');
    const body = validBody(LocalizationBody, {
      dashboard_language: field(ctx, 'dashboard_language'), storefront_language: field(ctx, 'storefront_language'),
      ...(languages.length > 0 ? { storefront_languages: languages } : {}), storefront_locale: field(ctx, 'storefront_locale').trim() || null,
    });
    await saveLocalization(services, viewer.vendor!.id, body, viewer.context);
    return st(viewer.language, 'saved');
  }));

  api.post(`${BASE}/extmarket`, {
    summary: 'Back-office form: the extmarket listing settings (VAT rate, delivery, boost, preorders, feeds), as PUT /settings/extmarket',
    responses: { 303: SEE_OTHER, 403: HTML, 422: HTML },
  }, (ctx) => settingsForm(ctx, 'extmarket', async (viewer) => {
    const methods = fields(ctx, 'delivery_method');
    const body = validBody(ExtmarketBody, {
      ...Object.fromEntries(FEED_FIELDS.map((f) => [f, field(ctx, f).trim()])),
      default_tax_rate: numberOrNull(field(ctx, 'default_tax_rate')), boost_sort: numberOrNull(field(ctx, 'boost_sort')),
      preorder_days: numberOrNull(field(ctx, 'preorder_days')), delivery_method: methods.length > 0 ? methods : null,
    });
    await saveExtmarketSettings(services, viewer.vendor!.id, body, viewer.context);
    return st(viewer.language, 'saved');
  }));

  return api.router;
}

/** The value a field shows: the refused post's when there is one, else the stored one. */
const shown = (refused: Refused | null, name: string, stored: unknown): string => {
  const posted = refused?.values[name];
  if (posted !== undefined) return Array.isArray(posted) ? posted.join(', ') : posted;
  return stored === null || stored === undefined ? '' : String(stored);
};

const formActions = (l: LanguageCode, editable: boolean, extra: Html | '' = '') =>
  (editable ? html`<div class="form-actions"><button type="submit" class="primary">${st(l, 'save')}</button>${extra}</div>` : '');

/** A form of the page; for a member who may only look, its fields are shown disabled and nothing posts. */
const settingsFormHtml = (ctx: Context, action: string, editable: boolean, content: Html, id: string): Html =>
  postForm(ctx, action, editable ? content : html`<fieldset disabled class="plain">${content}</fieldset>`, { id });

function businessTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
  const b = s.business_info as Record<string, string | boolean | null>;
  const company = (f: ContactField) => (b[`company_${f}`] as string | null) ?? null;
  const problem = (name: string) => refused?.problems[name] ?? null;
  const identity = html`<div class="form-grid">
${input(l, { label: st(l, 'name'), name: 'name', value: shown(refused, 'name', b.name), required: true, problem: problem('name'), attrs: html` maxlength="200"` })}
${textarea(l, { label: st(l, 'description'), name: 'description', value: shown(refused, 'description', b.description), problem: problem('description'), span2: true })}</div>`;
  const contactRow = (f: ContactField) => {
    const inherited = b[`${f}_inherited`] === true;
    const companyValue = company(f);
    const p = problem(f);
    const state = inherited ? pill(st(l, 'inherited'), 'info') : pill(st(l, 'own_value'), 'accent');
    const reset = !inherited && editable
      ? html`<div style="margin-top:6px"><button type="submit" class="small" formaction="${BASE}/business-info/reset" formnovalidate name="field" value="${f}">${st(l, 'reset_field')}</button></div>` : '';
    return html`<div class="field contact-field" data-field="${f}"><label for="i-${f}">${st(l, f)}</label>
<input id="i-${f}" name="${f}" type="${f === 'contact_email' ? 'email' : f === 'website' ? 'url' : 'text'}" value="${shown(refused, f, b[f])}"${companyValue ? html` placeholder="${companyValue}"` : ''} aria-describedby="s-${f}${p ? ` p-${f}` : ''}"${p ? html` aria-invalid="true"` : ''}>
<div class="hint contact-state" id="s-${f}">${state} <span class="${inherited ? 'inherited' : ''}">${companyValue ? st(l, 'company_value', { value: companyValue }) : st(l, 'company_none')}</span>${reset}</div>
${p ? html`<div class="problem" id="p-${f}">${p}</div>` : ''}</div>`;
  };
  const anyOwn = CONTACT_FIELDS.some((f) => b[`${f}_inherited`] !== true);
  const contact = html`<p class="muted">${st(l, 'contact_lead', { company: String(b.company_name ?? '') })}</p>
<div class="form-grid">${CONTACT_FIELDS.map(contactRow)}</div>`;
  const form = settingsFormHtml(ctx, `${BASE}/business-info`, editable, html`${card(st(l, 'identity'), identity)}${card(st(l, 'contact'), contact)}${formActions(l, editable)}`, 'business-form');
  // Its own form (a form cannot hold another): the reset of every contact field at once.
  const resetAll = !anyOwn ? card(null, html`<p class="muted">${st(l, 'all_inherited')}</p>`)
    : editable ? card(null, postButton(ctx, `${BASE}/business-info/reset`, st(l, 'reset_all'), { confirm: st(l, 'reset_all_confirm'), fields: { field: 'all' } })) : '';
  return html`<div class="grid">${form}${resetAll}</div>`;
}

function localizationTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
  const loc = s.localization;
  const options = LANGUAGES.map((c): [string, string] => [c, LANGUAGE_INFO[c].native_name]);
  const posted = refused?.values.storefront_languages;
  const offered = posted === undefined ? loc.storefront_languages : Array.isArray(posted) ? posted : [posted];
  const problem = (name: string) => refused?.problems[name] ?? null;
  const source = st(l, `source_${loc.locale_source}` as SettingsText);
  return card(st(l, 'languages'), settingsFormHtml(ctx, `${BASE}/localization`, editable, html`<div class="form-grid">
${select(l, { label: st(l, 'dashboard_language'), name: 'dashboard_language', value: shown(refused, 'dashboard_language', loc.dashboard_language), options, required: true })}
${select(l, { label: st(l, 'storefront_language'), name: 'storefront_language', value: shown(refused, 'storefront_language', loc.storefront_language), options, required: true, problem: problem('storefront_language') })}
<fieldset class="field span-2 inline-checks"><legend>${st(l, 'storefront_languages')}</legend>
${LANGUAGES.map((c) => checkbox({ label: LANGUAGE_INFO[c].native_name, name: 'storefront_languages', value: c, checked: offered.includes(c) }))}
${problem('storefront_languages') ? html`<div class="problem">${problem('storefront_languages')}</div>` : ''}</fieldset>
${input(l, { label: st(l, 'storefront_locale'), name: 'storefront_locale', value: shown(refused, 'storefront_locale', loc.storefront_locale), placeholder: 'fr-LU', hint: st(l, 'locale_hint'), problem: problem('storefront_locale') })}
<div class="field"><p class="muted">${st(l, 'effective_locale', { locale: loc.effective_locale, source })}</p></div>
</div>${formActions(l, editable)}`, 'localization-form'));
}

function extmarketTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
  const e = s.extmarket;
  const problem = (name: string) => refused?.problems[name] ?? null;
  const rate = shown(refused, 'default_tax_rate', e.default_tax_rate);
  const rates: [string, string][] = [['', st(l, 'none')], ...EXTMARKET_TAX_RATES.map((r): [string, string] => [String(r), st(l, 'tax_rate_option', { rate: r })])];
  // A refused rate the list does not offer stays chosen, so the reason beside it names what was sent.
  if (rate !== '' && !rates.some(([v]) => v === rate)) rates.push([rate, `${rate} %`]);
  const postedMethods = refused?.values.delivery_method;
  const methods = refused ? (postedMethods === undefined ? [] : Array.isArray(postedMethods) ? postedMethods : [postedMethods]) : (e.delivery_method ?? []);
  const identity = e.vendor_id || e.vendor_slug
    ? st(l, 'extmarket_identity', { id: [e.vendor_slug, e.vendor_id].filter(Boolean).join(' · ') }) : st(l, 'no_identity');
  return card(st(l, 'listing'), settingsFormHtml(ctx, `${BASE}/extmarket`, editable, html`<p class="muted">${st(l, 'listing_lead')} ${identity}</p><div class="form-grid">
${select(l, { label: st(l, 'default_tax_rate'), name: 'default_tax_rate', value: rate, options: rates, problem: problem('default_tax_rate') })}
${input(l, { label: st(l, 'boost_sort'), name: 'boost_sort', type: 'number', value: shown(refused, 'boost_sort', e.boost_sort), problem: problem('boost_sort'), attrs: html` min="0" max="10" step="any"` })}
${input(l, { label: st(l, 'preorder_days'), name: 'preorder_days', type: 'number', value: shown(refused, 'preorder_days', e.preorder_days), problem: problem('preorder_days'), attrs: html` min="0" max="365" step="1"` })}
<fieldset class="field inline-checks"${problem('delivery_method') ? html` aria-describedby="p-delivery_method"` : ''}><legend>${st(l, 'delivery_method')}</legend>
${DELIVERY_METHODS.map((m) => checkbox({ label: st(l, `method_${m}` as SettingsText), name: 'delivery_method', value: m, checked: methods.includes(m) }))}
${problem('delivery_method') ? html`<div class="problem" id="p-delivery_method">${problem('delivery_method')}</div>` : ''}</fieldset>
${FEED_FIELDS.map((f) => input(l, { label: st(l, f), name: f, type: 'url', value: shown(refused, f, e[f]), hint: st(l, 'feed_hint'), problem: problem(f), placeholder: 'https://', span2: true }))}
</div>${formActions(l, editable)}`, 'extmarket-form'));
}

function domainsTab(ctx: Context, l: LanguageCode, s: Settings): Html {
  const d = s.domains;
  const status = (v: string) => pill(v in DOMAIN_TONE ? st(l, `status_${v}` as SettingsText) : v, DOMAIN_TONE[v] ?? 'neutral');
  const addresses = card(st(l, 'addresses'), facts([
    [st(l, 'path_url'), html`<a href="${d.path_url}">${d.path_url}</a>`],
    [st(l, 'subdomain_url'), html`<a href="${d.subdomain_url}" rel="noopener">${d.subdomain_url}</a>`],
  ]));
  const table = dataTable(ctx, l, [
    { label: st(l, 'domain'), cell: (x) => html`<strong>${x.domain}</strong> ${x.is_primary ? pill(st(l, 'primary'), 'accent') : ''} ${x.is_active ? '' : pill(st(l, 'inactive'))}` },
    { label: st(l, 'status'), cell: (x) => html`${status(x.verification_status)}${x.last_error ? html`<div class="muted">${st(l, 'last_error', { error: x.last_error })}</div>` : ''}` },
    { label: st(l, 'verified_at'), cell: (x) => formatDateTime(x.verified_at, l), narrowHide: true },
    { label: st(l, 'checked'), cell: (x) => formatDateTime(x.last_checked_at, l), narrowHide: true },
    { label: '', cell: (x) => (x.is_verified && x.is_active ? html`<a href="https://${x.domain}/" rel="noopener">${st(l, 'open')}</a>` : '') },
  ], d.custom_domains, { empty: html`<p class="muted" style="padding:16px 20px;margin:0">${st(l, 'no_domains')}</p>`, caption: st(l, 'custom_domains') });
  const steps = d.custom_domains.filter((x) => !x.is_verified).map((x) => card(st(l, 'steps_title', { domain: x.domain }), html`<ol class="steps">
<li>${st(l, 'step_1')}<div style="margin:8px 0 12px">${facts([[st(l, 'record_type'), html`<code>${x.verification.type}</code>`], [st(l, 'record_name'), html`<code>${x.verification.name}</code>`], [st(l, 'record_value'), html`<code>${x.verification.value}</code>`]])}</div></li>
<li>${st(l, 'step_2')}</li><li>${st(l, 'step_3')}</li></ol>`));
  return html`${addresses}${card(st(l, 'custom_domains'), html`${table}<p class="muted" style="padding:12px 20px;margin:0">${st(l, 'ask_admin')}</p>`, { flush: true })}${steps}`;
}
