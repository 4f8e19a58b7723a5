import { Type, type Static } from '@sinclair/typebox';
import type { Translations, VendorProductFields } from '../../commands/catalogue/events.ts';
import { ValidationException, type ValidationIssue } from '../core/errors.ts';
import { MAX_CENTS, numberToCents, percentToBasisPoints } from '../core/money.ts';
import { RATE_CATEGORIES } from '../core/vat/rates.ts';
import { Language } from './validation.ts';

/**
 * The request bodies of vendor products (admin POST/PATCH, vendor create/edit, the copy of a
 * marketplace product) and their mapping to the catalogue's fields. Amounts are integer cents
 * (`price_cents`, SPEC.md part 2 "Conventions"); a decimal (`price: 19.99`) is accepted too and
 * converted exactly. The tax rate is a percent with at most two decimals (17, 5.5).
 */
const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const Cents = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_CENTS }), Type.Null()]);
const Decimal = Type.Union([Type.Number({ minimum: 0, maximum: MAX_CENTS / 100 }), Type.Null()]);

export const ProductText = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 300 }),
  description: Type.Optional(Text(10_000)),
  short_description: Type.Optional(Text(1000)),
}, { additionalProperties: false });

export const TranslationsInput = Type.Object(
  { en: Type.Optional(ProductText), fr: Type.Optional(ProductText), de: Type.Optional(ProductText), lb: Type.Optional(ProductText) },
  { additionalProperties: false, minProperties: 1 },
);

export const pricingFields = {
  price_cents: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CENTS })),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_CENTS / 100 })),
  sale_price_cents: Type.Optional(Cents),
  sale_price: Type.Optional(Decimal),
  cost_cents: Type.Optional(Cents),
  /** VendorProductDetail's `cost` (formerly supplier_cost), as a decimal. */
  cost: Type.Optional(Decimal),
  tax_rate_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  /** The VAT rate category: invoices tax the product at its rate in the state whose VAT applies. */
  vat_rate_category: Type.Optional(Type.Union(RATE_CATEGORIES.map((c) => Type.Literal(c)), {
    description: 'standard, reduced, reduced_high, super_reduced, parking, zero or exempt; where the state has no rate of it, the standard rate applies',
  })),
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

export const VendorProductCreate = Type.Object(productFields, { additionalProperties: false });
export const AdminVendorProductCreate = Type.Object({ vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ...productFields }, { additionalProperties: false });
export const VendorProductUpdate = Type.Object(productFields, { additionalProperties: false, minProperties: 1 });
export type ProductBody = Static<typeof VendorProductCreate>;

function money(body: Record<string, any>, name: 'price' | 'sale_price' | 'cost', issues: ValidationIssue[]): number | null | undefined {
  const cents = body[`${name}_cents`];
  const decimal = body[name];
  if (decimal === undefined || decimal === null) return decimal === null && cents === undefined ? null : cents;
  const converted = numberToCents(decimal);
  if (converted === null) { issues.push({ pointer: `/body/${name}`, message: 'must have at most two decimals' }); return undefined; }
  if (cents !== undefined && cents !== converted) issues.push({ pointer: `/body/${name}_cents`, message: `disagrees with ${name}` });
  return converted;
}

/** The changed fields a body names (for PATCH), in the catalogue's terms. */
export function productChanges(body: ProductBody): Partial<VendorProductFields> {
  const issues: ValidationIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const k of ['vendor_sku', 'gtin', 'gtin_type', 'marketplace', 'brand', 'image_link', 'product_type_raw', 'is_digital', 'is_active', 'currency', 'vat_rate_category'] as const) {
    if (body[k] !== undefined) out[k] = body[k];
  }
  for (const name of ['price', 'sale_price', 'cost'] as const) {
    const v = money(body, name, issues);
    if (v !== undefined) out[`${name}_cents`] = v;
  }
  if (out.price_cents === null) issues.push({ pointer: '/body/price', message: 'a product needs a price' });
  if (body.tax_rate_percent !== undefined) {
    const bp = percentToBasisPoints(body.tax_rate_percent);
    if (bp === null) issues.push({ pointer: '/body/tax_rate_percent', message: 'must have at most two decimals' });
    else out.tax_rate_bp = bp;
  }
  const translations = { ...(body.translations ?? {}) } as Translations;
  if (body.title !== undefined) {
    translations[body.language ?? 'en'] = { title: body.title, description: body.description ?? null, short_description: body.short_description ?? null };
  } else if (body.description !== undefined || body.short_description !== undefined) {
    issues.push({ pointer: '/body/title', message: 'description and short_description go with a title (or use translations)' });
  }
  for (const t of Object.values(translations)) { t!.description ??= null; t!.short_description ??= null; }
  if (Object.keys(translations).length > 0) out.translations = translations;
  if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
  return out as Partial<VendorProductFields>;
}

/** All fields of a new product: the body's, with defaults; a title and a price are required. */
export function newProductFields(body: ProductBody, defaults: { tax_rate_bp: number; price_cents?: number | null }): VendorProductFields {
  const c = productChanges(body);
  const issues: ValidationIssue[] = [];
  if (!c.translations) issues.push({ pointer: '/body/title', message: 'a product needs a title (title, or translations)' });
  const price = c.price_cents ?? defaults.price_cents ?? null;
  if (price === null) issues.push({ pointer: '/body/price_cents', message: 'a product needs a price (price_cents or price)' });
  if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
  return {
    vendor_sku: c.vendor_sku ?? null, gtin: c.gtin ?? null, gtin_type: c.gtin_type ?? null, marketplace: c.marketplace ?? null,
    brand: c.brand ?? null, image_link: c.image_link ?? null, product_type_raw: c.product_type_raw ?? null,
    is_digital: c.is_digital ?? false, is_active: c.is_active ?? true, translations: c.translations!,
    price_cents: price!, sale_price_cents: c.sale_price_cents ?? null, cost_cents: c.cost_cents ?? null,
    tax_rate_bp: c.tax_rate_bp ?? defaults.tax_rate_bp, vat_rate_category: c.vat_rate_category ?? 'standard', currency: c.currency ?? 'EUR',
  };
}

/** The Luxembourg standard VAT rate (17 %), the default when neither the request nor the vendor names one. */
export const DEFAULT_TAX_RATE_BP = 1700;
