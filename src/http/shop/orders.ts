import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { getCustomerOrder, listCustomerOrders } from '../../../queries/orders/customerOrders.ts';
import {
  AddressNotFoundException,
  CartValidationException,
  EmptyCartException,
  InsufficientInventoryForCartException,
  TierLimitExceededException,
} from '../../core/errors.ts';
import { OrderNotFoundException } from '../../../commands/orders/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { customerCaller } from '../customerAuth.ts';
import { resolveShopLanguage } from './shopLanguage.ts';
import { Page } from '../responses.ts';
import { PlaceOrderBody, ShopOrderDetail, ShopOrderSummary } from '../schemas/shopOrders.ts';
import { Id, PageQuery } from '../validation.ts';
import { placeOrderFromCart } from './placeOrder.ts';

const IdempotencyHeader = 'Idempotency-Key';
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Shop orders (SPEC.md 4.3): placing an order from the session cart, and the signed-in
 * customer's order history and detail. Every route needs the customer token of this shop.
 */
export function shopOrderRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const customerOf = customerCaller;
  // The customer's own language first (their account says it), then the shopper's as the catalogue resolves it.
  const language = async (ctx: Context): Promise<string> => {
    const preferred = customerOf(ctx).preferredLanguage;
    return preferred && ['en', 'fr', 'de', 'lb'].includes(preferred) ? preferred : (await resolveShopLanguage(services, ctx)).code;
  };

  api.post(
    '/orders',
    {
      summary: 'Place an order from the session cart',
      description:
        'Prices come from the cart (a price rise must have been accepted), stock is reserved at placement, VAT follows the ' +
        'destination (B2B reverse charge with a VAT number VIES confirms). Send an `Idempotency-Key` header (8–100 characters ' +
        '[A-Za-z0-9_.:-]) to make a retry return the order placed first (200) instead of placing another; without one, the same ' +
        'unchanged cart cannot be ordered twice. The confirmation e-mail follows.',
      caller: 'customer',
      body: PlaceOrderBody,
      responses: {
        201: { description: 'The order was placed', schema: ShopOrderDetail },
        200: { description: 'A retry with the same Idempotency-Key: the order placed by the first request', schema: ShopOrderDetail },
      },
      errors: [
        EmptyCartException,
        CartValidationException,
        InsufficientInventoryForCartException,
        AddressNotFoundException,
        TierLimitExceededException,
      ],
    },
    async (ctx, { body }) => {
      const key = ctx.get(IdempotencyHeader) || null;
      if (key !== null && !KEY.test(key)) {
        throw new CartValidationException('The Idempotency-Key header must be 8 to 100 characters of A-Z a-z 0-9 _ . : -', [
          { pointer: '/header/idempotency-key', message: 'invalid format' },
        ]);
      }
      const lang = await language(ctx);
      const placed = await placeOrderFromCart(services, ctx, body, key, lang);
      await services.settle(placed.done);
      const customer = customerOf(ctx);
      ctx.status = placed.created ? 201 : 200;
      ctx.body = await getCustomerOrder(services.db.knex, customer.vendorId, customer.id, placed.order_id, lang);
    },
  );

  api.get(
    '/orders',
    {
      summary: "The signed-in customer's orders, newest first",
      caller: 'customer',
      query: Type.Object(PageQuery),
      responses: { 200: Page(ShopOrderSummary) },
    },
    async (ctx, { query }) => {
      const customer = customerOf(ctx);
      ctx.body = await listCustomerOrders(
        services.db.knex,
        customer.vendorId,
        customer.id,
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        await language(ctx),
      );
    },
  );

  api.get(
    '/orders/:id',
    {
      summary: "One of the signed-in customer's orders, with items, addresses, VAT and shipments",
      caller: 'customer',
      params: Type.Object({ id: Id }),
      responses: { 200: ShopOrderDetail },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params }) => {
      const customer = customerOf(ctx);
      ctx.body = await getCustomerOrder(services.db.knex, customer.vendorId, customer.id, params.id, await language(ctx));
    },
  );
  return api.router;
}
