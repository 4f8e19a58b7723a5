import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import { adminStillActive } from '../../http/liveAccess.ts';
import { streamMessages } from '../../http/messagingStream.ts';
import type { Services } from '../../runtime/services.ts';
import { seeOther } from '../forms.ts';
import { signedInViewer } from '../backOffice/session.ts';
import { declareBackOfficeMessages } from './backOfficeMessages.ts';
import { adminStartForms } from './startForms.ts';

/**
 * The admins' messages pages (/admin/messages, SPEC.md 4.1) in the admin back office. The admin
 * API reads only the Authorization header, so the pages' session is the admin back office's own
 * cookie (Path=/admin), and the live stream is served under /admin from it.
 */
export function adminMessagesPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  // Before /admin/messages/{conversation_id}.
  api.get(
    '/admin/messages/stream',
    {
      summary:
        "Admin pages' stream: the signed-in admin's live messages and unread count (Server-Sent Events, as GET /api/v1/admin/messages/stream)",
      responses: {
        200: { description: 'An open event stream (text/event-stream)', contentType: 'text/event-stream' },
        303: { description: 'No admin session: the sign-in page (Location)' },
      },
    },
    async (ctx) => {
      const viewer = await signedInViewer(services, ctx, 'admin');
      if (!viewer) return seeOther(ctx, '/admin/login');
      await streamMessages(ctx, services, { kind: 'admin', id: viewer.userId }, adminStillActive(services, viewer.userId));
    },
  );

  declareBackOfficeMessages(api, services, {
    prefix: '/admin',
    who: 'admin',
    streamUrl: '/admin/messages/stream',
    // From the list, an admin writes to a vendor's team or to other admins.
    start: adminStartForms(services),
    async caller(ctx) {
      const viewer = await signedInViewer(services, ctx, 'admin');
      if (!viewer) return null;
      return {
        viewer,
        actor: { kind: 'admin', id: viewer.userId, vendor_id: null, name: viewer.userName },
        context: viewer.context,
        language: viewer.language,
      };
    },
  });
  return api.router;
}
