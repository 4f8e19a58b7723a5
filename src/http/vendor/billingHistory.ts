import type Router from '@koa/router';
import { listBillingHistory } from '../../../queries/billing/billingHistory.ts';
import { pageRequest } from '../../core/pagination.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { BillingHistoryEntry, VendorBillingHistoryQuery } from '../schemas/billingWebhooks.ts';
import { vendorCaller } from '../vendorAuth.ts';

/** SPEC.md part 2 "Billing history holds invoices with PDF links": the token's vendor's Stripe invoices. */
export function vendorBillingHistoryRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');

  api.get(
    '/billing/history',
    {
      summary: "The vendor's Stripe invoices, newest first, with their PDF and payment page; filters status, from/to",
      permission: 'billing.view',
      query: VendorBillingHistoryQuery,
      responses: { 200: Page(BillingHistoryEntry) },
    },
    async (ctx, { query }) => {
      const vendorId = vendorCaller(ctx).id;
      ctx.body = await listBillingHistory(
        services.db.knex,
        { vendor_id: vendorId, status: query.status, from: query.from, to: query.to },
        pageRequest(query),
      );
    },
  );

  return api.router;
}
