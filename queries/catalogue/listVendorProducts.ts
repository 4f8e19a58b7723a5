import type { Knex } from 'knex';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { ProductNotFoundException } from '../../commands/catalogue/errors.ts';
import { basisPointsToPercent, centsToNumber, formatMoney } from '../../src/core/money.ts';
import { type Page, type PageRequest } from '../../src/core/pagination.ts';
import { priceBreakdown } from '../../src/core/pricing.ts';
import { sql } from '../../src/runtime/database.ts';
import { VENDOR_PRODUCT_SORTS, type VendorProductSort } from './productSorts.ts';
import { containing, escapeLike } from '../../src/core/likePattern.ts';
import { isLanguage } from '../../src/core/i18n.ts';
import type { VendorProductListRow } from '../../projections/catalogue/vendorProductList.ts';

/**
 * Vendor products: the list and VendorProductDetail (SPEC.md part 2 "Product"). Amounts are sent
 * in cents (`*_cents`) and as decimals for display; the detail adds net price, VAT, profit and
 * margin from src/core/pricing.ts. Digital products have unlimited inventory: `inventory.unlimited`
 * and null quantities. Every query takes the vendor scope (null = admin, all vendors).
 */
export interface VendorProductFilter {
  vendor_id?: number;
  search?: string;
  is_active?: boolean;
  is_digital?: boolean;
  gtin?: string;
  marketplace?: string;
  language: string;
}

/** A product's row as the lists read it: its own columns, its vendor's (left joined) and its stock summed over its locations. */
type VendorProductRead = Pick<VendorProductListRow, (typeof PRODUCT_FIELDS)[number]> & {
  vendor_code: string | null;
  vendor_name: string | null;
  /** sum() of integers: bigint, exact text; null without stock rows. */
  stock_quantity: string | null;
  stock_reserved: string | null;
};

const num = (v: string | null) => (v === null ? null : Number(v));

type Translations = VendorProductListRow['translations'];

/** The texts in the asked language, else English, else the first language the product has. */
function pickText(translations: Translations, language: string) {
  const lang = [language, 'en', ...Object.keys(translations).sort()].filter(isLanguage).find((l) => translations[l]);
  const text = lang ? translations[lang] : undefined;
  return lang && text ? { language: lang, ...text } : { language: null, title: null, description: null, short_description: null };
}

export function toVendorProduct(r: VendorProductRead, language: string) {
  const translations = r.translations;
  const text = pickText(translations, language);
  const price = Number(r.price_cents);
  const sale = num(r.sale_price_cents);
  const cost = num(r.cost_cents);
  const quantity = r.is_digital ? null : Number(r.stock_quantity ?? 0);
  const reserved = r.is_digital ? null : Number(r.stock_reserved ?? 0);
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    vendor_code: r.vendor_code ?? null,
    vendor_name: r.vendor_name ?? null,
    vendor_sku: r.vendor_sku,
    gtin: r.gtin,
    gtin_type: r.gtin_type,
    marketplace: r.marketplace,
    brand: r.brand,
    image_link: r.image_link,
    product_type_raw: r.product_type_raw,
    language: text.language,
    title: text.title,
    description: text.description ?? null,
    short_description: text.short_description ?? null,
    translations,
    price_cents: price,
    price: centsToNumber(price),
    sale_price_cents: sale,
    sale_price: centsToNumber(sale),
    cost_cents: cost,
    cost: centsToNumber(cost),
    tax_rate_percent: basisPointsToPercent(r.tax_rate_bp),
    vat_rate_category: r.vat_rate_category ?? 'standard',
    currency: r.currency,
    is_digital: r.is_digital,
    is_active: r.is_active,
    is_placeholder: r.is_placeholder,
    source_marketplace_product_id: r.source_marketplace_product_id,
    inventory: {
      unlimited: r.is_digital,
      quantity,
      reserved_quantity: reserved,
      available_quantity: quantity === null || reserved === null ? null : quantity - reserved,
    },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The row's own columns a vendor product shows (not the shop's stored search text or sort keys). */
const PRODUCT_FIELDS = [
  'id',
  'vendor_id',
  'vendor_sku',
  'gtin',
  'gtin_type',
  'marketplace',
  'brand',
  'image_link',
  'product_type_raw',
  'translations',
  'price_cents',
  'sale_price_cents',
  'cost_cents',
  'tax_rate_bp',
  'vat_rate_category',
  'currency',
  'is_digital',
  'is_active',
  'is_placeholder',
  'source_marketplace_product_id',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof VendorProductListRow)[];
const PRODUCT_COLUMNS = PRODUCT_FIELDS.map((c) => `p.${c}`);

export function vendorProducts(knex: Knex) {
  return knex('vendor_product_list as p')
    .leftJoin('vendor_list as v', 'v.id', 'p.vendor_id')
    .select<VendorProductRead[]>(
      ...PRODUCT_COLUMNS,
      'v.vendor_code',
      'v.name as vendor_name',
      knex.raw('(SELECT sum(i.quantity) FROM inventory_list i WHERE i.product_id = p.id) AS stock_quantity'),
      knex.raw('(SELECT sum(i.reserved_quantity) FROM inventory_list i WHERE i.product_id = p.id) AS stock_reserved'),
    );
}

