import { Type } from '@sinclair/typebox';
import { MARKETPLACE_PRODUCT_SORTS, VENDOR_PRODUCT_SORTS, type VendorProductSort } from '../../../queries/catalogue/productSorts.ts';
import { MarketplaceProductListRow } from '../../../projections/catalogue/marketplaceProductList.ts';
import { VendorProductListRow } from '../../../projections/catalogue/vendorProductList.ts';
import { Nullable, rowFields } from '../responses.ts';
import { Language, PageQuery, SortQuery } from '../validation.ts';

/**
 * The catalogue's answers, shared by the admin routes (src/http/admin/catalogue.ts,
 * vendorProducts.ts) and the vendor's (src/http/vendor/products.ts): vendor products
 * (queries/catalogue/listVendorProducts.ts toVendorProduct, getVendorProduct), marketplace products
 * (listMarketplaceProducts.ts) and their statistics.
 */
const Text = Nullable(Type.String());
const Cents = Type.Integer();
const Amount = Type.Number({ description: 'The same amount as a decimal, for display' });

export const ProductTextOut = Type.Object(
  {
    title: Type.String(),
    description: Type.Optional(Text),
    short_description: Type.Optional(Text),
  },
  { $id: 'ProductText' },
);

/** A vendor product as the lists show it (toVendorProduct). */
export const VendorProductItem = Type.Object(
  {
    ...rowFields(VendorProductListRow, ['id', 'vendor_id']),
    vendor_code: Text,
    vendor_name: Text,
    ...rowFields(VendorProductListRow, ['vendor_sku', 'gtin', 'gtin_type', 'marketplace', 'brand', 'image_link', 'product_type_raw']),
    language: Nullable(Language),
    title: Text,
    description: Text,
    short_description: Text,
    // The texts keep their named schema in the document.
    translations: Type.Record(Type.String(), ProductTextOut, { description: 'Every language the product has' }),
    // The amounts are numbers in the answer (exact text in the row).
    price_cents: Cents,
    price: Amount,
    sale_price_cents: Nullable(Cents),
    sale_price: Nullable(Amount),
    cost_cents: Nullable(Cents),
    cost: Nullable(Amount),
    tax_rate_percent: Type.Number(),
    vat_rate_category: Type.String({
      description: 'The VAT rate category (standard, reduced, reduced_high, super_reduced, parking, zero, exempt)',
    }),
    ...rowFields(VendorProductListRow, ['currency', 'is_digital', 'is_active', 'is_placeholder', 'source_marketplace_product_id']),
    inventory: Type.Object({
      unlimited: Type.Boolean({ description: 'Digital products: no stock rows, the quantities are null' }),
      quantity: Nullable(Type.Integer()),
      reserved_quantity: Nullable(Type.Integer()),
      available_quantity: Nullable(Type.Integer()),
    }),
    ...rowFields(VendorProductListRow, ['created_at', 'updated_at']),
  },
  { $id: 'VendorProductItem' },
);

const Formatted = Nullable(Type.String());

/** VendorProductDetail: the product, its price breakdown (src/core/pricing.ts) and the amounts formatted. */
export const VendorProductDetail = Type.Composite(
  [
    VendorProductItem,
    Type.Object({
      net_price_cents: Cents,
      net_price: Amount,
      vat_amount_cents: Cents,
      vat_amount: Amount,
      profit_cents: Nullable(Cents),
      profit: Nullable(Amount),
      profit_margin_percent: Nullable(Type.Number()),
      formatted: Type.Object({
        price: Formatted,
        sale_price: Formatted,
        cost: Formatted,
        net_price: Formatted,
        vat_amount: Formatted,
        profit: Formatted,
      }),
    }),
  ],
  { $id: 'VendorProductDetail' },
);

/** GET …/products/stats (getVendorProductStats): counts by state and kind, units and stock value. */
export const VendorProductStats = Type.Object(
  {
    vendor_id: Nullable(Type.Integer()),
    total_products: Type.Integer(),
    active_products: Type.Integer(),
    inactive_products: Type.Integer(),
    digital_products: Type.Integer(),
    physical_products: Type.Integer(),
    placeholder_products: Type.Integer(),
    from_marketplace: Type.Integer(),
    in_stock: Type.Integer(),
    out_of_stock: Type.Integer(),
    total_units: Type.Integer(),
    stock_value_cents: Type.Integer(),
  },
  { $id: 'VendorProductStats' },
);

/** A marketplace product as the list shows it (toMarketplaceProduct): texts in the asked language or its fallback. */
export const MarketplaceProductItem = Type.Object(
  {
    ...rowFields(MarketplaceProductListRow, ['id', 'gtin', 'gtin_type', 'sku', 'brand', 'image_link']),
    // The amounts are numbers in the answer (exact text in the row).
    price_cents: Nullable(Cents),
    price_numeric: Nullable(Amount),
    sale_price_cents: Nullable(Cents),
    sale_price_numeric: Nullable(Amount),
    ...rowFields(MarketplaceProductListRow, ['currency', 'product_type_raw', 'marketplace', 'vendor_name']),
    vat_rate_category: Type.Optional(Text),
    ...rowFields(MarketplaceProductListRow, ['vendor_id']),
    language: Nullable(Language),
    title: Text,
    description: Text,
    short_description: Text,
    languages: Type.Array(Language),
    ...rowFields(MarketplaceProductListRow, ['last_job_id', 'created_at', 'updated_at']),
  },
  { $id: 'MarketplaceProductItem' },
);

export const MarketplaceProductDetail = Type.Composite(
  [
    MarketplaceProductItem,
    Type.Object({
      translations: Type.Record(Type.String(), ProductTextOut),
    }),
  ],
  { $id: 'MarketplaceProductDetail' },
);

const Count = (key: string) => Type.Object({ [key]: Text, count: Type.Integer() });

/** GET /admin/products/stats (getMarketplaceProductStats). */
export const MarketplaceProductStats = Type.Object(
  {
    total_products: Type.Integer(),
    with_gtin: Type.Integer(),
    distinct_gtins: Type.Integer(),
    with_sale_price: Type.Integer(),
    with_image: Type.Integer(),
    brands: Type.Integer(),
    marketplaces: Type.Integer(),
    vendors: Type.Integer({ description: 'Distinct vendor names in the files' }),
    importing_vendors: Type.Integer(),
    filters: Type.Object({ marketplace: Text, vendor_name: Text, vendor_id: Nullable(Type.Integer()) }),
    by_marketplace: Type.Array(Count('marketplace')),
    by_vendor_name: Type.Array(Count('vendor_name')),
    translations_by_language: Type.Record(Type.String(), Type.Integer()),
  },
  { $id: 'MarketplaceProductStats' },
);

/** The vendor product lists' query (the vendor's own; the admin's adds vendor_id). */
export const ProductListQuery = {
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  is_active: Type.Optional(Type.Boolean()),
  is_digital: Type.Optional(Type.Boolean()),
  gtin: Type.Optional(Type.String({ pattern: '^[0-9 -]{8,20}$' })),
  marketplace: Type.Optional(Type.String({ maxLength: 100 })),
  language: Type.Optional(Language),
  sort: SortQuery(
    Object.keys(VENDOR_PRODUCT_SORTS) as VendorProductSort[],
    "id (default), title (in the list's language; products without one follow), price, created_at or updated_at; a leading - sorts descending",
  ),
};

export const MarketplaceProductSortQuery = SortQuery(
  MARKETPLACE_PRODUCT_SORTS,
  "id (default), title (in the list's language; products without one follow), price, created_at or updated_at; a leading - sorts descending",
);
