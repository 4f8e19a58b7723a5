import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext } from '../../../src/runtime/commandHandler.ts';
import { PERIOD_DAYS, type BillingInterval, type CustomLimits, type SubscriptionChangeReason, type SubscriptionStatus } from '../events.ts';
import { vendorSubscription } from '../vendorSubscription.ts';

/** The state of a vendor's subscription as the admin sets it; absent fields keep their value (or their default on a new record). */
export interface SubscriptionInput {
  tier_code?: string;
  status?: SubscriptionStatus;
  current_period_start?: string;
  current_period_end?: string;
  custom_limits?: CustomLimits | null;
  billing_interval?: BillingInterval;
}

const DAY = 86_400_000;
/** SPEC.md part 8: a trial lasts 30 days; a paid period is a month (30 days here, PERIOD_DAYS of events.ts). */
export const TRIAL_DAYS = 30;
export { PERIOD_DAYS };

export async function setVendorSubscription(store: EventStore, now: Date, vendorId: number, input: SubscriptionInput, ctx: CommandContext) {
  const { state } = await load(store, vendorSubscription, vendorId);
  const base = state.status === 'none' ? null : state;
  const status = input.status ?? base?.status ?? 'trialing';
  const start = input.current_period_start ?? base?.current_period_start ?? now.toISOString();
  const end =
    input.current_period_end ??
    (input.current_period_start === undefined ? base?.current_period_end : undefined) ??
    new Date(Date.parse(start) + (status === 'trialing' ? TRIAL_DAYS : PERIOD_DAYS) * DAY).toISOString();
  const terms = {
    tier_code: input.tier_code ?? base?.tier_code ?? 'essential',
    status,
    current_period_start: start,
    current_period_end: end,
    custom_limits: input.custom_limits !== undefined ? input.custom_limits : (base?.custom_limits ?? null),
    billing_interval: input.billing_interval ?? base?.billing_interval ?? 'month',
  };
  return [
    await handleCommand(
      store,
      vendorSubscription,
      vendorId,
      { type: 'SetVendorSubscription', data: { vendor_id: vendorId, terms, at: now.toISOString() } },
      ctx,
    ),
  ];
}

/** The scheduled roll of an active subscription whose period ended (nothing when it has not ended). */
export async function renewSubscriptionPeriod(store: EventStore, now: Date, vendorId: number, ctx: CommandContext) {
  return handleCommand(
    store,
    vendorSubscription,
    vendorId,
    { type: 'RenewSubscriptionPeriod', data: { vendor_id: vendorId, period_days: PERIOD_DAYS, at: now.toISOString() } },
    ctx,
  );
}

/** Ends a stale subscription for good (docs/subscriptions.md "Scheduled tasks"). */
export async function retireSubscription(
  store: EventStore,
  now: Date,
  vendorId: number,
  reason: SubscriptionChangeReason,
  ctx: CommandContext,
) {
  return handleCommand(
    store,
    vendorSubscription,
    vendorId,
    { type: 'RetireSubscription', data: { vendor_id: vendorId, reason, at: now.toISOString() } },
    ctx,
  );
}