/** The products a filter matches, on vendor_product_list alone (alias p), without order or columns. */
export function matchingVendorProducts(knex: Knex, filter: Omit<VendorProductFilter, 'language'>): Knex.QueryBuilder {
  const q = knex('vendor_product_list as p');
  if (filter.vendor_id !== undefined) q.where('p.vendor_id', filter.vendor_id);
  if (filter.is_active !== undefined) q.where('p.is_active', filter.is_active);
  if (filter.is_digital !== undefined) q.where('p.is_digital', filter.is_digital);
  if (filter.marketplace) q.whereILike('p.marketplace', escapeLike(filter.marketplace));
  if (filter.gtin) q.where('p.gtin14', filter.gtin.replace(/\D/g, '').padStart(14, '0'));
  if (filter.search) {
    const s = containing(filter.search);
    q.where((w) =>
      w.whereILike('p.vendor_sku', s).orWhereILike('p.gtin', s).orWhereILike('p.brand', s).orWhereRaw('p.translations::text ILIKE ?', [s]),
    );
  }
  return q;
}

/** The ids of one page of `matches` in `sort`, read through the order's index (queries/catalogue/productSorts.ts). */
export function vendorProductPageIds(
  matches: Knex.QueryBuilder,
  sort: VendorProductSort,
  language: string,
  page: PageRequest,
): Knex.QueryBuilder {
  return matches
    .clone()
    .select('p.id')
    .orderByRaw(VENDOR_PRODUCT_SORTS[sort](language))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

/**
 * A page of vendor products in one of VENDOR_PRODUCT_SORTS (default `id`). The page's ids are
 * chosen first, on vendor_product_list alone and through the order's index; only those rows are
 * then joined to the vendor and their stock, so the rows an OFFSET skips cost an index entry
 * each, not two stock sums.
 */
export async function listVendorProducts(
  knex: Knex,
  filter: VendorProductFilter,
  page: PageRequest,
  sort: VendorProductSort = 'id',
): Promise<Page<ReturnType<typeof toVendorProduct>>> {
  const matches = matchingVendorProducts(knex, filter);
  const [[{ count }], rows] = await Promise.all([
    matches.clone().count<{ count: string | number }[]>({ count: '*' }),
    vendorProducts(knex)
      .whereIn('p.id', vendorProductPageIds(matches, sort, filter.language, page))
      .orderByRaw(VENDOR_PRODUCT_SORTS[sort](filter.language)),
  ]);
  return {
    items: rows.map((r) => toVendorProduct(r, filter.language)),
    total: Number(count),
    page: page.page,
    limit: page.limit,
  };
}

/**
 * The details' statement, built once from vendorProducts() (`$1` the products' ids) and sent as a
 * named prepared statement: every catalogue write answers with the detail, and parsing and
 * planning this join anew each time cost the database more than running it. The details of
 * concurrent requests go in one statement (src/runtime/coalescedReads.ts).
 */
const detailReader = coalescedReadsPer<number, VendorProductRead>(async (knex, ids) => {
  const text = vendorProducts(knex)
    .whereRaw('p.id = ANY(?::int[])', [[0]])
    .toSQL()
    .toNative().sql;
  const rows = await sql<VendorProductRead>(knex, text, [ids], 'vendor_product_details');
  return new Map(rows.map((r) => [Number(r.id), r]));
});

/** VendorProductDetail: the product, its price breakdown, and the same amounts formatted. */
export async function getVendorProduct(knex: Knex, id: number, vendorId: number | null, language = 'en') {
  const found = await detailReader(knex).read(id);
  // Another vendor's product is not found, as one that does not exist.
  const row = found && (vendorId === null || Number(found.vendor_id) === vendorId) ? found : undefined;
  if (!row) throw new ProductNotFoundException(`Product ${id} not found`);
  const product = toVendorProduct(row, language);
  const b = priceBreakdown(product.price_cents, row.tax_rate_bp, product.cost_cents);
  const fmt = (c: number | null) => (c === null ? null : formatMoney(c, product.currency, language));
  return {
    ...product,
    net_price_cents: b.net_price_cents,
    net_price: centsToNumber(b.net_price_cents),
    vat_amount_cents: b.vat_amount_cents,
    vat_amount: centsToNumber(b.vat_amount_cents),
    profit_cents: b.profit_cents,
    profit: centsToNumber(b.profit_cents),
    profit_margin_percent: b.profit_margin_percent,
    formatted: {
      price: fmt(product.price_cents),
      sale_price: fmt(product.sale_price_cents),
      cost: fmt(product.cost_cents),
      net_price: fmt(b.net_price_cents),
      vat_amount: fmt(b.vat_amount_cents),
      profit: fmt(b.profit_cents),
    },
  };
}
