/**
 * Commands of a cart. The handler looks up what the cart cannot know by itself (the product's
 * current price, the units its stock has free) and passes it in, so the rules stay in decide.
 * `available` is null for a product with unlimited stock (digital products).
 */
interface CartRef {
  vendor_id: number;
  session_id: string;
  at: string;
}

export type AddCartItem = {
  type: 'AddCartItem';
  data: CartRef & { product_id: number; quantity: number; price_cents: number; available: number | null };
};
/** `sellable`: the product is still for sale (a line of a withdrawn product can only be lowered). */
export type ChangeCartItemQuantity = {
  type: 'ChangeCartItemQuantity';
  data: CartRef & { product_id: number; quantity: number; available: number | null; sellable: boolean };
};
export type RemoveCartItem = { type: 'RemoveCartItem'; data: CartRef & { product_id: number } };
export type ClearCart = { type: 'ClearCart'; data: CartRef };
export type AcceptCartItemPrice = { type: 'AcceptCartItemPrice'; data: CartRef & { product_id: number; price_cents: number } };
export type CheckOutCart = {
  type: 'CheckOutCart';
  data: CartRef & { order_id: number; lines: { product_id: number; quantity: number }[] };
};

export type CartCommand = AddCartItem | ChangeCartItemQuantity | RemoveCartItem | ClearCart | AcceptCartItemPrice | CheckOutCart;

/** A line holds 1 to 999 units; 0 is not a quantity (DELETE removes a line). */
export const MAX_LINE_QUANTITY = 999;
/** A cart holds at most this many different products. */
export const MAX_CART_LINES = 100;
