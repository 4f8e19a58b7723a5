import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { activeAddOnsByVendor, listSubscriptions, type LimitsAdjuster } from '../../../queries/subscriptions/adminSubscriptions.ts';
import { subscriptionStats } from '../../../queries/subscriptions/subscriptionStats.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { withAddOns } from '../featureGate.ts';
import { Page } from '../responses.ts';
import { SubscriptionStats, SubscriptionStatus, TierCode } from '../schemas/subscriptions.ts';
import { AdminSubscriptionItem } from '../schemas/subscriptionRecords.ts';
import { PageQuery } from '../validation.ts';

const ListQuery = Type.Object({
  ...PageQuery,
  tier_code: Type.Optional(TierCode),
  status: Type.Optional(SubscriptionStatus),
  search: Type.Optional(Type.String({ maxLength: 100, description: "Part of the vendor's name or code, any case" })),
});

/** The vendors' active add-ons on top of their limits, as vendorPlan counts them (src/http/featureGate.ts). */
export const addOnLimits =
  (services: Services): LimitsAdjuster =>
  async (vendorIds) => {
    const addOns = await activeAddOnsByVendor(services.db.knex, vendorIds);
    return (vendorId, limits) => withAddOns(limits, addOns.get(vendorId) ?? []);
  };

/**
 * SPEC.md 4.1 /subscriptions and /subscriptions/stats: every vendor's subscription with its
 * usage, and the counts, MRR, ARR and trial conversions. Mounted before /subscriptions/{vendor_id}
 * so "stats" is never read as a vendor id.
 */
export function adminSubscriptionOverviewRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.get(
    '/subscriptions',
    {
      summary:
        'Vendor subscriptions with tier, status, period and usage against the limits (add-ons included); filters tier_code, status, search (vendor name or code)',
      query: ListQuery,
      responses: { 200: Page(AdminSubscriptionItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listSubscriptions(
        services.db.knex,
        query,
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        addOnLimits(services),
      );
    },
  );

  api.get(
    '/subscriptions/stats',
    {
      summary: 'Subscriptions by tier and status, MRR and ARR (active subscriptions and add-ons), trial conversions',
      responses: { 200: SubscriptionStats },
    },
    async (ctx) => {
      ctx.body = await subscriptionStats(services.db.knex);
    },
  );

  return api.router;
}
