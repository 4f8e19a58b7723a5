import { Type, type Static } from '@sinclair/typebox';
import type { Translations, VendorProductFields } from '../../commands/catalogue/events.ts';
import { ValidationException, type ValidationIssue } from '../core/errors.ts';
import { MAX_CENTS, numberToCents, percentToBasisPoints } from '../core/money.ts';
import { appliedRate, countryVat, RATE_CATEGORIES, stateRates, type RateCategory } from '../core/vat/rates.ts';
import { Language } from './validation.ts';

/**
 * The request bodies of vendor products (admin POST/PATCH, vendor create/edit, the copy of a
 * marketplace product) and their mapping to the catalogue's fields. Amounts are integer cents
 * (`price_cents`, SPEC.md part 2 "Conventions"); a decimal (`price: 19.99`) is accepted too and
 * converted exactly. The tax rate is a percent with at most two decimals (17, 5.5).
 *
 * A product's `tax_rate_percent` and its `vat_rate_category` never disagree, read in the member
 * state the seller dispatches from (its invoice settings, Luxembourg until set): a percent that is
 * one of that state's rates sets the category (3 for a Luxembourg seller is its super-reduced
 * rate), a category sets the percent to its rate there, both given must name the same rate, and a
 * percent that is none of the state's rates is refused with a 422 naming them.
 */
const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const Cents = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_CENTS }), Type.Null()]);
const Decimal = Type.Union([Type.Number({ minimum: 0, maximum: MAX_CENTS / 100 }), Type.Null()]);

export const ProductText = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 300 }),
    description: Type.Optional(Text(10_000)),
    short_description: Type.Optional(Text(1000)),
  },
  { $id: 'ProductTextInput', additionalProperties: false },
);

export const TranslationsInput = Type.Object(
  { en: Type.Optional(ProductText), fr: Type.Optional(ProductText), de: Type.Optional(ProductText), lb: Type.Optional(ProductText) },
  { $id: 'ProductTranslationsInput', additionalProperties: false, minProperties: 1 },
);

export const pricingFields = {
  price_cents: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CENTS })),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_CENTS / 100 })),
  sale_price_cents: Type.Optional(Cents),
  sale_price: Type.Optional(Decimal),
  cost_cents: Type.Optional(Cents),
  /** VendorProductDetail's `cost` (formerly supplier_cost), as a decimal. */
  cost: Type.Optional(Decimal),
  tax_rate_percent: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 100,
      description: "One of the VAT rates of the seller's member state; it sets vat_rate_category (and the other way round)",
    }),
  ),
  /** The VAT rate category: invoices tax the product at its rate in the state whose VAT applies. */
  vat_rate_category: Type.Optional(
    Type.Union(
      RATE_CATEGORIES.map((c) => Type.Literal(c)),
      {
        description:
          'standard, reduced, reduced_high, super_reduced, parking, zero or exempt; where the state has no rate of it, the standard rate applies',
      },
    ),
  ),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
};

export const productFields = {
  vendor_sku: Type.Optional(Text(100)),
  gtin: Type.Optional(Text(20)),
  gtin_type: Type.Optional(Text(20)),
  marketplace: Type.Optional(Text(100)),
  brand: Type.Optional(Text(200)),
  image_link: Type.Optional(Type.Union([Type.String({ maxLength: 2000, pattern: '^https?://\\S+$' }), Type.Null()])),
  product_type_raw: Type.Optional(Text(1000)),
  is_digital: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
  /** Shortcut for translations[language]. */
  language: Type.Optional(Language),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  description: Type.Optional(Text(10_000)),
  short_description: Type.Optional(Text(1000)),
  translations: Type.Optional(TranslationsInput),
  ...pricingFields,
};

export const VendorProductCreate = Type.Object(productFields, { $id: 'VendorProductCreate', additionalProperties: false });
export const AdminVendorProductCreate = Type.Object(
  { vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ...productFields },
  { $id: 'AdminVendorProductCreate', additionalProperties: false },
);
export const VendorProductUpdate = Type.Object(productFields, {
  $id: 'VendorProductUpdate',
  additionalProperties: false,
  minProperties: 1,
});
export type ProductBody = Static<typeof VendorProductCreate>;

function money(body: ProductBody, name: 'price' | 'sale_price' | 'cost', issues: ValidationIssue[]): number | null | undefined {
  const cents = body[`${name}_cents`];
  const decimal = body[name];
  if (decimal === undefined || decimal === null) return decimal === null && cents === undefined ? null : cents;
  const converted = numberToCents(decimal);
  if (converted === null) {
    issues.push({ pointer: `/body/${name}`, message: 'must have at most two decimals' });
    return undefined;
  }
  if (cents !== undefined && cents !== converted) issues.push({ pointer: `/body/${name}_cents`, message: `disagrees with ${name}` });
  return converted;
}

const percent = (rateBp: number) => rateBp / 100;

/** A state's rates in words: "17 (standard), 8 (reduced), 3 (super_reduced), 14 (parking), 0 (zero)". */
const ratesOf = (state: string) =>
  stateRates(state)
    .map((r) => `${percent(r.rate_bp)} (${r.category})`)
    .join(', ');

