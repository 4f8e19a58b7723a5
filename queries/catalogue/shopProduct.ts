import { formatMoney } from '../../src/core/money.ts';
import type { VendorProductListRow } from '../../projections/catalogue/vendorProductList.ts';
import { PRODUCT_LANGUAGES } from './productSorts.ts';

/**
 * A vendor product as the shop shows it (GET /api/v1/shop/products and /products/{id}): only
 * what a shopper may see, texts in the shopper's language, prices in cents and formatted, and
 * what can be bought now.
 *
 * A shop shows a vendor's active products, never its placeholder (the stand-in for order items
 * that match no product) and never a deleted one (gone from vendor_product_list): SHOP_VISIBLE.
 */
export const SHOP_VISIBLE = 'p.vendor_id = $1 AND p.is_active AND NOT p.is_placeholder';

/** How one request wants products shown (src/http/shop/shopLanguage.ts resolves it). */
export interface ShopView {
  /** The language the shopper asked for (cookie, Accept-Language, the shop's language…). */
  language: string;
  /** The shop's storefront language: the first fallback when a product lacks `language`. */
  storefrontLanguage: string;
  /** The Intl locale prices are formatted in ("fr-LU", "de"). */
  formatLocale: string;
  /** Where the client loads a product image's variant. */
  imageUrl(productId: number, imageId: number, variant: 'original' | '800' | '200'): string;
}

type Translations = VendorProductListRow['translations'];
type Text = NonNullable<Translations[keyof Translations]>;

/**
 * The language a product is shown in, and its texts there: the asked one, else the shop's
 * storefront language, else the first the product has in en, fr, de, lb order (any product has
 * at least one title).
 */
export function shownText(
  translations: Translations,
  view: Pick<ShopView, 'language' | 'storefrontLanguage'>,
): { language: string; text: Text } | null {
  // Read by any language name: the asked one may be one the catalogue does not hold.
  const texts: Partial<Record<string, Text>> = translations;
  const order = [view.language, view.storefrontLanguage, ...PRODUCT_LANGUAGES, ...Object.keys(translations).sort()];
  for (const language of order) {
    const text = texts[language];
    if (text?.title) return { language, text };
  }
  return null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * What a shopper can buy now. A physical product's available quantity is its stock on hand less
 * what is reserved, over its open locations (inventory_list), never below 0; a digital product
 * has unlimited inventory and no stock rows: always available, no quantity.
 */
export function availability(isDigital: boolean, onHand: unknown, reserved: unknown) {
  if (isDigital) return { in_stock: true, unlimited: true, available_quantity: null };
  const available = Math.max(0, Number(onHand ?? 0) - Number(reserved ?? 0));
  return { in_stock: available > 0, unlimited: false, available_quantity: available };
}

/**
 * One product of the shop from a vendor_product_list row (alias p) with its stock sums
 * (`stock_on_hand`, `stock_reserved`) and its first image (`image_id`, or null).
 */
export function toShopProduct(r: ShopProductRow, view: ShopView) {
  const shown = shownText(r.translations, view);
  const language = shown?.language ?? null;
  const text = shown?.text ?? null;
  const price = Number(r.price_cents);
  const sale = num(r.sale_price_cents);
  const charged = Number(r.charged_price_cents ?? Math.min(price, sale ?? price));
  const fmt = (cents: number | null) => (cents === null ? null : formatMoney(cents, r.currency, view.formatLocale));
  const image = r.image_id;
  return {
    id: r.id,
    vendor_sku: r.vendor_sku,
    gtin: r.gtin,
    gtin_type: r.gtin_type,
    brand: r.brand,
    product_type_raw: r.product_type_raw,
    language,
    title: text?.title ?? null,
    description: text?.description ?? null,
    short_description: text?.short_description ?? null,
    currency: r.currency,
    price_cents: price,
    sale_price_cents: sale,
    charged_price_cents: charged,
    on_sale: sale !== null && sale < price,
    formatted: { price: fmt(price), sale_price: fmt(sale), charged_price: fmt(charged) },
    is_digital: r.is_digital,
    availability: availability(r.is_digital, r.stock_on_hand, r.stock_reserved),
    thumbnail_url: image === null ? r.image_link : view.imageUrl(r.id, image, '200'),
    image_url: image === null ? r.image_link : view.imageUrl(r.id, image, '800'),
    created_at: r.created_at.toISOString(),
  };
}
export type ShopProduct = ReturnType<typeof toShopProduct>;

/**
 * The columns a shop product is read with, for a row `p` of vendor_product_list: its stock over
 * its open locations and its first uploaded image (media_list (product_id, id)). The list reads
 * them for the page's rows only.
 */
export const SHOP_PRODUCT_EXTRAS = `
  (SELECT sum(i.quantity) FROM inventory_list i WHERE i.product_id = p.id) AS stock_on_hand,
  (SELECT sum(i.reserved_quantity) FROM inventory_list i WHERE i.product_id = p.id) AS stock_reserved,
  (SELECT m.id FROM media_list m WHERE m.product_id = p.id AND m.vendor_id = p.vendor_id ORDER BY m.id LIMIT 1) AS image_id`;

/** The columns of vendor_product_list a shop product needs (not the stored search text). */
const SHOP_PRODUCT_FIELDS = [
  'id',
  'vendor_id',
  'vendor_sku',
  'gtin',
  'gtin_type',
  'brand',
  'product_type_raw',
  'image_link',
  'translations',
  'price_cents',
  'sale_price_cents',
  'charged_price_cents',
  'tax_rate_bp',
  'vat_rate_category',
  'currency',
  'is_digital',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof VendorProductListRow)[];
export const SHOP_PRODUCT_COLUMNS = SHOP_PRODUCT_FIELDS.map((c) => `p.${c}`).join(', ');

/** A shop product as it is read: SHOP_PRODUCT_COLUMNS and SHOP_PRODUCT_EXTRAS. */
export type ShopProductRow = Pick<VendorProductListRow, (typeof SHOP_PRODUCT_FIELDS)[number]> & {
  /** sum() of integers: bigint, exact text; null without stock rows. */
  stock_on_hand: string | null;
  stock_reserved: string | null;
  image_id: number | null;
};
