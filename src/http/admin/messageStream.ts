import type Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import type { AdminState } from '../auth.ts';
import { adminStillActive } from '../liveAccess.ts';
import { streamMessages } from '../messagingStream.ts';
import { STREAM_RESPONSE } from '../schemas/messageStream.ts';

/** The admin's live messages (docs/messaging.md "Live delivery"): admin_vendor conversations and the admin ones they are named in. */
export function adminMessageStreamRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  api.get(
    '/messages/stream',
    {
      summary: 'Live messages and unread count of the signed-in admin (Server-Sent Events)',
      description: STREAM_RESPONSE.explanation,
      responses: { 200: STREAM_RESPONSE.ok },
    },
    async (ctx) => {
      const id = (ctx.state as AdminState).admin.id;
      await streamMessages(ctx, services, { kind: 'admin', id }, adminStillActive(services, id));
    },
  );
  return api.router;
}
