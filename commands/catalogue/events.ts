import type { RateCategory } from '../../src/core/vat/rates.ts';
/**
 * Vendor products: each vendor's own catalogue (SPEC.md part 2 "Product"), created by admins and
 * vendors, copied from marketplace products, plus one placeholder product per vendor for order
 * items that match no product. Marketplace products themselves come from the import jobs of
 * commands/marketplace-imports. This file is the area's public contract.
 *
 * Money is integer cents (SPEC.md part 2 "Conventions"); the tax rate is in basis points
 * (17 % = 1700) so VAT arithmetic stays exact. Prices are gross, VAT included.
 */
export type Language = 'en' | 'fr' | 'de' | 'lb';

export interface ProductText {
  title: string;
  description: string | null;
  short_description: string | null;
}
export type Translations = Partial<Record<Language, ProductText>>;

/** Descriptive fields of a vendor product. */
export interface ProductDetails {
  vendor_sku: string | null;
  gtin: string | null;
  gtin_type: string | null;
  marketplace: string | null;
  brand: string | null;
  image_link: string | null;
  product_type_raw: string | null;
  is_digital: boolean;
  translations: Translations;
}

/** Price fields: gross price and sale price, the vendor's net cost, the VAT rate. */
export interface ProductPricing {
  price_cents: number;
  sale_price_cents: number | null;
  cost_cents: number | null;
  tax_rate_bp: number;
  /**
   * The VAT rate category (src/core/vat/rates.ts): an invoice taxes the product at that category's
   * rate in the state whose VAT applies. Absent on products created before categories: standard.
   */
  vat_rate_category?: RateCategory;
  currency: string;
}

export type { RateCategory };

export type VendorProductFields = ProductDetails & ProductPricing & { is_active: boolean };

/** A product entered a vendor's catalogue (created, copied from a marketplace product, or the placeholder). */
export type VendorProductCreated = {
  type: 'VendorProductCreated';
  data: VendorProductFields & {
    product_id: number;
    vendor_id: number;
    is_placeholder: boolean;
    source_marketplace_product_id: number | null;
    created_at: string;
  };
};
/** Descriptive fields or translations changed (only the changed ones; a language listed replaces its texts). */
export type VendorProductDetailsChanged = {
  type: 'VendorProductDetailsChanged';
  data: { product_id: number; vendor_id: number; changes: Partial<ProductDetails>; at: string };
};
/** The price, sale price, cost or VAT rate changed (only the changed ones). */
export type VendorProductPriceChanged = {
  type: 'VendorProductPriceChanged';
  data: { product_id: number; vendor_id: number; changes: Partial<ProductPricing>; at: string };
};
/** The product is for sale again. */
export type VendorProductActivated = { type: 'VendorProductActivated'; data: { product_id: number; vendor_id: number; at: string } };
/** The product is no longer for sale; it stays in the catalogue. */
export type VendorProductDeactivated = { type: 'VendorProductDeactivated'; data: { product_id: number; vendor_id: number; at: string } };
/** The product left the catalogue; its SKU and GTIN are free again in this vendor's catalogue. */
export type VendorProductDeleted = { type: 'VendorProductDeleted'; data: { product_id: number; vendor_id: number; at: string } };

export type VendorProductEvent =
  | VendorProductCreated
  | VendorProductDetailsChanged
  | VendorProductPriceChanged
  | VendorProductActivated
  | VendorProductDeactivated
  | VendorProductDeleted;

export const VENDOR_PRODUCT_EVENT_TYPES = [
  'VendorProductCreated',
  'VendorProductDetailsChanged',
  'VendorProductPriceChanged',
  'VendorProductActivated',
  'VendorProductDeactivated',
  'VendorProductDeleted',
] as const satisfies readonly VendorProductEvent['type'][];

/** The placeholder product's fields (SPEC.md part 2: one per vendor, for unmatched order items). */
export const PLACEHOLDER_PRODUCT: VendorProductFields = {
  vendor_sku: null,
  gtin: null,
  gtin_type: null,
  marketplace: null,
  brand: null,
  image_link: null,
  product_type_raw: null,
  is_digital: false,
  is_active: false,
  translations: {
    en: {
      title: 'Unmatched order item',
      description: 'Placeholder for order items whose product was not found by GTIN',
      short_description: null,
    },
  },
  price_cents: 0,
  sale_price_cents: null,
  cost_cents: null,
  tax_rate_bp: 0,
  vat_rate_category: 'standard',
  currency: 'EUR',
};

/** Live products are counted in the `quota-products:<vendor_id>` stream, one slot per product id (the subscriptions' cleanup closes it). */
export const PRODUCT_QUOTA = 'products';

/*
 * The marketplace catalogue's input. The marketplace imports (commands/marketplace-imports, an
 * area built on this one) record these events; the marketplace catalogue's projection stages the
 * accepted rows and publishes them when the import completes, or drops them when it fails. They
 * are declared here, with the catalogue they feed, so the catalogue needs nothing of the imports.
 */

/** A row the import will put in the catalogue, with the product id its key maps to. */
export interface AcceptedRow {
  row: number;
  product_id: number;
  /**
   * vendor:<job's vendor id>:gtin:<14 digits>, or vendor:<id>:sku:<marketplace>:<sku> when the row
   * has no GTIN: a product key belongs to one vendor (rows recorded before vendor scoping carry the
   * unscoped gtin:… / sku:… form, see migrations/2026112108_marketplace_product_keys_by_vendor.ts).
   */
  key: string;
  gtin: string | null;
  gtin_type: string | null;
  sku: string | null;
  brand: string | null;
  image_link: string | null;
  price_cents: number | null;
  sale_price_cents: number | null;
  currency: string;
  product_type_raw: string | null;
  marketplace: string;
  vendor_name: string | null;
  title: string;
  description: string | null;
  short_description: string | null;
  /** The product's VAT rate category (src/core/vat/rates.ts); absent or null: not given (standard when sold). */
  vat_rate_category?: string | null;
}

/** A batch of rows was read and accepted; they enter the catalogue when the job completes. */
export type MarketplaceImportRowsAccepted = {
  type: 'MarketplaceImportRowsAccepted';
  data: { job_id: number; vendor_id: number; language: Language; batch: number; rows: AcceptedRow[] };
};
/** The whole file was read: the accepted rows are now products and translations of the catalogue. */
export type MarketplaceImportCompleted = {
  type: 'MarketplaceImportCompleted';
  data: {
    job_id: number;
    vendor_id: number;
    language: Language;
    rows_processed: number;
    accepted: number;
    rejected: number;
    new_products: number;
    at: string;
  };
};
/** What the catalogue reads of an import that failed: its staged rows are dropped. */
export type FailedMarketplaceImport = { type: 'MarketplaceImportFailed'; data: { job_id: number } };

/** The events the marketplace catalogue is built from. */
export type MarketplaceCatalogueInput = MarketplaceImportRowsAccepted | MarketplaceImportCompleted | FailedMarketplaceImport;
