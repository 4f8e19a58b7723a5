import type { ImportedItem, ImportedOrder, OrderEvent } from '../../../commands/orders/events.ts';

/** Histories for the order decider specifications. Order 42 of vendor 7; items 1..n. */
export const at = '2026-11-21T10:00:00.000Z';
export const VENDOR = 7;
export const ORDER = 42;

export function item(item_id: number, quantity = 1, over: Partial<ImportedItem> = {}): ImportedItem {
  return {
    item_id,
    external_item_id: `unit-${item_id}-1`,
    inventory_unit_ids: Array.from({ length: quantity }, (_, k) => `unit-${item_id}-${k + 1}`),
    product_id: 100 + item_id,
    needs_product_match: false,
    product_name: `Product ${item_id}`,
    ean: `400638133393${item_id}`,
    mpn: null,
    sku: `SKU-${item_id}`,
    quantity,
    unit_price_cents: 1170,
    is_digital: false,
    ...over,
  };
}

export function anOrder(items: ImportedItem[]): ImportedOrder {
  return {
    order_id: ORDER,
    vendor_id: VENDOR,
    channel: 'extmarket',
    external_order_id: 'ext-order-42',
    external_shipment_id: 'ext-ship-42',
    order_number: 'EXT-42',
    order_date: at,
    customer_first_name: 'Ada',
    customer_last_name: 'Lovelace',
    customer_email: 'ada@example.test',
    customer_locale: 'fr',
    shipping_country_iso: 'LU',
    billing_country_iso: 'LU',
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: null,
      street: '1 rue X',
      street_2: null,
      postal_code: '1111',
      city: 'Luxembourg',
      country_iso: 'LU',
    },
    billing_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: null,
      street: '1 rue X',
      street_2: null,
      postal_code: '1111',
      city: 'Luxembourg',
      country_iso: 'LU',
    },
    currency: 'EUR',
    items,
    vat: {
      vat_regime: 'domestic',
      vat_rate: 17,
      vat_country_iso: 'LU',
      seller_country_iso: 'LU',
      buyer_vat_number: null,
      vat_exemption_reference: null,
      net_cents: 1000,
      vat_cents: 170,
      gross_cents: 1170,
    },
    sync_job_id: null,
  };
}

export const imported = (...items: ImportedItem[]): OrderEvent => ({ type: 'OrderImported', data: { ...anOrder(items), imported_at: at } });

const ref = (item_id: number, quantity = 1, source: 'vendor' | 'admin' | 'extmarket' = 'vendor') => ({
  order_id: ORDER,
  vendor_id: VENDOR,
  item_id,
  external_order_id: 'ext-order-42',
  external_item_id: `unit-${item_id}-1`,
  inventory_unit_ids: Array.from({ length: quantity }, (_, k) => `unit-${item_id}-${k + 1}`),
  channel: 'extmarket' as const,
  source,
  at,
});
export const confirmed = (item_id: number, quantity = 1, source: 'vendor' | 'admin' | 'extmarket' = 'vendor'): OrderEvent => ({
  type: 'OrderItemConfirmed',
  data: ref(item_id, quantity, source),
});
export const declined = (item_id: number, quantity = 1, source: 'vendor' | 'admin' | 'extmarket' = 'vendor'): OrderEvent => ({
  type: 'OrderItemDeclined',
  data: ref(item_id, quantity, source),
});

type From = 'unconfirmed' | 'confirmed' | 'declined' | 'partially_shipped' | 'shipped';
const status = (type: 'OrderConfirmed' | 'OrderDeclined' | 'OrderPartiallyShipped' | 'OrderShipped', from: From): OrderEvent => ({
  type,
  data: { order_id: ORDER, vendor_id: VENDOR, from, at },
});
export const orderConfirmed = (from: From = 'unconfirmed') => status('OrderConfirmed', from);
export const orderDeclined = (from: From = 'unconfirmed') => status('OrderDeclined', from);
export const orderPartiallyShipped = (from: From = 'confirmed') => status('OrderPartiallyShipped', from);
export const orderShipped = (from: From = 'confirmed') => status('OrderShipped', from);

export const shipped = (
  item_id: number,
  quantity: number,
  shipped_quantity: number,
  over: { product_id?: number; is_digital?: boolean } = {},
): OrderEvent => ({
  type: 'ItemShipped',
  data: {
    order_id: ORDER,
    vendor_id: VENDOR,
    item_id,
    product_id: over.product_id ?? 100 + item_id,
    is_digital: over.is_digital ?? false,
    quantity,
    shipped_quantity,
    at,
  },
});

export const exceptionRaised = (exception_id: number, item_id: number): OrderEvent => ({
  type: 'OrderItemExceptionRaised',
  data: {
    order_id: ORDER,
    vendor_id: VENDOR,
    exception_id,
    item_id,
    gtin: `400638133393${item_id}`,
    sku: `SKU-${item_id}`,
    mpn: null,
    product_name: `Product ${item_id}`,
    placeholder_product_id: 999,
    at,
  },
});

/** One history per order status: the states every refused-move spec starts from. */
export const HISTORIES: Record<From, OrderEvent[]> = {
  unconfirmed: [imported(item(1), item(2))],
  confirmed: [imported(item(1), item(2)), confirmed(1), orderConfirmed()],
  declined: [imported(item(1), item(2)), declined(1), declined(2), orderDeclined()],
  partially_shipped: [imported(item(1, 2), item(2)), confirmed(1, 2), orderConfirmed(), shipped(1, 1, 1), orderPartiallyShipped()],
  shipped: [imported(item(1), item(2)), confirmed(1), orderConfirmed(), declined(2), shipped(1, 1, 1), orderShipped()],
};
