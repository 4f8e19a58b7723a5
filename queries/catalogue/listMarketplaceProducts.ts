import type { Knex } from 'knex';
import { centsToNumber } from '../../src/core/money.ts';
import { MarketplaceProductNotFoundException } from '../../commands/catalogue/errors.ts';
import { type Page, type PageRequest } from '../../src/core/pagination.ts';
import { MARKETPLACE_COLUMN_SORTS, type MarketplaceProductSort } from './productSorts.ts';
import { containing, escapeLike } from '../../src/core/likePattern.ts';
import type { MarketplaceProductListRow, MarketplaceProductTranslationRow } from '../../projections/catalogue/marketplaceProductList.ts';

/**
 * Marketplace products (GET /admin/products, SPEC.md 4.1): filter by marketplace, vendor (the
 * importing vendor's id, or the vendor_name text), brand, GTIN and a search over title, SKU, GTIN
 * and brand. A marketplace product belongs to the vendor whose import brought it, so one GTIN is
 * one product per importing vendor: a GTIN filter lists each vendor's product (vendor_id says
 * whose). Texts come in the requested language, falling back to English, then to any language the
 * product has.
 */
export interface MarketplaceProductFilter {
  marketplace?: string;
  vendor_id?: number;
  vendor_name?: string;
  brand?: string;
  gtin?: string;
  search?: string;
  language: string;
}

/** The texts of one language, as a product shows them. */
type Texts = Pick<MarketplaceProductTranslationRow, 'language' | 'title' | 'description' | 'short_description'>;

/**
 * A product with its best translation (withTexts; left joined, so null without one) and the
 * languages it has (array_agg: null without any).
 */
type ProductWithTexts = MarketplaceProductListRow & { [K in keyof Texts]: Texts[K] | null } & { languages: Texts['language'][] | null };

