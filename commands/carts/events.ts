/**
 * The session cart of a shop (SPEC.md part 2 "Cart item"): one stream per vendor and session,
 * `cart-<vendor_id>:<session_id>`, so the same session id at two vendors is two carts. A line
 * is one product (vendor, session and product are unique together). This file is the area's
 * public contract.
 *
 * Prices are gross integer cents. A line remembers the price the customer agreed to: the price
 * of its first add, or a higher price the customer accepted later. What the cart charges is
 * never above that agreed price (a drop passes to the customer at once, a rise waits for an
 * acceptance), see commands/carts/linePrice.ts.
 */
interface CartRef {
  vendor_id: number;
  session_id: string;
}

/**
 * Units of a product went into the cart. `quantity` is what this add put in, `quantity_after`
 * the line's quantity after it. `price_at_add_cents` is the product's price at this add; a line
 * that existed already keeps the price of its first add (a second add is no consent to a rise).
 */
export type CartItemAdded = {
  type: 'CartItemAdded';
  data: CartRef & { product_id: number; quantity: number; quantity_after: number; price_at_add_cents: number; at: string };
};
/** The customer set a line's quantity. */
export type CartItemQuantityChanged = {
  type: 'CartItemQuantityChanged';
  data: CartRef & { product_id: number; quantity: number; previous_quantity: number; at: string };
};
/** The customer took a line out of the cart. */
export type CartItemRemoved = {
  type: 'CartItemRemoved';
  data: CartRef & { product_id: number; previous_quantity: number; at: string };
};
/** The customer emptied the cart. */
export type CartCleared = {
  type: 'CartCleared';
  data: CartRef & { product_ids: number[]; at: string };
};
/** The customer accepted a product's higher current price for a line; the line charges it from now on. */
export type CartItemPriceAccepted = {
  type: 'CartItemPriceAccepted';
  data: CartRef & { product_id: number; price_cents: number; previous_price_cents: number; at: string };
};
/**
 * An order was placed from the cart: exactly the ordered quantities left it (`lines`, what was
 * taken out), lines or units added after the order stay. Recorded once per order.
 */
export type CartCheckedOut = {
  type: 'CartCheckedOut';
  data: CartRef & { order_id: number; lines: { product_id: number; quantity: number }[]; at: string };
};

export type CartEvent = CartItemAdded | CartItemQuantityChanged | CartItemRemoved | CartCleared | CartItemPriceAccepted | CartCheckedOut;

export const CART_EVENT_TYPES = [
  'CartItemAdded',
  'CartItemQuantityChanged',
  'CartItemRemoved',
  'CartCleared',
  'CartItemPriceAccepted',
  'CartCheckedOut',
] as const satisfies readonly CartEvent['type'][];

/** The cart's stream id after the `cart-` prefix: vendor and session together. */
export const cartStreamId = (vendorId: number, sessionId: string) => `${vendorId}:${sessionId}`;
