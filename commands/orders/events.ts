import type { OrderVatFields } from '../../src/core/vat/orderVat.ts';
import type { RateCategory } from '../../src/core/vat/rates.ts';
/**
 * The orders area's public contract (SPEC.md part 1 capability 4, part 2 "Order and order item",
 * "Order item exception", part 3). Projections and process managers import these types and
 * nothing else under commands/orders. Every event carries order_id and vendor_id, so a consumer
 * never has to rebuild the aggregate to know whose order it is.
 */
export type OrderStatus = 'unconfirmed' | 'confirmed' | 'declined' | 'partially_shipped' | 'shipped';
export type ItemStatus = 'unconfirmed' | 'confirmed' | 'declined';
export type ExceptionStatus = 'pending' | 'resolved' | 'ignored';
export type OrderChannel = 'extmarket' | 'shop';
/** Who took a decision: a person through the API, or the extmarket (seen by the order sync). */
export type DecisionSource = 'vendor' | 'admin' | 'extmarket';
/** SPEC.md part 2 "VAT fields"; the rules are in src/core/vat (eu-vat-rules.md). */
export type { VatRegime } from '../../src/core/vat/regime.ts';

/** An order's VAT fields, as src/core/vat/orderVat.ts decides them for the extmarket sync and checkout. */
export type OrderVat = OrderVatFields;

export interface OrderAddress {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  street: string | null;
  street_2: string | null;
  postal_code: string | null;
  city: string | null;
  country_iso: string | null;
}

export interface ImportedItem {
  item_id: number;
  /** The extmarket's id of the line (its first inventory unit). */
  external_item_id: string | null;
  /** The extmarket inventory units of this line; confirming the item confirms these. */
  inventory_unit_ids: string[];
  /** A real product, or the vendor's placeholder product when needs_product_match. */
  product_id: number;
  needs_product_match: boolean;
  product_name: string;
  ean: string | null;
  mpn: string | null;
  sku: string | null;
  quantity: number;
  /** Price per unit as charged to the customer, VAT included. */
  unit_price_cents: number;
  is_digital: boolean;
  /** The product's VAT rate category when the order arrived; absent on older orders: standard. */
  vat_rate_category?: RateCategory;
}

export interface ImportedOrder {
  order_id: number;
  vendor_id: number;
  channel: OrderChannel;
  external_order_id: string | null;
  external_shipment_id: string | null;
  order_number: string;
  order_date: string;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_locale: string | null;
  shipping_country_iso: string | null;
  billing_country_iso: string | null;
  shipping_address: OrderAddress;
  billing_address: OrderAddress;
  currency: string;
  items: ImportedItem[];
  /** The delivery charge as charged to the customer, VAT included; absent or 0 when none. */
  shipping_cents?: number;
  vat: OrderVat;
  /** The sync job that brought the order in, when a job did. */
  sync_job_id: number | null;
}

interface Who {
  order_id: number;
  vendor_id: number;
}
interface ItemRef extends Who {
  item_id: number;
  external_order_id: string | null;
  external_item_id: string | null;
  inventory_unit_ids: string[];
  channel: OrderChannel;
  source: DecisionSource;
  at: string;
}

/** An order arrived (from an extmarket sync or a historical import) with its items. */
export type OrderImported = { type: 'OrderImported'; data: ImportedOrder & { imported_at: string } };
/**
 * A customer placed an order in the shop (channel `shop`) from their session cart. The items are
 * the cart's lines at the prices the customer accepted; their stock was reserved before this
 * event was appended. Process managers update the customer's statistics, take the ordered lines
 * out of the cart and send the confirmation e-mail.
 */
