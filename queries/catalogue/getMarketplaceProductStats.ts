import type { Knex } from 'knex';
import { escapeLike } from '../../src/core/likePattern.ts';
import type { MarketplaceProductListRow, MarketplaceProductTranslationRow } from '../../projections/catalogue/marketplaceProductList.ts';

interface Totals {
  total_products: number;
  with_gtin: number;
  distinct_gtins: number;
  with_sale_price: number;
  with_image: number;
  brands: number;
  marketplaces: number;
  vendors: number;
  importing_vendors: number;
}
/** count(*) is bigint: exact text from the driver. */
type CountOf<R> = R & { count: string };

/**
 * Marketplace product statistics (SPEC.md 4.1 "the stats endpoint accepts marketplace and
 * vendor_name filters", and the importing vendor's id): totals, and counts per marketplace, per
 * vendor name and per language. A product belongs to the vendor whose import brought it, so a GTIN
 * that two vendors imported is two products: `distinct_gtins` counts it once, `importing_vendors`
 * counts the vendors whose imports brought the products.
 */
export async function getMarketplaceProductStats(knex: Knex, filter: { marketplace?: string; vendor_name?: string; vendor_id?: number }) {
  const scoped = () => {
    const q = knex<MarketplaceProductListRow>('marketplace_product_list as p');
    if (filter.marketplace) q.whereILike('p.marketplace', escapeLike(filter.marketplace));
    if (filter.vendor_id !== undefined) q.where('p.vendor_id', filter.vendor_id);
    if (filter.vendor_name) q.whereILike('p.vendor_name', escapeLike(filter.vendor_name));
    return q;
  };
  const [totals] = await scoped().select<Totals[]>(
    knex.raw('count(*)::int AS total_products'),
    knex.raw('count(p.gtin)::int AS with_gtin'),
    knex.raw('count(DISTINCT p.gtin14)::int AS distinct_gtins'),
    knex.raw('count(p.sale_price_cents)::int AS with_sale_price'),
    knex.raw('count(p.image_link)::int AS with_image'),
    knex.raw('count(DISTINCT p.brand)::int AS brands'),
    knex.raw('count(DISTINCT p.marketplace)::int AS marketplaces'),
    knex.raw('count(DISTINCT p.vendor_name)::int AS vendors'),
    knex.raw('count(DISTINCT p.vendor_id)::int AS importing_vendors'),
  );
  const byMarketplace = await scoped()
    .select('p.marketplace')
    .count<CountOf<Pick<MarketplaceProductListRow, 'marketplace'>>[]>({ count: '*' })
    .groupBy('p.marketplace')
    .orderBy('count', 'desc')
    .limit(50);
  const byVendor = await scoped()
    .whereNotNull('p.vendor_name')
    .select('p.vendor_name')
    .count<CountOf<Pick<MarketplaceProductListRow, 'vendor_name'>>[]>({ count: '*' })
    .groupBy('p.vendor_name')
    .orderBy('count', 'desc')
    .limit(50);
  const byLanguage = await scoped()
    .join('marketplace_product_translations as t', 't.product_id', 'p.id')
    .select('t.language')
    .count<CountOf<Pick<MarketplaceProductTranslationRow, 'language'>>[]>({ count: '*' })
    .groupBy('t.language')
    .orderBy('t.language');
  return {
    ...totals,
    filters: { marketplace: filter.marketplace ?? null, vendor_name: filter.vendor_name ?? null, vendor_id: filter.vendor_id ?? null },
    by_marketplace: byMarketplace.map((r) => ({ marketplace: r.marketplace, count: Number(r.count) })),
    by_vendor_name: byVendor.map((r) => ({ vendor_name: r.vendor_name, count: Number(r.count) })),
    translations_by_language: Object.fromEntries(byLanguage.map((r) => [r.language, Number(r.count)])),
  };
}
