import type { Knex } from 'knex';
import {
  LEGACY_PLAN_EVENT_TYPES,
  PLAN_SETTING_EVENT_TYPES,
  TIER_EVENT_TYPES,
  VENDOR_SUBSCRIPTION_EVENT_TYPES,
  type DefaultTierChanged,
  type LegacyPlanEvent,
  type TierDetails,
  type TierEvent,
  type VendorSubscriptionEvent,
} from '../../commands/subscriptions/events.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { tierFromRow, type TierView } from '../../queries/subscriptions/tiers.ts';
import {
  currentLegacyPlans,
  findDefaultTier,
  subscriptionFromRow,
  VENDOR_PLANS_VIEW,
  type PlanFacts,
  type VendorSubscriptionView,
} from '../../queries/subscriptions/vendorSubscriptions.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import type { SubscriptionTierRow } from './subscriptionTiers.ts';
import type { VendorSubscriptionRow } from './vendorSubscriptions.ts';

/**
 * The plans in every instance's memory (src/runtime/memoryViews.ts): the feature gate and the
 * limits read a vendor's plan without a statement. Loaded from subscription_tiers,
 * vendor_subscriptions, vendor_legacy_plans and subscription_settings, kept current from the tier,
 * subscription, legacy plan and default tier events; a downgrade or an expired trial is refused
 * by every instance as soon as its tail reads the event.
 */
export const vendorPlansView = defineMemoryView<PlanFacts>({
  name: VENDOR_PLANS_VIEW,
  eventTypes: [...TIER_EVENT_TYPES, ...VENDOR_SUBSCRIPTION_EVENT_TYPES, ...LEGACY_PLAN_EVENT_TYPES, ...PLAN_SETTING_EVENT_TYPES],
  sources: ['subscription_tiers', 'vendor_subscriptions', 'vendor_legacy_plans', 'subscription_settings'],
  async load(trx: Knex.Transaction) {
    const tiers = new Map<string, TierView>();
    for (const r of await trx<SubscriptionTierRow>('subscription_tiers')) tiers.set(r.code, tierFromRow(r));
    const subscriptions = new Map<number, VendorSubscriptionView>();
    for (const r of await trx<VendorSubscriptionRow>('vendor_subscriptions')) subscriptions.set(r.vendor_id, subscriptionFromRow(r));
    return { tiers, subscriptions, legacy: await currentLegacyPlans(trx), defaultTier: await findDefaultTier(trx) };
  },
  // Each event sets what it states, as the projections do, so applying it twice changes nothing.
  apply(facts, raw) {
    const e = domainEvent<TierEvent | VendorSubscriptionEvent | LegacyPlanEvent | DefaultTierChanged>(raw);
    switch (e.type) {
      case 'TierCreated': {
        const { tier_code, created_at, ...details } = e.data;
        facts.tiers.set(tier_code, {
          code: tier_code,
          ...(tierDetails(details) as TierDetails),
          currency: 'EUR',
          is_active: true,
          created_at,
          updated_at: created_at,
        });
        break;
      }
      case 'TierChanged': {
        const t = facts.tiers.get(e.data.tier_code);
        if (t) Object.assign(t, tierDetails(e.data.changes), { updated_at: e.data.at });
        break;
      }
      case 'TierActivated':
      case 'TierDeactivated': {
        const t = facts.tiers.get(e.data.tier_code);
        if (t) Object.assign(t, { is_active: e.type === 'TierActivated', updated_at: e.data.at });
        break;
      }
      case 'TierDeleted':
        facts.tiers.delete(e.data.tier_code);
        break;
      case 'VendorSubscriptionStarted': {
        const { at, vendor_id, ...terms } = e.data;
        facts.subscriptions.set(vendor_id, {
          vendor_id,
          ...terms,
          custom_limits: terms.custom_limits ?? null,
          billing_interval: terms.billing_interval ?? 'month',
          created_at: at,
          updated_at: at,
        });
        break;
      }
      case 'VendorSubscriptionChanged': {
        const s = facts.subscriptions.get(e.data.vendor_id);
        if (s)
          facts.subscriptions.set(e.data.vendor_id, {
            ...s,
            ...e.data.changes,
            custom_limits: e.data.changes.custom_limits !== undefined ? e.data.changes.custom_limits : s.custom_limits,
            updated_at: e.data.at,
          });
        break;
      }
      case 'VendorLegacyPlanGranted':
        facts.legacy.set(e.data.vendor_id, e.data.at);
        break;
      case 'VendorLegacyPlanEnded':
        facts.legacy.delete(e.data.vendor_id);
        break;
      case 'DefaultTierChanged':
        facts.defaultTier = e.data.tier_code;
        break;
    }
    return facts;
  },
});

/** A tier's details in the shape of TierView (only those given). */
function tierDetails(d: Partial<TierDetails>): Partial<TierView> {
  const { name, description, price_monthly_cents, price_yearly_cents, sort_order } = d;
  const out: Partial<TierView> = { name, description, price_monthly_cents, price_yearly_cents, sort_order };
  for (const k of Object.keys(out) as (keyof typeof out)[]) if (out[k] === undefined) delete out[k];
  if (d.limits !== undefined) out.limits = { ...d.limits };
  if (d.features !== undefined) out.features = [...d.features];
  return out;
}