/**
 * The rate fields made to agree in the seller's state `state`: from the percent given, the
 * category given, or both (which must name the same rate). Neither: nothing changes.
 */
function agreeingRate(
  state: string,
  rateBp: number | undefined,
  category: RateCategory | undefined,
  issues: ValidationIssue[],
): { tax_rate_bp?: number; vat_rate_category?: RateCategory } {
  if (category !== undefined) {
    const rate = appliedRate(state, category).rate_bp;
    if (rateBp !== undefined && rateBp !== rate) {
      issues.push({
        pointer: '/body/tax_rate_percent',
        message: `disagrees with vat_rate_category ${category}, whose rate in ${countryVat(state).name} is ${percent(rate)}`,
      });
    }
    return { tax_rate_bp: rate, vat_rate_category: category };
  }
  if (rateBp === undefined) return {};
  const match = stateRates(state).find((r) => r.rate_bp === rateBp);
  if (!match) {
    issues.push({
      pointer: '/body/tax_rate_percent',
      message: `${percent(rateBp)} is not a VAT rate of ${countryVat(state).name}, the seller's state: one of ${ratesOf(state)}`,
    });
    return {};
  }
  return { tax_rate_bp: rateBp, vat_rate_category: match.category };
}

/** The changed fields a body names (for PATCH), in the catalogue's terms; `sellerState` is the seller's member state. */
export function productChanges(body: ProductBody, sellerState: string): Partial<VendorProductFields> {
  const issues: ValidationIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const k of [
    'vendor_sku',
    'gtin',
    'gtin_type',
    'marketplace',
    'brand',
    'image_link',
    'product_type_raw',
    'is_digital',
    'is_active',
    'currency',
  ] as const) {
    if (body[k] !== undefined) out[k] = body[k];
  }
  for (const name of ['price', 'sale_price', 'cost'] as const) {
    const v = money(body, name, issues);
    if (v !== undefined) out[`${name}_cents`] = v;
  }
  if (out.price_cents === null) issues.push({ pointer: '/body/price', message: 'a product needs a price' });
  const bp = body.tax_rate_percent === undefined ? undefined : percentToBasisPoints(body.tax_rate_percent);
  if (bp === null) issues.push({ pointer: '/body/tax_rate_percent', message: 'must have at most two decimals' });
  else Object.assign(out, agreeingRate(sellerState, bp, body.vat_rate_category, issues));
  const translations = { ...(body.translations ?? {}) } as Translations;
  if (body.title !== undefined) {
    translations[body.language ?? 'en'] = {
      title: body.title,
      description: body.description ?? null,
      short_description: body.short_description ?? null,
    };
  } else if (body.description !== undefined || body.short_description !== undefined) {
    issues.push({ pointer: '/body/title', message: 'description and short_description go with a title (or use translations)' });
  }
  for (const t of Object.values(translations)) {
    t!.description ??= null;
    t!.short_description ??= null;
  }
  if (Object.keys(translations).length > 0) out.translations = translations;
  if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
  return out as Partial<VendorProductFields>;
}

/**
 * All fields of a new product: the body's, with defaults; a title and a price are required.
 * Without a rate or a category, the vendor's default rate applies when it is one of the seller
 * state's rates, else that state's standard rate.
 */
export function newProductFields(
  body: ProductBody,
  sellerState: string,
  defaults: { tax_rate_bp: number; price_cents?: number | null },
): VendorProductFields {
  const c = productChanges(body, sellerState);
  if (c.tax_rate_bp === undefined && c.vat_rate_category === undefined) {
    const rates = stateRates(sellerState);
    const rate = rates.find((r) => r.rate_bp === defaults.tax_rate_bp) ?? rates[0];
    c.tax_rate_bp = rate.rate_bp;
    c.vat_rate_category = rate.category;
  }
  const issues: ValidationIssue[] = [];
  if (!c.translations) issues.push({ pointer: '/body/title', message: 'a product needs a title (title, or translations)' });
  const price = c.price_cents ?? defaults.price_cents ?? null;
  if (price === null) issues.push({ pointer: '/body/price_cents', message: 'a product needs a price (price_cents or price)' });
  if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
  return {
    vendor_sku: c.vendor_sku ?? null,
    gtin: c.gtin ?? null,
    gtin_type: c.gtin_type ?? null,
    marketplace: c.marketplace ?? null,
    brand: c.brand ?? null,
    image_link: c.image_link ?? null,
    product_type_raw: c.product_type_raw ?? null,
    is_digital: c.is_digital ?? false,
    is_active: c.is_active ?? true,
    translations: c.translations!,
    price_cents: price!,
    sale_price_cents: c.sale_price_cents ?? null,
    cost_cents: c.cost_cents ?? null,
    tax_rate_bp: c.tax_rate_bp!,
    vat_rate_category: c.vat_rate_category!,
    currency: c.currency ?? 'EUR',
  };
}

/** The Luxembourg standard VAT rate (17 %), the default when neither the request nor the vendor names one. */
export const DEFAULT_TAX_RATE_BP = 1700;
