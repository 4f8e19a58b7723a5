/**
 * The tabs of the vendor's settings page that the settings area draws itself: business info with
 * each contact field's own or inherited value, localization, the extmarket listing settings and
 * the domains with their verification steps; a refused form shows the posted values again, the
 * reason beside each field.
 */
import type { Context } from 'koa';
import { CONTACT_FIELDS, type ContactField } from '../../../commands/vendors/events.ts';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { DELIVERY_METHODS, EXTMARKET_TAX_RATES, type vendorSettings } from '../../http/vendor/settings.ts';
import {
  card,
  checkbox,
  dataTable,
  facts,
  formatDateTime,
  input,
  pill,
  postButton,
  postForm,
  select,
  textarea,
  type Tone,
} from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { st, type SettingsText } from './texts.ts';

export const BASE = '/vendor/settings';
export const FEED_FIELDS = ['csv_url_fr', 'csv_url_en', 'csv_url_de'] as const;

export type Settings = Awaited<ReturnType<typeof vendorSettings>>;
/** What a refused form brings back to its page: the posted values and the reason per field. */
export interface Refused {
  values: Record<string, string | string[]>;
  problems: Record<string, string>;
  message: string;
}

const DOMAIN_TONE: Record<string, Tone> = { verified: 'ok', pending: 'warn', failed: 'bad' };

/** The value a field shows: the refused post's when there is one, else the stored one. */
const shown = (refused: Refused | null, name: string, stored: unknown): string => {
  const posted = refused?.values[name];
  if (posted !== undefined) return Array.isArray(posted) ? posted.join(', ') : posted;
  return stored === null || stored === undefined ? '' : String(stored);
};

const formActions = (l: LanguageCode, editable: boolean, extra: Html | '' = '') =>
  editable ? html`<div class="form-actions"><button type="submit" class="primary">${st(l, 'save')}</button>${extra}</div>` : '';

/** A form of the page; for a member who may only look, its fields are shown disabled and nothing posts. */
const settingsFormHtml = (ctx: Context, action: string, editable: boolean, content: Html, id: string): Html =>
  postForm(ctx, action, editable ? content : html`<fieldset disabled class="plain">${content}</fieldset>`, { id });

export function businessTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
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
    const reset =
      !inherited && editable
        ? html`<div style="margin-top:6px"><button type="submit" class="small" formaction="${BASE}/business-info/reset" formnovalidate name="field" value="${f}">${st(l, 'reset_field')}</button></div>`
        : '';
    return html`<div class="field contact-field" data-field="${f}"><label for="i-${f}">${st(l, f)}</label>
<input id="i-${f}" name="${f}" type="${f === 'contact_email' ? 'email' : f === 'website' ? 'url' : 'text'}" value="${shown(refused, f, b[f])}"${companyValue ? html` placeholder="${companyValue}"` : ''} aria-describedby="s-${f}${p ? ` p-${f}` : ''}"${p ? html` aria-invalid="true"` : ''}>
<div class="hint contact-state" id="s-${f}">${state} <span class="${inherited ? 'inherited' : ''}">${companyValue ? st(l, 'company_value', { value: companyValue }) : st(l, 'company_none')}</span>${reset}</div>
${p ? html`<div class="problem" id="p-${f}">${p}</div>` : ''}</div>`;
  };
  const anyOwn = CONTACT_FIELDS.some((f) => b[`${f}_inherited`] !== true);
  const contact = html`<p class="muted">${st(l, 'contact_lead', { company: String(b.company_name ?? '') })}</p>
<div class="form-grid">${CONTACT_FIELDS.map(contactRow)}</div>`;
  const form = settingsFormHtml(
    ctx,
    `${BASE}/business-info`,
    editable,
    html`${card(st(l, 'identity'), identity)}${card(st(l, 'contact'), contact)}${formActions(l, editable)}`,
    'business-form',
  );
  // Its own form (a form cannot hold another): the reset of every contact field at once.
  const resetAll = !anyOwn
    ? card(null, html`<p class="muted">${st(l, 'all_inherited')}</p>`)
    : editable
      ? card(
          null,
          postButton(ctx, `${BASE}/business-info/reset`, st(l, 'reset_all'), {
            confirm: st(l, 'reset_all_confirm'),
            fields: { field: 'all' },
          }),
        )
      : '';
  return html`<div class="grid">${form}${resetAll}</div>`;
}

