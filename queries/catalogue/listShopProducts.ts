import type { Knex } from 'knex';
import {
  estimatedTotal,
  exactTotal,
  sortOrders,
  type BoundedCount,
  type BoundedPage,
  type PageRequest,
} from '../../src/core/pagination.ts';
import { sql } from '../../src/runtime/database.ts';
import { estimatedRows } from '../../src/runtime/rowEstimate.ts';
import { vendorTitleKey } from './productSorts.ts';
import {
  SHOP_PRODUCT_COLUMNS,
  SHOP_PRODUCT_EXTRAS,
  SHOP_VISIBLE,
  toShopProduct,
  type ShopProduct,
  type ShopProductRow,
  type ShopView,
} from './shopProduct.ts';
import { containing, escapeLike } from '../../src/core/likePattern.ts';

/**
 * The shop's catalogue (GET /api/v1/shop/products): the context vendor's products a shop shows
 * (SHOP_VISIBLE), searched, filtered and sorted, one page at a time.
 *
 *  - `search`: a substring, any letter case, of the SKU, the GTIN, the brand, or the title or
 *    description in any of the product's languages: one LIKE on the stored search text, served by
 *    its trigram index (migrations/2026112540_shop_catalogue.ts). A GTIN typed in full in another
 *    length (the 14-digit form of an EAN-13) matches through gtin14 too.
 *  - `min_price_cents` / `max_price_cents`: on the price charged (the sale price when lower).
 *  - `brand`: the brand, any letter case. `product_type_raw`: the product type or any type under
 *    it ("Home > Kitchen" holds "Home > Kitchen > Knives").
 *  - `in_stock`: true, what can be bought now (digital products always); false, what cannot.
 *
 * `total` is bounded as in the admin user list (src/core/pagination.ts "Bounded totals"): exact up
 * to SHOP_TOTAL_CAP matches or on the last page, else PostgreSQL's estimate with `total_exact:
 * false`. A search term shared by every product would otherwise cost a read of the whole catalogue
 * per page.
 */
export interface ShopProductFilter {
  vendor_id: number;
  search?: string;
  min_price_cents?: number;
  max_price_cents?: number;
  brand?: string;
  product_type_raw?: string;
  in_stock?: boolean;
}

/** The shop's orders: price (charged), newest (created_at) and title (in the shown language), each both ways. */
export const SHOP_PRODUCT_SORTS = ['price', '-price', 'created_at', '-created_at', 'title', '-title'] as const;
export type ShopProductSort = (typeof SHOP_PRODUCT_SORTS)[number];
export const DEFAULT_SHOP_SORT: ShopProductSort = '-created_at';

/**
 * Matches counted exactly; past this many, `total` is PostgreSQL's estimate. Lower than the admin
 * lists' EXACT_TOTAL_CAP: a shopper reads "about 1,200 results" as well as an exact figure, and
 * counting up to 1,000 matches of a search and filters was most of a request's time (100,000
 * products: 12 of 15 ms for a title word, a price range and in_stock; 4 ms up to 100).
 */
export const SHOP_TOTAL_CAP = 100;

/**
 * The ORDER BY of a sort, ending on the product id. Each reads an index per vendor: price
 * (vendor_id, charged_price_cents, id) over the shown products; created_at and the title of each
 * language (vendor_id, <key>, id) of 20261125020001_catalogue_sort_indexes.ts. Products without a
 * title in the shown language follow the titled ones, by id.
 */
export function shopOrder(sort: ShopProductSort, language: string): string {
  return sortOrders({ price: 'p.charged_price_cents', created_at: 'p.created_at', title: vendorTitleKey(language) }, ['p.id'])[sort];
}

