/**
 * The form of a vendor's profile, on the creation page and on the vendor's own page (name,
 * subdomain, description, contact overrides, languages, marketplace identity), and what the
 * vendor pages share: the vendor as the admin API answers it, a query's text and the state pills.
 */
import type { Static } from '@sinclair/typebox';
import type { Context } from 'koa';
import { CONTACT_FIELDS } from '../../../commands/vendors/events.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { VendorDetail } from '../../http/admin/vendorSchemas.ts';
import { checkbox, input, pill, postForm, select, textarea } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { vt } from './texts.ts';

const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['lb', 'Lëtzebuergesch'],
];

/** The vendor as the admin API answers it (VendorDetailResponse). */
export type VendorRow = Static<typeof VendorDetail>;

export const text = (ctx: Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 100) : '');

/** A vendor's verified and active flags as pills. */
export const statePills = (l: LanguageCode, v: { is_active: boolean; is_verified: boolean }) =>
  html`${v.is_verified ? pill(vt(l, 'verified'), 'ok') : pill(vt(l, 'unverified'), 'warn')} ${v.is_active ? '' : pill(vt(l, 'inactive'), 'bad')}`;

/** The vendor form: creating (with the company and the code) or editing (with the inherited contact values as hints). */
export function vendorForm(ctx: Context, l: LanguageCode, action: string, v: Partial<Record<string, unknown>>, creating: boolean): Html {
  const val = (k: string) => (v[k] === null || v[k] === undefined ? '' : String(v[k]));
  const inheritedHint = (f: string) => {
    if (creating || !v[`${f}_inherited`]) return undefined;
    const company = String(v.company_name ?? '');
    const value = val(`effective_${f}`);
    return value ? `${vt(l, 'inherited', { company })}: ${value}` : vt(l, 'inherited_empty', { company });
  };
  return postForm(
    ctx,
    action,
    html`<div class="form-grid">
${
  creating
    ? html`${input(l, { label: vt(l, 'company_id'), name: 'company_id', type: 'number', value: val('company_id'), required: true })}
${input(l, { label: vt(l, 'code'), name: 'vendor_code', value: val('vendor_code'), required: true, hint: 'A–Z, 0–9, - and _' })}`
    : ''
}
${input(l, { label: vt(l, 'name'), name: 'name', value: val('name'), required: true })}
${input(l, { label: vt(l, 'subdomain'), name: 'subdomain', value: val('subdomain') })}
${textarea(l, { label: vt(l, 'description'), name: 'description', value: val('description'), span2: true })}
<h3 class="span-2">${vt(l, 'contact')}</h3><p class="hint span-2">${vt(l, 'contact_hint')}</p>
${CONTACT_FIELDS.map((f) =>
  f === 'business_address'
    ? textarea(l, { label: vt(l, f), name: f, value: val(f), hint: inheritedHint(f), span2: true })
    : input(l, {
        label: vt(l, f as 'website'),
        name: f,
        value: val(f),
        hint: inheritedHint(f),
        type: f === 'contact_email' ? 'email' : f === 'website' ? 'url' : 'text',
      }),
)}
${creating ? '' : html`<div class="span-2">${checkbox({ label: vt(l, 'reset_contact'), name: 'reset_contact_to_company', value: 'true' })}</div>`}
<h3 class="span-2">${vt(l, 'languages')}</h3>
${select(l, { label: vt(l, 'dashboard_language'), name: 'dashboard_language', value: val('dashboard_language') || 'en', options: LANGUAGES })}
${select(l, { label: vt(l, 'storefront_language'), name: 'storefront_language', value: val('storefront_language') || 'en', options: LANGUAGES })}
<h3 class="span-2">${vt(l, 'extmarket')}</h3>
${input(l, { label: vt(l, 'extmarket_vendor_id'), name: 'extmarket_vendor_id', value: val('extmarket_vendor_id') })}
${input(l, { label: vt(l, 'extmarket_vendor_slug'), name: 'extmarket_vendor_slug', value: val('extmarket_vendor_slug') })}
</div><div class="form-actions"><button type="submit" class="primary">${creating ? vt(l, 'create') : vt(l, 'save')}</button></div>`,
  );
}

/** The fields of the vendor form that creating and editing share. */
export const FORM_FIELDS = [
  'name',
  'subdomain',
  'description',
  ...CONTACT_FIELDS,
  'dashboard_language',
  'storefront_language',
  'extmarket_vendor_id',
  'extmarket_vendor_slug',
];