export function localizationTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
  const loc = s.localization;
  const options = LANGUAGES.map((c): [string, string] => [c, LANGUAGE_INFO[c].native_name]);
  const posted = refused?.values.storefront_languages;
  const offered = posted === undefined ? loc.storefront_languages : Array.isArray(posted) ? posted : [posted];
  const problem = (name: string) => refused?.problems[name] ?? null;
  const source = st(l, `source_${loc.locale_source}` as SettingsText);
  return card(
    st(l, 'languages'),
    settingsFormHtml(
      ctx,
      `${BASE}/localization`,
      editable,
      html`<div class="form-grid">
${select(l, { label: st(l, 'dashboard_language'), name: 'dashboard_language', value: shown(refused, 'dashboard_language', loc.dashboard_language), options, required: true })}
${select(l, { label: st(l, 'storefront_language'), name: 'storefront_language', value: shown(refused, 'storefront_language', loc.storefront_language), options, required: true, problem: problem('storefront_language') })}
<fieldset class="field span-2 inline-checks"><legend>${st(l, 'storefront_languages')}</legend>
${LANGUAGES.map((c) => checkbox({ label: LANGUAGE_INFO[c].native_name, name: 'storefront_languages', value: c, checked: offered.includes(c) }))}
${problem('storefront_languages') ? html`<div class="problem">${problem('storefront_languages')}</div>` : ''}</fieldset>
${input(l, { label: st(l, 'storefront_locale'), name: 'storefront_locale', value: shown(refused, 'storefront_locale', loc.storefront_locale), placeholder: 'fr-LU', hint: st(l, 'locale_hint'), problem: problem('storefront_locale') })}
<div class="field"><p class="muted">${st(l, 'effective_locale', { locale: loc.effective_locale, source })}</p></div>
</div>${formActions(l, editable)}`,
      'localization-form',
    ),
  );
}

export function extmarketTab(ctx: Context, l: LanguageCode, s: Settings, editable: boolean, refused: Refused | null): Html {
  const e = s.extmarket;
  const problem = (name: string) => refused?.problems[name] ?? null;
  const rate = shown(refused, 'default_tax_rate', e.default_tax_rate);
  const rates: [string, string][] = [
    ['', st(l, 'none')],
    ...EXTMARKET_TAX_RATES.map((r): [string, string] => [String(r), st(l, 'tax_rate_option', { rate: r })]),
  ];
  // A refused rate the list does not offer stays chosen, so the reason beside it names what was sent.
  if (rate !== '' && !rates.some(([v]) => v === rate)) rates.push([rate, `${rate} %`]);
  const postedMethods = refused?.values.delivery_method;
  const methods = refused
    ? postedMethods === undefined
      ? []
      : Array.isArray(postedMethods)
        ? postedMethods
        : [postedMethods]
    : (e.delivery_method ?? []);
  const identity =
    e.vendor_id || e.vendor_slug
      ? st(l, 'extmarket_identity', { id: [e.vendor_slug, e.vendor_id].filter(Boolean).join(' · ') })
      : st(l, 'no_identity');
  return card(
    st(l, 'listing'),
    settingsFormHtml(
      ctx,
      `${BASE}/extmarket`,
      editable,
      html`<p class="muted">${st(l, 'listing_lead')} ${identity}</p><div class="form-grid">
${select(l, { label: st(l, 'default_tax_rate'), name: 'default_tax_rate', value: rate, options: rates, problem: problem('default_tax_rate') })}
${input(l, { label: st(l, 'boost_sort'), name: 'boost_sort', type: 'number', value: shown(refused, 'boost_sort', e.boost_sort), problem: problem('boost_sort'), attrs: html` min="0" max="10" step="any"` })}
${input(l, { label: st(l, 'preorder_days'), name: 'preorder_days', type: 'number', value: shown(refused, 'preorder_days', e.preorder_days), problem: problem('preorder_days'), attrs: html` min="0" max="365" step="1"` })}
<fieldset class="field inline-checks"${problem('delivery_method') ? html` aria-describedby="p-delivery_method"` : ''}><legend>${st(l, 'delivery_method')}</legend>
${DELIVERY_METHODS.map((m) => checkbox({ label: st(l, `method_${m}` as SettingsText), name: 'delivery_method', value: m, checked: methods.includes(m) }))}
${problem('delivery_method') ? html`<div class="problem" id="p-delivery_method">${problem('delivery_method')}</div>` : ''}</fieldset>
${FEED_FIELDS.map((f) => input(l, { label: st(l, f), name: f, type: 'url', value: shown(refused, f, e[f]), hint: st(l, 'feed_hint'), problem: problem(f), placeholder: 'https://', span2: true }))}
</div>${formActions(l, editable)}`,
      'extmarket-form',
    ),
  );
}