/** The WHERE clause of a filter (the vendor is $1) and its parameters. */
export function shopWhere(filter: ShopProductFilter): { clause: string; values: unknown[] } {
  const values: unknown[] = [filter.vendor_id];
  const conditions = [SHOP_VISIBLE];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const search = filter.search?.trim();
  if (search) {
    const text = `p.search_text LIKE lower(${param(containing(search))})`;
    const digits = search.replace(/[\s-]/g, '');
    conditions.push(/^\d{8,14}$/.test(digits) ? `(${text} OR p.gtin14 = ${param(digits.padStart(14, '0'))})` : text);
  }
  if (filter.min_price_cents !== undefined) conditions.push(`p.charged_price_cents >= ${param(filter.min_price_cents)}`);
  if (filter.max_price_cents !== undefined) conditions.push(`p.charged_price_cents <= ${param(filter.max_price_cents)}`);
  if (filter.brand) conditions.push(`lower(p.brand) = lower(${param(filter.brand.trim())})`);
  if (filter.product_type_raw) {
    const type = filter.product_type_raw.trim();
    conditions.push(
      `(lower(p.product_type_raw) = lower(${param(type)}) OR lower(p.product_type_raw) LIKE lower(${param(`${escapeLike(type)} > %`)}))`,
    );
  }
  if (filter.in_stock !== undefined) {
    const available = 'coalesce((SELECT sum(i.quantity - i.reserved_quantity) FROM inventory_list i WHERE i.product_id = p.id), 0) > 0';
    conditions.push(filter.in_stock ? `(p.is_digital OR ${available})` : `(NOT p.is_digital AND NOT ${available})`);
  }
  return { clause: conditions.join(' AND '), values };
}

/**
 * The one statement of a page: the page's ids in order (through the order's index), the matches
 * counted up to the cap only when the page does not tell the total, and for the page's rows only
 * their columns, stock and first image. One round trip, one snapshot.
 */
export function shopListStatement(filter: ShopProductFilter, page: PageRequest, sort: ShopProductSort, language: string) {
  const { clause, values } = shopWhere(filter);
  const order = shopOrder(sort, language);
  const offset = Math.min((page.page - 1) * page.limit, Number.MAX_SAFE_INTEGER);
  const n = values.length;
  const [limit, skip, countLimit] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`];
  // The ids come out of the order's index in order; WITH ORDINALITY keeps that order for the join.
  const text = `WITH page AS MATERIALIZED (SELECT u.id, u.ord FROM unnest(ARRAY(
    SELECT p.id FROM vendor_product_list p WHERE ${clause} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip})) WITH ORDINALITY AS u(id, ord)),
returned AS (SELECT count(*) AS n FROM page)
SELECT CASE WHEN returned.n = ${limit} OR (returned.n = 0 AND ${skip} > 0)
  THEN (SELECT count(*) FROM (SELECT 1 FROM vendor_product_list p WHERE ${clause} LIMIT ${countLimit}) matches) END AS counted, shown.*
FROM returned LEFT JOIN LATERAL (SELECT page.ord, ${SHOP_PRODUCT_COLUMNS}, ${SHOP_PRODUCT_EXTRAS}
  FROM page JOIN vendor_product_list p ON p.id = page.id) shown ON true
ORDER BY shown.ord`;
  return { text, values: [...values, page.limit, offset, SHOP_TOTAL_CAP + 1], offset };
}

/**
 * A row of the page's statement: the capped count (count(*), bigint: exact text; null when the
 * page tells the total) beside each of the page's products, or beside no product (all its columns
 * null) when the page is empty.
 */
type ShopListRow = { counted: string | null } & (ShopProductRow | { id: null });

export async function listShopProducts(
  knex: Knex,
  filter: ShopProductFilter,
  page: PageRequest,
  sort: ShopProductSort,
  view: ShopView,
): Promise<BoundedPage<ShopProduct>> {
  const statement = shopListStatement(filter, page, sort, view.language);
  const rows = await sql<ShopListRow>(knex, statement.text, statement.values);
  const items = rows.filter((r): r is ShopListRow & ShopProductRow => r.id !== null);
  const bounded: BoundedCount = {
    offset: statement.offset,
    limit: page.limit,
    returned: items.length,
    counted: rows[0]?.counted === null || rows[0]?.counted === undefined ? null : Number(rows[0].counted),
    cap: SHOP_TOTAL_CAP,
  };
  let total = exactTotal(bounded);
  let exact = true;
  if (total === null) {
    const { clause, values } = shopWhere(filter);
    total = estimatedTotal(bounded, await estimatedRows(knex, { text: `SELECT 1 FROM vendor_product_list p WHERE ${clause}`, values }));
    exact = false;
  }
  return { items: items.map((r) => toShopProduct(r, view)), total, page: page.page, limit: page.limit, total_exact: exact };
}
