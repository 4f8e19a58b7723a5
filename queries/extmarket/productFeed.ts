import type { Knex } from 'knex';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import { centsToDecimal } from '../../src/core/money.ts';
import type { VendorProductListRow } from '../../src/modules/catalogue.ts';
import type { VendorListRow } from '../../src/modules/vendors.ts';

/** A product of the feed: its row, and its units on hand over its stock locations (sum(): bigint, exact text; null without any). */
type FeedProduct = VendorProductListRow & { on_hand: string | null };

/**
 * The product feed of a vendor for the extmarket: tab-separated text in the Google Merchant
 * Center format (the product-feed reference, docs/orders.md "Product feed"): a header of English attribute names, one
 * row per product, `price` as "15.00 EUR" with VAT included, availability from the stock
 * (digital products are always in stock), text fields as plain text within the format's limits.
 */
export type FeedLanguage = 'en' | 'fr' | 'de';
export const FEED_LANGUAGES: readonly FeedLanguage[] = ['fr', 'de', 'en'];
export const FEED_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'identifier_exists',
  'condition',
  'product_type',
] as const;

export interface Feed {
  vendor_code: string;
  language: FeedLanguage;
  products: number;
  text: string;
}

/** Plain text on one line: tags dropped, tabs and line breaks as spaces, at most `max` characters. */
export function feedText(value: string | null | undefined, max: number): string {
  const plain = (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export function publicBaseUrl(): string {
  return (process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}

export async function productFeed(knex: Knex, vendorId: number, language: FeedLanguage, includeInactive: boolean): Promise<Feed> {
  const vendor = await knex<VendorListRow>('vendor_list').select('vendor_code').where('id', vendorId).first();
  if (!vendor) throw new VendorNotFoundException(`Vendor ${vendorId} not found`);
  const q = knex('vendor_product_list as p')
    .leftJoin(
      knex('inventory_list').select('product_id').sum({ on_hand: 'quantity' }).groupBy('product_id').as('s'),
      's.product_id',
      'p.id',
    )
    .select<FeedProduct[]>('p.*', 's.on_hand')
    .where({ 'p.vendor_id': vendorId, 'p.is_placeholder': false })
    .orderBy('p.id');
  if (!includeInactive) q.where('p.is_active', true);
  const rows = await q;
  const base = `${publicBaseUrl()}/vendors/${encodeURIComponent(vendor.vendor_code)}/shop/products`;
  const lines = rows.map((p) => {
    const t = p.translations[language] ?? p.translations.en ?? Object.values(p.translations)[0];
    const inStock = p.is_digital || Number(p.on_hand ?? 0) > 0;
    const price = (cents: string | null) => (cents === null ? '' : `${centsToDecimal(Number(cents))} ${p.currency}`);
    const values: Record<(typeof FEED_COLUMNS)[number], string> = {
      id: feedText(p.vendor_sku || `P${p.id}`, 50),
      title: feedText(t?.title, 150),
      description: feedText(t?.description ?? t?.short_description ?? t?.title, 5000),
      link: `${base}/${p.id}`,
      image_link: feedText(p.image_link, 2000),
      availability: inStock ? 'in_stock' : 'out_of_stock',
      price: price(p.price_cents),
      sale_price: p.sale_price_cents !== null && Number(p.sale_price_cents) < Number(p.price_cents) ? price(p.sale_price_cents) : '',
      brand: feedText(p.brand, 70),
      gtin: p.gtin ?? '',
      mpn: '',
      identifier_exists: p.gtin || p.brand ? '' : 'no',
      condition: 'new',
      product_type: feedText(p.product_type_raw, 750),
    };
    return FEED_COLUMNS.map((c) => values[c]).join('\t');
  });
  return { vendor_code: vendor.vendor_code, language, products: rows.length, text: [FEED_COLUMNS.join('\t'), ...lines].join('\n') + '\n' };
}