export function domainsTab(ctx: Context, l: LanguageCode, s: Settings): Html {
  const d = s.domains;
  const status = (v: string) => pill(v in DOMAIN_TONE ? st(l, `status_${v}` as SettingsText) : v, DOMAIN_TONE[v] ?? 'neutral');
  const addresses = card(
    st(l, 'addresses'),
    facts([
      [st(l, 'path_url'), html`<a href="${d.path_url}">${d.path_url}</a>`],
      [st(l, 'subdomain_url'), html`<a href="${d.subdomain_url}" rel="noopener">${d.subdomain_url}</a>`],
    ]),
  );
  const table = dataTable(
    ctx,
    l,
    [
      {
        label: st(l, 'domain'),
        cell: (x) =>
          html`<strong>${x.domain}</strong> ${x.is_primary ? pill(st(l, 'primary'), 'accent') : ''} ${x.is_active ? '' : pill(st(l, 'inactive'))}`,
      },
      {
        label: st(l, 'status'),
        cell: (x) =>
          html`${status(x.verification_status)}${x.last_error ? html`<div class="muted">${st(l, 'last_error', { error: x.last_error })}</div>` : ''}`,
      },
      { label: st(l, 'verified_at'), cell: (x) => formatDateTime(x.verified_at, l), narrowHide: true },
      { label: st(l, 'checked'), cell: (x) => formatDateTime(x.last_checked_at, l), narrowHide: true },
      {
        label: '',
        cell: (x) => (x.is_verified && x.is_active ? html`<a href="https://${x.domain}/" rel="noopener">${st(l, 'open')}</a>` : ''),
      },
    ],
    d.custom_domains,
    { empty: html`<p class="muted" style="padding:16px 20px;margin:0">${st(l, 'no_domains')}</p>`, caption: st(l, 'custom_domains') },
  );
  const steps = d.custom_domains
    .filter((x) => !x.is_verified)
    .map((x) =>
      card(
        st(l, 'steps_title', { domain: x.domain }),
        html`<ol class="steps">
<li>${st(l, 'step_1')}<div style="margin:8px 0 12px">${facts([
          [st(l, 'record_type'), html`<code>${x.verification.type}</code>`],
          [st(l, 'record_name'), html`<code>${x.verification.name}</code>`],
          [st(l, 'record_value'), html`<code>${x.verification.value}</code>`],
        ])}</div></li>
<li>${st(l, 'step_2')}</li><li>${st(l, 'step_3')}</li></ol>`,
      ),
    );
  return html`${addresses}${card(st(l, 'custom_domains'), html`${table}<p class="muted" style="padding:12px 20px;margin:0">${st(l, 'ask_admin')}</p>`, { flush: true })}${steps}`;
}
