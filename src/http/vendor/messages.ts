import type Router from '@koa/router';
import type { Static } from '@sinclair/typebox';
import { userDisplayName } from '../../../queries/messaging/participantName.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { declareMessageRoutes } from '../messageRoutes.ts';
import { VendorStartBody } from '../schemas/messaging.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/**
 * The vendor team's conversations (SPEC.md 4.2 /messages): with the vendor's customers
 * (vendor_customer) and with the platform's admins (admin_vendor). Every member of the team sees
 * them all, each with their own unread count.
 */
export function vendorMessageRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const callerOf = vendorCaller;
  declareMessageRoutes(api, services, {
    caller: 'vendor',
    actor: async (ctx) => {
      const c = callerOf(ctx);
      return { kind: 'vendor_user', id: c.userId, name: await userDisplayName(services.db.knex, c.userId), vendor_id: c.id };
    },
    commandContext: vendorCommandContext,
    startBody: VendorStartBody,
    toNewConversation: (b: Static<typeof VendorStartBody>) => ({ ...b, body: b.body ?? '' }),
  });
  return api.router;
}
