import type { Context } from 'koa';
import { numberFormat } from '../../core/intlFormats.ts';
import type { Services } from '../../runtime/services.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { LANGUAGE_INFO, LANGUAGES } from '../../core/i18n.ts';
import { ValidationException, type ValidationIssue } from '../../core/errors.ts';
import { MAX_CENTS, parseCents } from '../../core/money.ts';
import { countryVat, RATE_CATEGORIES, stateRates } from '../../core/vat/rates.ts';
import { validBody } from '../../http/validation.ts';
import { VendorProductCreate, VendorProductUpdate, type ProductBody } from '../../http/vendorProductInput.ts';
import { checkbox, input, select, textarea } from '../backOffice/components.ts';
import { field } from '../forms.ts';
import { html, type Html } from '../html.ts';
import type { PageProduct } from './productFrame.ts';
import { ct } from './texts.ts';
import { sellerStateOf } from '../../modules/registry.ts';

/**
 * The product form of both back offices: the API's product body (VendorProductCreate /
 * VendorProductUpdate) as fields a merchant fills in. Prices are typed and shown in the shop's
 * locale (19,99 in a French shop, 19.99 in an English one) and become the API's cents; the VAT
 * rate category lists the rates of the member state the seller ships from; each language has its
 * title and descriptions.
 */
export interface ShopMoney {
  locale: string;
  currency: string;
  country: string;
}

/** The shop's locale (its storefront locale, else its language) and the seller's member state. */
export async function shopMoneyOf(services: Services, vendorId: number, currency = 'EUR'): Promise<ShopMoney> {
  const row = await services.db.knex('vendor_list').select('storefront_locale', 'storefront_language').where('id', vendorId).first();
  const wanted = row?.storefront_locale || row?.storefront_language || 'en';
  const locale = Intl.NumberFormat.supportedLocalesOf([String(wanted).replace('_', '-')])[0] ?? 'en';
  return { locale, currency, country: await sellerStateOf(services, vendorId) };
}

/** An amount as the shop writes it, without grouping (19,99 or 19.99). */
export const amountInLocale = (cents: number | null | undefined, locale: string): string =>
  cents === null || cents === undefined
    ? ''
    : numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);

/** The form's values as text, from a product (an edit) or as posted (a form shown again with its problems). */
export type FormValues = Record<string, string>;

export function valuesOfProduct(p: PageProduct, money: ShopMoney): FormValues {
  const v: FormValues = {
    vendor_sku: p.vendor_sku ?? '',
    gtin: p.gtin ?? '',
    brand: p.brand ?? '',
    vat_rate_category: p.vat_rate_category ?? 'standard',
    price: amountInLocale(p.price_cents, money.locale),
    sale_price: amountInLocale(p.sale_price_cents, money.locale),
    cost: amountInLocale(p.cost_cents, money.locale),
    is_digital: p.is_digital ? 'on' : '',
    is_active: p.is_active ? 'on' : '',
  };
  for (const l of LANGUAGES) {
    const t = p.translations?.[l];
    v[`title_${l}`] = t?.title ?? '';
    v[`short_${l}`] = t?.short_description ?? '';
    v[`description_${l}`] = t?.description ?? '';
  }
  return v;
}

const NAMES = [
  'vendor_id',
  'vendor_sku',
  'gtin',
  'brand',
  'price',
  'sale_price',
  'cost',
  'vat_rate_category',
  'is_digital',
  'is_active',
  ...LANGUAGES.flatMap((l) => [`title_${l}`, `short_${l}`, `description_${l}`]),
];

export function postedValues(ctx: Context): FormValues {
  return Object.fromEntries(NAMES.map((n) => [n, field(ctx, n)]));
}

function amount(text: string, name: string, issues: ValidationIssue[]): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f']/g, '');
  if (cleaned === '') return null;
  const cents = parseCents(cleaned);
  if (cents === null || cents < 0 || cents > MAX_CENTS)
    issues.push({ pointer: `/body/${name}`, message: 'is not an amount (at most two decimals)' });
  return cents;
}

/**
 * The API's body from the posted form, checked by the API's own schema. A language without a
 * title is left out (it keeps its text); an empty sale price or cost clears it.
 */
export function productBodyOf(values: FormValues, mode: 'create' | 'update'): ProductBody {
  const issues: ValidationIssue[] = [];
  const text = (name: string) => (values[name] ?? '').trim();
  const translations: Record<string, { title: string; short_description: string | null; description: string | null }> = {};
  for (const l of LANGUAGES) {
    if (!text(`title_${l}`)) continue;
    translations[l] = {
      title: text(`title_${l}`),
      short_description: text(`short_${l}`) || null,
      description: (values[`description_${l}`] ?? '').trim() || null,
    };
  }
  const price = amount(values.price ?? '', 'price', issues);
  if (price === null && !issues.length) issues.push({ pointer: '/body/price', message: 'a product needs a price' });
  const body: Record<string, unknown> = {
    vendor_sku: text('vendor_sku') || null,
    gtin: text('gtin') || null,
    brand: text('brand') || null,
    sale_price_cents: amount(values.sale_price ?? '', 'sale_price', issues),
    cost_cents: amount(values.cost ?? '', 'cost', issues),
    is_digital: values.is_digital === 'on',
    is_active: values.is_active === 'on',
  };
  if (price !== null) body.price_cents = price;
  if ((RATE_CATEGORIES as readonly string[]).includes(values.vat_rate_category ?? '')) body.vat_rate_category = values.vat_rate_category;
  if (Object.keys(translations).length > 0) body.translations = translations;
  else if (mode === 'create') issues.push({ pointer: '/body/title_en', message: 'a product needs a title in at least one language' });
  if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
  return validBody(mode === 'create' ? VendorProductCreate : VendorProductUpdate, body) as ProductBody;
}

