import type Router from '@koa/router';
import { userDisplayName } from '../../../queries/messaging/participantName.ts';
import { Api } from '../../http/api.ts';
import { adminStillActive } from '../../http/liveAccess.ts';
import { streamMessages } from '../../http/messagingStream.ts';
import type { Services } from '../../runtime/services.ts';
import { ADMIN_PAGE_COOKIE, pageAdmin, userLanguage } from './backOffice.ts';
import { declareBackOfficeMessages, redirect } from './backOfficeMessages.ts';
import { declareLoginPages } from './loginPages.ts';
import { adminStartForms } from './startForms.ts';

/** The admin pages' cookie: only under /admin (never sent to the API), HttpOnly, SameSite=Strict. */
const cookieOptions = (secure: boolean, maxAgeSeconds: number) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/admin', maxAge: maxAgeSeconds * 1000, overwrite: true });

/**
 * The admins' messages pages (/admin/messages, SPEC.md 4.1). The admin API reads only the
 * Authorization header, so the pages keep an admin token in a cookie of their own (admin_token,
 * Path=/admin) set by their sign-in page, checked by the admin API's guard on every page, and
 * serve the live stream at /admin/messages/stream from that cookie.
 */
export function adminMessagesPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  declareLoginPages(api, services, {
    prefix: '/admin', who: 'admin',
    async signIn(ctx, account) {
      if (account.role !== 'admin') return 'error_access';
      const token = services.tokens.sign({ sub: String(account.id), type: 'admin', username: account.username });
      ctx.cookies.set(ADMIN_PAGE_COOKIE, token.access_token, cookieOptions(ctx.secure, token.expires_in));
      return true;
    },
    signOut(ctx) { ctx.cookies.set(ADMIN_PAGE_COOKIE, '', { ...cookieOptions(ctx.secure, 0), maxAge: 0, expires: new Date(0) }); },
  });

  // Before /admin/messages/{conversation_id}.
  api.get('/admin/messages/stream', {
    summary: 'Admin pages\' stream: the signed-in admin\'s live messages and unread count (Server-Sent Events, as GET /api/v1/admin/messages/stream)',
    responses: { 200: { description: 'An open event stream (text/event-stream)', contentType: 'text/event-stream' }, 303: { description: 'No admin session: the sign-in page (Location)' } },
  }, async (ctx) => {
    const id = await pageAdmin(services, ctx);
    if (id === null) return redirect(ctx, '/admin/login');
    await streamMessages(ctx, services, { kind: 'admin', id }, adminStillActive(services, id));
  });

  declareBackOfficeMessages(api, services, {
    prefix: '/admin', who: 'admin', streamUrl: '/admin/messages/stream',
    // From the list, an admin writes to a vendor's team or to other admins.
    start: adminStartForms(services),
    async caller(ctx) {
      const id = await pageAdmin(services, ctx);
      if (id === null) return null;
      return {
        actor: { kind: 'admin', id, vendor_id: null, name: await userDisplayName(services.db.knex, id) },
        context: { userId: id, vendorId: null, correlationId: ctx.state.requestId as string },
        language: await userLanguage(services, id),
      };
    },
  });
  return api.router;
}
