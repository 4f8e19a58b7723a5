import type Router from '@koa/router';
import type { Static } from '@sinclair/typebox';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { customerCommandContext, customerCaller } from '../customerAuth.ts';
import { declareMessageRoutes } from '../messageRoutes.ts';
import { ShopStartBody } from '../schemas/messaging.ts';

/**
 * The signed-in customer's conversations with the shop's vendor (SPEC.md 4.3 /messages: type
 * vendor_customer only; the vendor is the shop's, never one the request names).
 */
export function shopMessageRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const callerOf = customerCaller;
  declareMessageRoutes(api, services, {
    caller: 'customer',
    actor: async (ctx) => {
      const c = callerOf(ctx);
      const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;
      return { kind: 'customer', id: c.id, name, vendor_id: c.vendorId };
    },
    commandContext: customerCommandContext,
    startBody: ShopStartBody,
    toNewConversation: (b: Static<typeof ShopStartBody>) => ({
      ...b,
      conversation_type: b.conversation_type ?? 'vendor_customer',
      body: b.body ?? '',
    }),
  });
  return api.router;
}
