import { ProductNotAvailableForCartException } from './errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { type CartState, cart, type CartCommand } from './cart.ts';
import { cartProduct, type CartProductReader, currentPriceCents } from './cartProduct.ts';
import { type CartEvent, cartStreamId } from './events.ts';
import { checkSessionId } from './sessionId.ts';

/**
 * Cart command handlers for the shop routes. A cart is the session's: the command context
 * carries the vendor (the request's vendor context), and each command checks the session id
 * first. Every append is at the version the decision read: two parallel adds of one product
 * race on the stream, the loser decides again on the winner's quantity, and both count.
 */
export interface CartDeps {
  store: EventStore;
  /** How the products are read (a request's reader shares them with its answer); the store's streams by default. */
  products?: CartProductReader;
}

const productOf = (deps: CartDeps, vendorId: number, productId: number) =>
  deps.products ? deps.products(vendorId, productId) : cartProduct(deps.store, vendorId, productId);

export interface CartRef {
  vendor_id: number;
  session_id: string;
  /** ISO time of the request, from the service's clock. */
  at: string;
}

export async function runCartCommand(deps: CartDeps, command: CartCommand, ctx: CommandContext): Promise<Handled<CartState, CartEvent>> {
  const id = cartStreamId(command.data.vendor_id, command.data.session_id);
  return retryOnConflict(() => handleCommand(deps.store, cart, id, command, { ...ctx, vendorId: command.data.vendor_id }), { tx: ctx.tx });
}

/**
 * The product as the cart may sell it: unknown, deleted, another vendor's, inactive and the
 * placeholder are all "not available", with one message, so another vendor's product looks
 * exactly like one that does not exist.
 */
async function sellable(deps: CartDeps, vendorId: number, productId: number) {
  const found = await productOf(deps, vendorId, productId);
  if (!found.product || !found.sellable) {
    throw new ProductNotAvailableForCartException(`Product ${productId} is not available`, { product_id: productId });
  }
  return { ...found, product: found.product };
}

export async function addToCart(deps: CartDeps, ref: CartRef, productId: number, quantity: number, ctx: CommandContext) {
  checkSessionId(ref.session_id);
  const { product, available } = await sellable(deps, ref.vendor_id, productId);
  return runCartCommand(
    deps,
    {
      type: 'AddCartItem',
      data: { ...ref, product_id: productId, quantity, price_cents: currentPriceCents(product), available },
    },
    ctx,
  );
}

export async function changeCartItemQuantity(deps: CartDeps, ref: CartRef, productId: number, quantity: number, ctx: CommandContext) {
  checkSessionId(ref.session_id);
  const found = await productOf(deps, ref.vendor_id, productId);
  const sellable = found.product !== null && found.sellable;
  return runCartCommand(
    deps,
    { type: 'ChangeCartItemQuantity', data: { ...ref, product_id: productId, quantity, available: found.available, sellable } },
    ctx,
  );
}

export function removeFromCart(deps: CartDeps, ref: CartRef, productId: number, ctx: CommandContext) {
  checkSessionId(ref.session_id);
  return runCartCommand(deps, { type: 'RemoveCartItem', data: { ...ref, product_id: productId } }, ctx);
}

export function clearCart(deps: CartDeps, ref: CartRef, ctx: CommandContext) {
  checkSessionId(ref.session_id);
  return runCartCommand(deps, { type: 'ClearCart', data: ref }, ctx);
}

/** Accepts the product's current price for a line (only a rise changes anything). */
export async function acceptCartItemPrice(deps: CartDeps, ref: CartRef, productId: number, ctx: CommandContext) {
  checkSessionId(ref.session_id);
  const { product } = await sellable(deps, ref.vendor_id, productId);
  return runCartCommand(
    deps,
    { type: 'AcceptCartItemPrice', data: { ...ref, product_id: productId, price_cents: currentPriceCents(product) } },
    ctx,
  );
}
