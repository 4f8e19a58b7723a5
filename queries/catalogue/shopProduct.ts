import { formatMoney } from '../../src/core/money.ts';
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

type Text = { title: string; description?: string | null; short_description?: string | null };

export function parseTranslations(value: unknown): Record<string, Text> {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, Text>;
}

/**
 * The language a product is shown in: the asked one, else the shop's storefront language, else
 * the first the product has in en, fr, de, lb order (any product has at least one title).
 */
export function servedLanguage(translations: Record<string, Text>, view: Pick<ShopView, 'language' | 'storefrontLanguage'>): string | null {
  const order = [view.language, view.storefrontLanguage, ...PRODUCT_LANGUAGES, ...Object.keys(translations).sort()];
  return order.find((l) => translations[l]?.title) ?? null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

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
export function toShopProduct(r: any, view: ShopView) {
  const translations = parseTranslations(r.translations);
  const language = servedLanguage(translations, view);
  const text = language ? translations[language] : null;
  const price = Number(r.price_cents);
  const sale = num(r.sale_price_cents);
  const charged = Number(r.charged_price_cents ?? Math.min(price, sale ?? price));
  const fmt = (cents: number | null) => (cents === null ? null : formatMoney(cents, r.currency, view.formatLocale));
  const image = r.image_id === null || r.image_id === undefined ? null : Number(r.image_id);
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
    created_at: new Date(r.created_at).toISOString(),
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
export const SHOP_PRODUCT_COLUMNS = [
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
]
  .map((c) => `p.${c}`)
  .join(', ');
