import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { signedInViewer } from '../backOffice/session.ts';
import { declareBackOfficeMessages } from './backOfficeMessages.ts';
import { vendorStartForms } from './startForms.ts';

/**
 * The vendor team's messages pages (/vendor/messages) in the vendor back office: the signed-in
 * team member of the frame (the vendor API's own guard, on its vendor_token cookie), the API's live
 * stream (/api/v1/vendor/messages/stream reads the same cookie).
 */
export function vendorMessagesPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  declareBackOfficeMessages(api, services, {
    prefix: '/vendor',
    who: 'vendor team member',
    streamUrl: '/api/v1/vendor/messages/stream',
    async caller(ctx) {
      const viewer = await signedInViewer(services, ctx, 'vendor');
      if (!viewer?.vendor) return null;
      return {
        viewer,
        actor: { kind: 'vendor_user', id: viewer.userId, vendor_id: viewer.vendor.id, name: viewer.userName },
        context: viewer.context,
        language: viewer.language,
      };
    },
    // From the list, a team member writes to the platform's admins or to a customer of the vendor.
    start: vendorStartForms(services),
  });
  return api.router;
}
