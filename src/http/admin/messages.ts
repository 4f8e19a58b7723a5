import type Router from '@koa/router';
import type { Static } from '@sinclair/typebox';
import { userDisplayName } from '../../../queries/messaging/participantName.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { declareMessageRoutes } from '../messageRoutes.ts';
import { AdminStartBody } from '../schemas/messaging.ts';

/**
 * The admins' conversations (SPEC.md 4.1 /messages): admin_vendor ones with a vendor's team
 * (every admin takes part) and admin ones between the admins they name.
 */
export function adminMessageRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const adminId = (ctx: { state: unknown }) => adminCaller(ctx).id;
  declareMessageRoutes(api, services, {
    caller: 'admin',
    actor: async (ctx) => ({
      kind: 'admin',
      id: adminId(ctx),
      name: await userDisplayName(services.db.knex, adminId(ctx)),
      vendor_id: null,
    }),
    commandContext: (ctx) => commandContext(ctx, adminId(ctx)),
    startBody: AdminStartBody,
    toNewConversation: (b: Static<typeof AdminStartBody>) => ({ ...b, body: b.body ?? '' }),
  });
  return api.router;
}