export type OrderPlaced = {
  type: 'OrderPlaced';
  data: ImportedOrder & {
    channel: 'shop';
    customer_id: number;
    /** The cart the order came from (SPEC.md part 2 "Cart item": vendor + session). */
    session_id: string;
    /** The customer's language for the confirmation e-mail (en, fr, de, lb). */
    language: string;
    /** The storefront the customer ordered on (its path form, subdomain or custom domain): links in mails lead back to it. */
    shop_url: string;
    placed_at: string;
  };
};
/** An imported item's GTIN matched no product: it waits on the placeholder product for a match. */
export type OrderItemExceptionRaised = {
  type: 'OrderItemExceptionRaised';
  data: Who & {
    exception_id: number;
    item_id: number;
    gtin: string | null;
    sku: string | null;
    mpn: string | null;
    product_name: string;
    placeholder_product_id: number;
    at: string;
  };
};
/** The vendor will deliver this item. */
export type OrderItemConfirmed = { type: 'OrderItemConfirmed'; data: ItemRef };
/** The vendor will not deliver this item. */
export type OrderItemDeclined = { type: 'OrderItemDeclined'; data: ItemRef };
/** At least one item is confirmed: the order will be (partly) delivered. */
export type OrderConfirmed = { type: 'OrderConfirmed'; data: Who & { from: OrderStatus; at: string } };
/** Every item was declined: nothing of the order will be delivered. */
export type OrderDeclined = { type: 'OrderDeclined'; data: Who & { from: OrderStatus; at: string } };
/** Units of one item left the warehouse; shipped_quantity is the item's total so far. */
export type ItemShipped = {
  type: 'ItemShipped';
  data: Who & { item_id: number; product_id: number; is_digital: boolean; quantity: number; shipped_quantity: number; at: string };
};
/** Some units are on their way, others are still to ship. */
export type OrderPartiallyShipped = { type: 'OrderPartiallyShipped'; data: Who & { from: OrderStatus; at: string } };
/** Every confirmed unit has shipped. */
export type OrderShipped = { type: 'OrderShipped'; data: Who & { from: OrderStatus; at: string } };
/** A tracking number was given for the order's extmarket shipment. */
export type OrderTrackingSet = {
  type: 'OrderTrackingSet';
  data: Who & {
    external_order_id: string | null;
    external_shipment_id: string | null;
    channel: OrderChannel;
    tracking_number: string;
    carrier: string | null;
    at: string;
  };
};
/** The unmatched item now points at the real product (SPEC.md part 3: matching product imported, or by hand). */
export type OrderItemExceptionResolved = {
  type: 'OrderItemExceptionResolved';
  data: Who & {
    exception_id: number;
    item_id: number;
    product_id: number;
    resolution: 'product_imported' | 'manual';
    resolved_by: number | string | null;
    at: string;
  };
};
/** The vendor chose to leave the item on the placeholder product. */
export type OrderItemExceptionIgnored = {
  type: 'OrderItemExceptionIgnored';
  data: Who & { exception_id: number; item_id: number; ignored_by: number | string | null; at: string };
};
export type ExtmarketOperation = 'confirm_item' | 'decline_item' | 'set_tracking';
/** The extmarket accepted one of our decisions (key = id of the event that carried it). */
export type ExtmarketPushSucceeded = {
  type: 'ExtmarketPushSucceeded';
  data: Who & { key: string; operation: ExtmarketOperation; item_id: number | null; attempt: number; at: string };
};
/** The extmarket did not accept a decision; it is retried at retry_at. */
export type ExtmarketPushFailed = {
  type: 'ExtmarketPushFailed';
  data: Who & {
    key: string;
    operation: ExtmarketOperation;
    item_id: number | null;
    inventory_unit_ids: string[];
    external_shipment_id: string | null;
    tracking_number: string | null;
    carrier: string | null;
    attempt: number;
    error: string;
    retry_at: string;
    at: string;
  };
};

export type OrderEvent =
  | OrderImported
  | OrderPlaced
  | OrderItemExceptionRaised
  | OrderItemConfirmed
  | OrderItemDeclined
  | OrderConfirmed
  | OrderDeclined
  | ItemShipped
  | OrderPartiallyShipped
  | OrderShipped
  | OrderTrackingSet
  | OrderItemExceptionResolved
  | OrderItemExceptionIgnored
  | ExtmarketPushSucceeded
  | ExtmarketPushFailed;

export const ORDER_EVENT_TYPES = [
  'OrderImported',
  'OrderPlaced',
  'OrderItemExceptionRaised',
  'OrderItemConfirmed',
  'OrderItemDeclined',
  'OrderConfirmed',
  'OrderDeclined',
  'ItemShipped',
  'OrderPartiallyShipped',
  'OrderShipped',
  'OrderTrackingSet',
  'OrderItemExceptionResolved',
  'OrderItemExceptionIgnored',
  'ExtmarketPushSucceeded',
  'ExtmarketPushFailed',
] as const satisfies readonly OrderEvent['type'][];

/** Shop orders are counted per vendor and billing period in `quota-orders:<key>` streams (the period's renewal and the cleanup close them). */
export const ORDER_QUOTA = 'orders';
