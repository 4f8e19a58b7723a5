/**
 * The orders of the product lists (`sort`): the vendor product lists (GET /vendor/products, GET
 * /admin/vendor-products) and the marketplace catalogue (GET /admin/products). Every order ends on
 * the product id, so it is total and pages never repeat or skip a row; a descending order is the
 * exact reverse of its ascending one (products without the sorted value come last ascending, first
 * descending: PostgreSQL's default, which a backward index scan gives).
 *
 * `title` is the title in the list's `language` (the one the items show; lower-cased, so letter
 * case does not split the order); a product without a title in that language follows the titled
 * ones, by id. `price` is the gross price in cents.
 *
 * Each order has an index (migrations/20261125020001_catalogue_sort_indexes.ts): vendor products
 * per vendor (vendor_id, <key>, id) and across vendors (<key>, id); the marketplace's title through
 * marketplace_product_translations (language, sort_title = lower(title), product_id). A vendor product's title
 * key per language is a stored generated column, `sort_title_<language>` = lower() of that
 * language's title in the translations document: PostgreSQL fills it when the row is written (the
 * projection does not name it), and an index on a column, unlike one on an expression, serves an
 * index-only scan, so an OFFSET in title order skips index entries without visiting the rows.
 */
export const PRODUCT_LANGUAGES = ['en', 'fr', 'de', 'lb'] as const;
export type ProductLanguage = (typeof PRODUCT_LANGUAGES)[number];

/** The sort key of a vendor product's title in one language: its generated column (see above). */
export function vendorTitleKey(language: string, alias = 'p'): string {
  if (!(PRODUCT_LANGUAGES as readonly string[]).includes(language)) throw new Error(`no title key for language ${language}`);
  return `${alias}.sort_title_${language}`;
}

type Order = (language: string) => string;
const asc =
  (key: string): Order =>
  () =>
    `${key}, p.id`;
const desc =
  (key: string): Order =>
  () =>
    `${key} DESC, p.id DESC`;

export const VENDOR_PRODUCT_SORTS = {
  id: () => 'p.id',
  '-id': () => 'p.id DESC',
  title: (language: string) => `${vendorTitleKey(language)}, p.id`,
  '-title': (language: string) => `${vendorTitleKey(language)} DESC, p.id DESC`,
  price: asc('p.price_cents'),
  '-price': desc('p.price_cents'),
  created_at: asc('p.created_at'),
  '-created_at': desc('p.created_at'),
  updated_at: asc('p.updated_at'),
  '-updated_at': desc('p.updated_at'),
} as const satisfies Record<string, Order>;
export type VendorProductSort = keyof typeof VENDOR_PRODUCT_SORTS;

/**
 * The marketplace catalogue's orders on marketplace_product_list itself; `title` and `-title` are
 * read through the translations table in two segments (listMarketplaceProducts.ts titlePage).
 */
export const MARKETPLACE_COLUMN_SORTS = {
  id: 'p.id',
  '-id': 'p.id DESC',
  price: 'p.price_cents, p.id',
  '-price': 'p.price_cents DESC, p.id DESC',
  created_at: 'p.created_at, p.id',
  '-created_at': 'p.created_at DESC, p.id DESC',
  updated_at: 'p.updated_at, p.id',
  '-updated_at': 'p.updated_at DESC, p.id DESC',
} as const;
export type MarketplaceProductSort = keyof typeof MARKETPLACE_COLUMN_SORTS | 'title' | '-title';
export const MARKETPLACE_PRODUCT_SORTS: readonly MarketplaceProductSort[] = [
  'id',
  '-id',
  'title',
  '-title',
  'price',
  '-price',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
];
