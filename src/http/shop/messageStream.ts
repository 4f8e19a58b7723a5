import type Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { customerCaller } from '../customerAuth.ts';
import { sessionStillOpen } from '../liveAccess.ts';
import { streamMessages } from '../messagingStream.ts';
import { STREAM_RESPONSE } from '../schemas/messageStream.ts';

/** The signed-in customer's live messages with the shop (docs/messaging.md "Live delivery"). */
export function shopMessageStreamRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  api.get(
    '/messages/stream',
    {
      summary: 'Live messages and unread count of the signed-in customer (Server-Sent Events)',
      description: STREAM_RESPONSE.explanation,
      caller: 'customer',
      responses: { 200: STREAM_RESPONSE.ok },
    },
    async (ctx) => {
      const customer = customerCaller(ctx);
      await streamMessages(
        ctx,
        services,
        { kind: 'customer', id: customer.id, vendor_id: customer.vendorId },
        sessionStillOpen(services, customer.id, customer.sessionId),
      );
    },
  );
  return api.router;
}
