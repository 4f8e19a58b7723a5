import type { Context } from 'koa';
import { countryName } from '../../core/countries.ts';
import { t, type MessageKey } from '../../core/i18n.ts';
import { html, type Html } from '../html.ts';
import type { Storefront } from './context.ts';
import { field } from './routing.ts';

/** The countries the address forms offer: the EU member states (the platform's VAT territory). */
export const ADDRESS_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'street',
  'street_2',
  'postal_code',
  'city',
  'country_iso',
  'phone',
] as const;
const OPTIONAL = new Set(['company', 'street_2', 'phone']);

export type AddressValues = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;

/** The address fields of a form, read with a name prefix (`billing_` for checkout's second address); empty optional fields left out. */
export function addressValues(ctx: Context, prefix = ''): AddressValues {
  const out: AddressValues = {};
  for (const f of ADDRESS_FIELDS) {
    const v = field(ctx, `${prefix}${f}`).trim();
    if (v !== '' || !OPTIONAL.has(f)) out[f] = v;
  }
  return out;
}

/** A country's name in the shopper's language. */
export const countryLabel = (sf: Storefront, iso: string | null | undefined) =>
  iso && /^[A-Z]{2}$/.test(iso) ? countryName(iso, sf.language) : (iso ?? '');

/** The inputs of an address (labels in the shopper's language); the country list keeps a saved country outside the EU. */
export function addressInputs(sf: Storefront, v: AddressValues, prefix = '', required = true, phone = true): Html {
  const L = (key: MessageKey) => t(sf.language, key);
  const input = (
    name: (typeof ADDRESS_FIELDS)[number],
    label: MessageKey,
    autocomplete: string,
    max: number,
  ) => html`<p><label>${L(label)}${OPTIONAL.has(name) ? html` <small class="muted">(${L('storefront.optional')})</small>` : ''}<br>
<input name="${prefix}${name}" value="${v[name] ?? ''}"${required && !OPTIONAL.has(name) ? html` required` : ''} maxlength="${max}" autocomplete="${autocomplete}"></label></p>`;
  const chosen = (v.country_iso || 'LU').toUpperCase();
  const countries = [...new Set([...ADDRESS_COUNTRIES, ...(/^[A-Z]{2}$/.test(chosen) ? [chosen] : [])])]
    .map((c) => [c, countryLabel(sf, c) || c] as const)
    .sort((a, b) => a[1].localeCompare(b[1], sf.language));
  return html`${input('first_name', 'storefront.first_name', 'given-name', 100)}${input('last_name', 'storefront.last_name', 'family-name', 100)}
${input('company', 'storefront.company', 'organization', 200)}
${input('street', 'storefront.street', 'address-line1', 200)}${input('street_2', 'storefront.street_2', 'address-line2', 200)}
${input('postal_code', 'storefront.postal_code', 'postal-code', 20)}${input('city', 'storefront.city', 'address-level2', 100)}
<p><label>${L('storefront.country')}<br><select name="${prefix}country_iso">${countries.map(([c, name]) => html`<option value="${c}"${c === chosen ? html` selected` : ''}>${name}</option>`)}</select></label></p>
${phone ? input('phone', 'storefront.phone', 'tel', 40) : ''}`;
}

type ShownAddress = {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  street?: string | null;
  street_2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  country_iso?: string | null;
};

/** An address as lines of text (phrasing content, so it may sit in a label). */
export function addressLines(sf: Storefront, a: ShownAddress): Html {
  return html`${a.first_name} ${a.last_name}<br>${a.company ? html`${a.company}<br>` : ''}${a.street}<br>${a.street_2 ? html`${a.street_2}<br>` : ''}${a.postal_code} ${a.city}<br>${countryLabel(sf, a.country_iso)}`;
}

/** An address shown as a block. */
export const addressBlock = (sf: Storefront, a: ShownAddress): Html => html`<address>${addressLines(sf, a)}</address>`;

/** The names of the fields a validation problem points at, in the shopper's language. */
export function fieldNames(sf: Storefront, pointers: string[]): string {
  const known = new Set<string>([...ADDRESS_FIELDS, 'email', 'password', 'vat_number']);
  return [...new Set(pointers.map((p) => p.split('/').pop() ?? ''))]
    .map((f) => (known.has(f) ? t(sf.language, `storefront.${f === 'country_iso' ? 'country' : f}` as MessageKey) : f))
    .join(', ');
}
