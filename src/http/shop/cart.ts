import type Router from '@koa/router';
import type { Context } from 'koa';
import { loadCart } from '../../../commands/carts/checkout.ts';
import {
  acceptCartItemPrice,
  addToCart,
  changeCartItemQuantity,
  clearCart,
  removeFromCart,
  type CartDeps,
  type CartRef,
} from '../../../commands/carts/handlers.ts';
import { cartProductReader, type CartProductReader } from '../../../commands/carts/cartProduct.ts';
import { checkSessionId, newSessionId, SESSION_ID_FORMAT } from '../../../commands/carts/sessionId.ts';
import { CartValidationException, InsufficientInventoryForCartException } from '../../core/errors.ts';
import {
  CartItemNotFoundException,
  InvalidCartQuantityException,
  ProductNotAvailableForCartException,
} from '../../../commands/carts/errors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { resolveShopLanguage } from './shopLanguage.ts';
import {
  AddToCartRequest,
  CartItemParams,
  CartOperationResponse,
  CartParams,
  CartResponse,
  ClearCartResponse,
  NewCartResponse,
  UpdateCartItemRequest,
} from '../schemas/carts.ts';
import { shopVendorOf } from '../vendorContext.ts';
import { cartMessage, type CartMessage } from './cartMessages.ts';
import { cartView } from './cartView.ts';

/**
 * The session cart of the shop (SPEC.md 4.3): no credential (part 5 rule 6), the vendor from
 * the request's vendor context, the cart from the session id in the path. Each change answers
 * the cart as it now stands (CartOperationResponse).
 */
export function shopCartRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  // One reader of products per request: the product a change decided on is the one its answer shows.
  const readers = new WeakMap<Context, CartProductReader>();
  const productsOf = (ctx: Context) => {
    let reader = readers.get(ctx);
    if (!reader) readers.set(ctx, (reader = cartProductReader(services.store)));
    return reader;
  };
  const deps = (ctx: Context): CartDeps => ({ store: services.store, products: productsOf(ctx) });
  const vendorOf = (ctx: Context) => shopVendorOf(ctx).id;
  const ref = (ctx: Context, sessionId: string): CartRef => ({
    vendor_id: vendorOf(ctx),
    session_id: sessionId,
    at: services.clock.now().toISOString(),
  });
  const commandContext = (ctx: Context): CommandContext => ({
    userId: null,
    vendorId: vendorOf(ctx),
    correlationId: ctx.state.requestId as string,
  });
  // The shopper's language as the catalogue resolves it, so a cart reads like the products it holds.
  const language = async (ctx: Context) => (await resolveShopLanguage(services, ctx)).code;
  const answer = async (
    ctx: Context,
    sessionId: string,
    done: { state: any; version: number; position?: any; eventTypes: string[] },
    message: CartMessage,
  ) => {
    await services.settle([done]);
    const lang = await language(ctx);
    return { message: cartMessage(lang, message), cart: await cartView(services, vendorOf(ctx), sessionId, done, lang, productsOf(ctx)) };
  };

  api.post(
    '/cart',
    {
      summary: 'A new cart: a fresh random session id (32 random bytes, base64url) to use in the cart routes',
      description: `Clients should take their session id from here rather than invent one. A session id is ${SESSION_ID_FORMAT}.`,
      responses: { 201: NewCartResponse },
    },
    async (ctx) => {
      ctx.status = 201;
      ctx.body = { session_id: newSessionId(), format: SESSION_ID_FORMAT };
    },
  );

  api.get(
    '/cart/:session_id',
    {
      summary: 'The cart of a session with its prices, price changes, stock and totals (CartResponse)',
      description: `A session id is ${SESSION_ID_FORMAT}; an unknown one is an empty cart.`,
      params: CartParams,
      responses: { 200: CartResponse },
      errors: [CartValidationException],
    },
    async (ctx, { params }) => {
      checkSessionId(params.session_id);
      const cart = await loadCart(services.store, vendorOf(ctx), params.session_id);
      ctx.body = await cartView(services, vendorOf(ctx), params.session_id, cart, await language(ctx));
    },
  );

  api.post(
    '/cart/:session_id/items',
    {
      summary: 'Add a product to the cart (AddToCartRequest); a product already in it gets the units added',
      description: 'The line keeps the price of its first add. Stock counts the units already in the cart.',
      params: CartParams,
      body: AddToCartRequest,
      responses: { 200: CartOperationResponse },
      errors: [
        ProductNotAvailableForCartException,
        InsufficientInventoryForCartException,
        InvalidCartQuantityException,
        CartValidationException,
      ],
    },
    async (ctx, { params, body }) => {
      const done = await addToCart(deps(ctx), ref(ctx, params.session_id), body.product_id, body.quantity ?? 1, commandContext(ctx));
      ctx.body = await answer(ctx, params.session_id, done, 'added');
    },
  );

  api.put(
    '/cart/:session_id/items/:product_id',
    {
      summary: 'Set the quantity of a line (UpdateCartItemRequest; 1 to 999, DELETE removes a line)',
      params: CartItemParams,
      body: UpdateCartItemRequest,
      responses: { 200: CartOperationResponse },
      errors: [
        CartItemNotFoundException,
        ProductNotAvailableForCartException,
        InsufficientInventoryForCartException,
        InvalidCartQuantityException,
        CartValidationException,
      ],
    },
    async (ctx, { params, body }) => {
      const done = await changeCartItemQuantity(
        deps(ctx),
        ref(ctx, params.session_id),
        params.product_id,
        body.quantity,
        commandContext(ctx),
      );
      ctx.body = await answer(ctx, params.session_id, done, 'updated');
    },
  );

  api.post(
    '/cart/:session_id/items/:product_id/accept-price',
    {
      summary: "Accept the product's current price for a line whose price rose since it was added",
      description: 'Until then the line charges the price the customer agreed to and the order cannot be placed.',
      params: CartItemParams,
      responses: { 200: CartOperationResponse },
      errors: [CartItemNotFoundException, ProductNotAvailableForCartException, CartValidationException],
    },
    async (ctx, { params }) => {
      const done = await acceptCartItemPrice(deps(ctx), ref(ctx, params.session_id), params.product_id, commandContext(ctx));
      ctx.body = await answer(ctx, params.session_id, done, 'accepted');
    },
  );

  api.delete(
    '/cart/:session_id/items/:product_id',
    {
      summary: 'Take a line out of the cart',
      params: CartItemParams,
      responses: { 200: CartOperationResponse },
      errors: [CartItemNotFoundException, CartValidationException],
    },
    async (ctx, { params }) => {
      const done = await removeFromCart(deps(ctx), ref(ctx, params.session_id), params.product_id, commandContext(ctx));
      ctx.body = await answer(ctx, params.session_id, done, 'removed');
    },
  );

  api.delete(
    '/cart/:session_id',
    {
      summary: 'Empty the cart (ClearCartResponse); an empty cart stays empty and answers the same',
      params: CartParams,
      responses: { 200: ClearCartResponse },
      errors: [CartValidationException],
    },
    async (ctx, { params }) => {
      const done = await clearCart(deps(ctx), ref(ctx, params.session_id), commandContext(ctx));
      const removed = done.events.length > 0 && done.events[0].type === 'CartCleared' ? done.events[0].data.product_ids.length : 0;
      const { message, cart } = await answer(ctx, params.session_id, done, 'cleared');
      ctx.body = { message, removed_items: removed, cart };
    },
  );

  return api.router;
}