/** The problems of a refused form, by the form's field names. */
export function problemsOf(err: ValidationException): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of err.errors) {
    const path = e.pointer.replace(/^\/body\//, '').split('/');
    let name = path[0] ?? '';
    if (name === 'translations') name = `title_${path[1] ?? 'en'}`;
    if (name.endsWith('_cents')) name = name.slice(0, -6);
    if (name === 'tax_rate_percent') name = 'vat_rate_category';
    out[name] = out[name] ? `${out[name]}; ${e.message}` : e.message;
  }
  return out;
}

/** The fields of the product form (the caller wraps them in its form with the token and a button). */
export function productFields(
  language: LanguageCode,
  values: FormValues,
  problems: Record<string, string>,
  money: ShopMoney,
  vendorChoice?: Html,
): Html {
  const l = language;
  const f = (name: string, label: string, extra: Partial<Parameters<typeof input>[1]> = {}) =>
    input(l, { name, label, value: values[name] ?? '', problem: problems[name] ?? null, ...extra });
  const example = amountInLocale(1999, money.locale);
  const rates = stateRates(money.country);
  const categories = RATE_CATEGORIES.map((c): [string, string] => {
    const r = rates.find((x) => x.category === c);
    return [c, `${c.replace('_', ' ')}${r ? ` — ${r.rate_bp / 100} %` : c === 'exempt' ? ' — 0 %' : ''}`];
  });
  const problemsElsewhere = Object.entries(problems)
    .filter(([k]) => !NAMES.includes(k))
    .map(([, m]) => m);
  const languagesCard = LANGUAGES.map(
    (lang, i) => html`<details class="span-2"${i === 0 || values[`title_${lang}`] || problems[`title_${lang}`] ? html` open` : ''}>
<summary><strong>${LANGUAGE_INFO[lang].native_name}</strong> <span class="muted">(${lang})</span></summary><div class="form-grid">
${input(l, { name: `title_${lang}`, label: `${ct(l, 'title')} (${lang})`, value: values[`title_${lang}`] ?? '', problem: problems[`title_${lang}`] ?? null, span2: true, attrs: html` maxlength="300" lang="${lang}"` })}
${input(l, { name: `short_${lang}`, label: `${ct(l, 'short_description')} (${lang})`, value: values[`short_${lang}`] ?? '', span2: true, attrs: html` maxlength="1000" lang="${lang}"` })}
${textarea(l, { name: `description_${lang}`, label: `${ct(l, 'description')} (${lang})`, value: values[`description_${lang}`] ?? '', span2: true, attrs: html` rows="4" maxlength="10000" lang="${lang}"` })}
</div></details>`,
  );
  return html`${problemsElsewhere.length ? html`<div class="flash error" role="alert">${problemsElsewhere.join('; ')}</div>` : ''}<div class="form-grid">
${vendorChoice ?? ''}
${f('price', ct(l, 'price'), { required: true, hint: ct(l, 'price_hint', { currency: money.currency, example }), attrs: html` inputmode="decimal" autocomplete="off"` })}
${select(l, { name: 'vat_rate_category', label: ct(l, 'vat_category'), value: values.vat_rate_category || 'standard', options: categories, hint: ct(l, 'vat_hint', { country: countryVat(money.country).name }), problem: problems.vat_rate_category ?? null })}
${f('sale_price', ct(l, 'sale_price'), { attrs: html` inputmode="decimal" autocomplete="off"` })}
${f('cost', ct(l, 'cost'), { attrs: html` inputmode="decimal" autocomplete="off"` })}
${f('vendor_sku', ct(l, 'sku'), { attrs: html` maxlength="100"` })}
${f('gtin', ct(l, 'gtin'), { attrs: html` maxlength="20" inputmode="numeric"` })}
${f('brand', ct(l, 'brand'), { attrs: html` maxlength="200"` })}
<div>${checkbox({ name: 'is_active', label: ct(l, 'on_sale'), checked: values.is_active === 'on' })}${checkbox({ name: 'is_digital', label: ct(l, 'digital'), checked: values.is_digital === 'on' })}</div>
<div class="span-2"><h3>${ct(l, 'translations')}</h3><p class="hint muted">${ct(l, 'translations_hint')}</p></div>
${languagesCard}
</div>`;
}
