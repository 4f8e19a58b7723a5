import type Router from '@koa/router';
import { listAccessibleVendors } from '../../../queries/team/vendorAccess.ts';
import { userDisplayName } from '../../../queries/messaging/participantName.ts';
import { Api } from '../../http/api.ts';
import { VENDOR_COOKIE } from '../../http/vendorAuth.ts';
import type { Services } from '../../runtime/services.ts';
import { pageVendor, userLanguage } from './backOffice.ts';
import { declareBackOfficeMessages } from './backOfficeMessages.ts';
import { declareLoginPages } from './loginPages.ts';
import { vendorStartForms } from './startForms.ts';

const cookieOptions = (secure: boolean, maxAgeSeconds: number) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/', maxAge: maxAgeSeconds * 1000, overwrite: true });

/**
 * The vendor team's messages pages (/vendor/messages): the vendor_token cookie the vendor API
 * sets at sign-in (its own guard checks it on every page), the API's live stream
 * (/api/v1/vendor/messages/stream reads the same cookie), and a sign-in page that sets it.
 */
export function vendorMessagesPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  declareLoginPages(api, services, {
    prefix: '/vendor', who: 'vendor team member', vendorCode: true,
    async signIn(ctx, account, vendorCode) {
      const vendors = await listAccessibleVendors(services.db.knex, account.id);
      const chosen = vendorCode ? vendors.find((v) => v.vendor_code === vendorCode.toUpperCase()) : vendors.length === 1 ? vendors[0] : undefined;
      if (!chosen) return 'error_access';
      const token = services.tokens.sign({ sub: String(account.id), type: 'vendor', vendor_id: chosen.id, role: chosen.role, username: account.username });
      ctx.cookies.set(VENDOR_COOKIE, token.access_token, cookieOptions(ctx.secure, token.expires_in));
      return true;
    },
    signOut(ctx) { ctx.cookies.set(VENDOR_COOKIE, '', { ...cookieOptions(ctx.secure, 0), maxAge: 0, expires: new Date(0) }); },
  });
  declareBackOfficeMessages(api, services, {
    prefix: '/vendor', who: 'vendor team member', streamUrl: '/api/v1/vendor/messages/stream',
    async caller(ctx) {
      const v = await pageVendor(services, ctx);
      if (!v) return null;
      return {
        actor: { kind: 'vendor_user', id: v.userId, vendor_id: v.id, name: await userDisplayName(services.db.knex, v.userId) },
        context: { userId: v.userId, vendorId: v.id, correlationId: ctx.state.requestId as string },
        language: await userLanguage(services, v.userId),
      };
    },
    // From the list, a team member writes to the platform's admins or to a customer of the vendor.
    start: vendorStartForms(services),
  });
  return api.router;
}
