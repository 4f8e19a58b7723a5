import type Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { memberStillActive } from '../liveAccess.ts';
import { streamMessages } from '../messagingStream.ts';
import { STREAM_RESPONSE } from '../schemas/messageStream.ts';
import { vendorCaller } from '../vendorAuth.ts';

/** A team member's live messages (docs/messaging.md "Live delivery"): the vendor's customer and admin conversations. */
export function vendorMessageStreamRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  api.get(
    '/messages/stream',
    {
      summary: 'Live messages and unread count of the signed-in team member (Server-Sent Events; the vendor_token cookie works too)',
      description: STREAM_RESPONSE.explanation,
      responses: { 200: STREAM_RESPONSE.ok },
    },
    async (ctx) => {
      const caller = vendorCaller(ctx);
      await streamMessages(
        ctx,
        services,
        { kind: 'vendor_user', id: caller.userId, vendor_id: caller.id },
        memberStillActive(services, caller.id, caller.userId),
      );
    },
  );
  return api.router;
}
