/**
 * The form of a company, on the creation page (with its owner) and on the company's own page
 * (name, description, contact data), and what the company pages share: the contact fields, a
 * query's text and the state pills.
 */
import type { Context } from 'koa';
import type { LanguageCode } from '../../core/i18n.ts';
import { input, pill, postForm, textarea } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { ct } from './texts.ts';

export const CONTACT = ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number'] as const;

export const text = (ctx: Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 100) : '');

/** A company's (or a vendor's) verified and active flags as pills. */
export const statePills = (l: LanguageCode, c: { is_active: boolean; is_verified: boolean }) =>
  html`${c.is_verified ? pill(ct(l, 'verified'), 'ok') : pill(ct(l, 'unverified'), 'warn')} ${c.is_active ? '' : pill(ct(l, 'inactive'), 'bad')}`;

/** The fields of the company form, as posted or as the company holds them. */
type CompanyFormValues = Partial<
  Record<
    | 'name'
    | 'description'
    | 'business_address'
    | 'contact_email'
    | 'contact_phone'
    | 'tax_number'
    | 'website'
    | 'owner_email'
    | 'owner_username'
    | 'owner_first_name'
    | 'owner_last_name',
    string | null
  >
>;

/** The company form: creating (with the owner to invite) or editing. */
export function companyForm(ctx: Context, l: LanguageCode, action: string, values: CompanyFormValues, creating: boolean): Html {
  const v = (k: keyof CompanyFormValues) => values[k] ?? '';
  const owner = creating
    ? html`<h3 class="span-2">${ct(l, 'owner')}</h3>
${input(l, { label: ct(l, 'owner_email'), name: 'owner_email', type: 'email', value: v('owner_email'), required: true, hint: ct(l, 'owner_hint') })}
${input(l, { label: ct(l, 'owner_username'), name: 'owner_username', value: v('owner_username') })}
${input(l, { label: ct(l, 'owner_first_name'), name: 'owner_first_name', value: v('owner_first_name') })}
${input(l, { label: ct(l, 'owner_last_name'), name: 'owner_last_name', value: v('owner_last_name') })}`
    : '';
  return postForm(
    ctx,
    action,
    html`<div class="form-grid">
${input(l, { label: ct(l, 'name'), name: 'name', value: v('name'), required: true, span2: true })}
${textarea(l, { label: ct(l, 'description'), name: 'description', value: v('description'), span2: true })}
${owner}
<h3 class="span-2">${ct(l, 'contact')}</h3><p class="hint span-2">${ct(l, 'contact_hint')}</p>
${input(l, { label: ct(l, 'contact_email'), name: 'contact_email', type: 'email', value: v('contact_email') })}
${input(l, { label: ct(l, 'contact_phone'), name: 'contact_phone', type: 'tel', value: v('contact_phone') })}
${input(l, { label: ct(l, 'website'), name: 'website', type: 'url', value: v('website') })}
${input(l, { label: ct(l, 'tax_number'), name: 'tax_number', value: v('tax_number') })}
${textarea(l, { label: ct(l, 'business_address'), name: 'business_address', value: v('business_address'), span2: true })}
</div><div class="form-actions"><button type="submit" class="primary">${creating ? ct(l, 'create') : ct(l, 'save')}</button></div>`,
  );
}