export function toMarketplaceProduct(r: ProductWithTexts) {
  const price = r.price_cents === null ? null : Number(r.price_cents);
  const sale = r.sale_price_cents === null ? null : Number(r.sale_price_cents);
  return {
    id: r.id,
    gtin: r.gtin,
    gtin_type: r.gtin_type,
    sku: r.sku,
    brand: r.brand,
    image_link: r.image_link,
    price_cents: price,
    price_numeric: centsToNumber(price),
    sale_price_cents: sale,
    sale_price_numeric: centsToNumber(sale),
    currency: r.currency,
    product_type_raw: r.product_type_raw,
    marketplace: r.marketplace,
    vendor_name: r.vendor_name,
    vat_rate_category: r.vat_rate_category,
    vendor_id: r.vendor_id,
    language: r.language,
    title: r.title,
    description: r.description,
    short_description: r.short_description,
    languages: r.languages ?? [],
    last_job_id: r.last_job_id,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Adds the best translation for `language` (then English, then any) and the list of languages. */
function withTexts(knex: Knex, q: Knex.QueryBuilder, language: string) {
  const best = knex('marketplace_product_translations as t')
    .select('t.language', 't.title', 't.description', 't.short_description')
    .whereRaw('t.product_id = p.id')
    .orderByRaw('(t.language = ?) DESC, (t.language = ?) DESC, t.language', [language, 'en'])
    .limit(1);
  return q
    .joinRaw(`LEFT JOIN LATERAL (${best.toQuery()}) tr ON true`)
    .select<ProductWithTexts[]>(
      'p.*',
      'tr.language',
      'tr.title',
      'tr.description',
      'tr.short_description',
      knex.raw(
        '(SELECT array_agg(l.language ORDER BY l.language) FROM marketplace_product_translations l WHERE l.product_id = p.id) AS languages',
      ),
    );
}

/**
 * A page of marketplace products in one of MARKETPLACE_PRODUCT_SORTS (default `id`). The page's
 * ids are chosen first, on the products alone and through the order's index; only those rows get
 * their texts (withTexts), so the rows an OFFSET skips are never joined to their translations.
 */
export async function listMarketplaceProducts(
  knex: Knex,
  filter: MarketplaceProductFilter,
  page: PageRequest,
  sort: MarketplaceProductSort = 'id',
): Promise<Page<ReturnType<typeof toMarketplaceProduct>>> {
  const q = matchingMarketplaceProducts(knex, filter);
  const offset = (page.page - 1) * page.limit;
  const [[{ count }], ids] = await Promise.all([
    q.clone().count<{ count: string | number }[]>({ count: '*' }),
    sort === 'title' || sort === '-title'
      ? titlePage(knex, q, filter.language, sort === '-title', offset, page.limit)
      : q
          .clone()
          .select<ProductId[]>('p.id')
          .orderByRaw(MARKETPLACE_COLUMN_SORTS[sort])
          .limit(page.limit)
          .offset(offset)
          .then((rows) => rows.map((r) => r.id)),
  ]);
  const rows = ids.length === 0 ? [] : await withTexts(knex, knex('marketplace_product_list as p'), filter.language).whereIn('p.id', ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The ids were read just before, and the catalogue never deletes a product: each has its row.
  return { items: ids.map((id) => toMarketplaceProduct(byId.get(id)!)), total: Number(count), page: page.page, limit: page.limit };
}

type ProductId = Pick<MarketplaceProductListRow, 'id'>;

/** The products a filter matches (alias p): filters on the products only, so the count never touches the translations. */
export function matchingMarketplaceProducts(knex: Knex, filter: Omit<MarketplaceProductFilter, 'language'>): Knex.QueryBuilder {
  const q = knex('marketplace_product_list as p');
  if (filter.marketplace) q.whereILike('p.marketplace', escapeLike(filter.marketplace));
  if (filter.vendor_id !== undefined) q.where('p.vendor_id', filter.vendor_id);
  if (filter.vendor_name) q.whereILike('p.vendor_name', escapeLike(filter.vendor_name));
  if (filter.brand) q.whereILike('p.brand', escapeLike(filter.brand));
  if (filter.gtin) q.where('p.gtin14', filter.gtin.replace(/\D/g, '').padStart(14, '0'));
  if (filter.search) {
    const s = containing(filter.search);
    q.where((w) =>
      w
        .whereILike('p.sku', s)
        .orWhereILike('p.gtin', s)
        .orWhereILike('p.brand', s)
        .orWhereExists(knex('marketplace_product_translations as st').whereRaw('st.product_id = p.id').whereILike('st.title', s)),
    );
  }
  return q;
}

/** The two segments of the title order, each in its order (no columns yet). */
export function titleSegments(knex: Knex, matches: Knex.QueryBuilder, language: string, descending: boolean) {
  return {
    titled: () =>
      matches
        .clone()
        .join('marketplace_product_translations as ts', (j) => j.on('ts.product_id', 'p.id').andOnVal('ts.language', language))
        .orderByRaw(descending ? 'ts.sort_title DESC, ts.product_id DESC' : 'ts.sort_title, ts.product_id'),
    untitled: () =>
      matches
        .clone()
        .whereNotExists(knex('marketplace_product_translations as tn').whereRaw('tn.product_id = p.id').where('tn.language', language))
        .orderBy('p.id', descending ? 'desc' : 'asc'),
  };
}

/**
 * The ids of a page in title order. A product's titles are rows of marketplace_product_translations,
 * so the order runs in two segments, each through an index: the products titled in `language`, by
 * lower(title) and id (sort_title, index marketplace_product_translations_title), then the others, by id;
 * descending, the exact reverse. The segments' boundary is known from the first segment's page
 * itself, unless the page starts past its end: only then is the first segment counted.
 */
async function titlePage(
  knex: Knex,
  matches: Knex.QueryBuilder,
  language: string,
  descending: boolean,
  offset: number,
  limit: number,
): Promise<number[]> {
  const { titled, untitled } = titleSegments(knex, matches, language, descending);
  const [first, second] = descending ? [untitled, titled] : [titled, untitled];
  const ids = (rows: ProductId[]) => rows.map((r) => r.id);
  const head = ids(await first().select<ProductId[]>('p.id').limit(limit).offset(offset));
  if (head.length === limit) return head;
  const before =
    head.length > 0 || offset === 0
      ? offset + head.length
      : Number((await first().clearOrder().count<{ n: string | number }[]>({ n: '*' }))[0].n);
  const tail = ids(
    await second()
      .select<ProductId[]>('p.id')
      .limit(limit - head.length)
      .offset(Math.max(0, offset - before)),
  );
  return [...head, ...tail];
}

/** One marketplace product with every translation. */
export async function getMarketplaceProduct(knex: Knex, id: number, language = 'en') {
  const row = await withTexts(knex, knex('marketplace_product_list as p'), language).where('p.id', id).first();
  if (!row) throw new MarketplaceProductNotFoundException(`Marketplace product ${id} not found`);
  const texts = await knex<MarketplaceProductTranslationRow>('marketplace_product_translations')
    .where('product_id', id)
    .orderBy('language');
  const translations = Object.fromEntries(
    texts.map((t) => [t.language, { title: t.title, description: t.description, short_description: t.short_description }]),
  );
  return { ...toMarketplaceProduct(row), translations };
}
