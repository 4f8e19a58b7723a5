import Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import { setVendorSubscription } from '../../../commands/subscriptions/handlers/vendorSubscription.ts';
import { findTier } from '../../../queries/subscriptions/tiers.ts';
import { findVendorSubscription, getVendorSubscription } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import { InvalidTransitionException, ResourceNotFoundException, VendorNotFoundException } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import { getVendor } from '../../modules/vendors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { defaultTierCode, vendorPlan } from '../featureGate.ts';
import { Timestamp } from '../responses.ts';
import { CustomLimits, SubscriptionBillingInterval, SubscriptionStatus, TierCode } from '../schemas/subscriptions.ts';
import { VendorSubscription } from '../schemas/subscriptionRecords.ts';
import { Id } from '../validation.ts';

const VendorParams = Type.Object({ vendor_id: Id });
export const SubscriptionUpdate = Type.Object(
  {
    tier_code: Type.Optional(TierCode),
    status: Type.Optional(SubscriptionStatus),
    current_period_start: Type.Optional(Timestamp),
    current_period_end: Type.Optional(Timestamp),
    custom_limits: Type.Optional(Type.Union([CustomLimits, Type.Null()])),
    billing_interval: Type.Optional(SubscriptionBillingInterval),
  },
  { $id: 'VendorSubscriptionUpdate', additionalProperties: false, minProperties: 1 },
);

/**
 * SPEC.md 4.1 /subscriptions/{vendor_id}: one vendor's subscription and custom limits. Mounted
 * after the tier routes, so /subscriptions/tiers is never read as a vendor id; the later
 * /subscriptions/stats and /billing/history must be declared before these too.
 */
export function adminVendorSubscriptionRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const answer = async (vendorId: number) => {
    const subscription = await getVendorSubscription(services.db.knex, vendorId);
    const plan = await vendorPlan(services, vendorId);
    const tier = await findTier(services.db.knex, subscription.tier_code);
    return { ...subscription, effective_limits: { ...(tier?.limits ?? plan.limits), ...(subscription.custom_limits ?? {}) } };
  };

  api.get(
    '/subscriptions/:vendor_id',
    {
      summary: "One vendor's subscription: tier, status, current period, custom and effective limits",
      params: VendorParams,
      responses: { 200: VendorSubscription },
      errors: [ResourceNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await answer(params.vendor_id);
    },
  );

  api.put(
    '/subscriptions/:vendor_id',
    {
      summary:
        "Open or change a vendor's subscription (a new one starts a 30-day trial on the platform's default tier unless told otherwise; it ends a legacy plan)",
      params: VendorParams,
      body: SubscriptionUpdate,
      responses: { 200: VendorSubscription },
      errors: [VendorNotFoundException, TierNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params, body }) => {
      await saveVendorSubscription(services, params.vendor_id, body, commandContext(ctx, adminCaller(ctx).id));
      ctx.body = await answer(params.vendor_id);
    },
  );

  return api.router;
}

/**
 * An admin opens or changes a vendor's subscription (the API's PUT and the admin back office's
 * form): an offered tier only. Opening the record of a vendor on the legacy plan ends that plan.
 */
export async function saveVendorSubscription(
  services: Services,
  vendorId: number,
  body: Static<typeof SubscriptionUpdate>,
  context: CommandContext,
) {
  await getVendor(services.db.knex, vendorId);
  if (body.tier_code !== undefined) {
    const tier = await findTier(services.db.knex, body.tier_code);
    if (!tier || !tier.is_active)
      throw new TierNotFoundException(`Tier '${body.tier_code}' not found or not offered`, { tier_code: body.tier_code });
  }
  // A new record is on the platform's default tier unless the admin names one.
  const tier =
    body.tier_code === undefined && !(await findVendorSubscription(services.db.knex, vendorId))
      ? { tier_code: await defaultTierCode(services) }
      : {};
  await services.settle(await setVendorSubscription(services.store, services.clock.now(), vendorId, { ...body, ...tier }, context));
}
