import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson } from '../../src/core/changedFields.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import type {
  BillingInterval,
  SubscriptionChangeReason,
  SubscriptionStatus,
  SubscriptionStreamEvent,
  VendorSubscriptionTerms,
} from './events.ts';

/**
 * A record's interval is always known: one started before intervals were recorded is monthly.
 * Before any record, `legacy_since` says the vendor is on the legacy plan (granted by the upgrade).
 */
export type VendorSubscriptionState =
  { status: 'none'; legacy_since?: string } | (VendorSubscriptionTerms & { vendor_id: number; billing_interval: BillingInterval });

/**
 * Status moves as data: which statuses each status may go to. A trial converts or lapses, a
 * failed payment is past due until paid or given up, a canceled or expired vendor may subscribe again.
 */
export const SUBSCRIPTION_STATUS_TRANSITIONS: TransitionTable<SubscriptionStatus, SubscriptionStatus> = {
  trialing: { from: ['trialing'], to: 'trialing' },
  active: { from: ['trialing', 'active', 'past_due', 'canceled', 'expired'], to: 'active' },
  past_due: { from: ['active', 'past_due'], to: 'past_due' },
  canceled: { from: ['trialing', 'active', 'past_due', 'canceled'], to: 'canceled' },
  expired: { from: ['trialing', 'past_due', 'canceled', 'expired'], to: 'expired' },
};

/** Sets the vendor's subscription: opens it when there is none, else records what changed. */
export type SetVendorSubscription = {
  type: 'SetVendorSubscription';
  data: { vendor_id: number; terms: VendorSubscriptionTerms; at: string };
};
/** An active subscription whose period has ended moves to the period holding `at` (periods of `period_days`, back to back). */
export type RenewSubscriptionPeriod = { type: 'RenewSubscriptionPeriod'; data: { vendor_id: number; period_days: number; at: string } };
/** A stale subscription ends for good (expired), through canceled when it is active: the status table is kept. */
export type RetireSubscription = { type: 'RetireSubscription'; data: { vendor_id: number; reason: SubscriptionChangeReason; at: string } };
/**
 * The platform's upgrade puts a vendor that has no subscription record on the legacy plan; a
 * vendor with a record (whatever its status), or already on it, gets nothing new.
 */
export type GrantLegacyPlan = { type: 'GrantLegacyPlan'; data: { vendor_id: number; upgrade: string; at: string } };
export type VendorSubscriptionCommand = SetVendorSubscription | RenewSubscriptionPeriod | RetireSubscription | GrantLegacyPlan;

const DAY_MS = 86_400_000;

export function evolveVendorSubscription(state: VendorSubscriptionState, event: SubscriptionStreamEvent): VendorSubscriptionState {
  switch (event.type) {
    case 'VendorLegacyPlanGranted':
      return state.status === 'none' ? { status: 'none', legacy_since: event.data.at } : state;
    case 'VendorLegacyPlanEnded':
      return state.status === 'none' ? { status: 'none' } : state;
    case 'VendorSubscriptionStarted': {
      const { at: _at, ...terms } = event.data;
      return { ...terms, billing_interval: terms.billing_interval ?? 'month' };
    }
    case 'VendorSubscriptionChanged':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
  }
}

export function decideVendorSubscription(command: VendorSubscriptionCommand, state: VendorSubscriptionState): SubscriptionStreamEvent[] {
  switch (command.type) {
    case 'SetVendorSubscription': {
      const { vendor_id, terms, at } = command.data;
      if (state.status === 'none') {
        const started: SubscriptionStreamEvent = { type: 'VendorSubscriptionStarted', data: { vendor_id, ...terms, at } };
        // Moving a legacy vendor to a tier ends its legacy plan for good: a later cancellation falls to the default tier.
        return state.legacy_since
          ? [{ type: 'VendorLegacyPlanEnded', data: { vendor_id, reason: 'subscription_started', at } }, started]
          : [started];
      }
      if (terms.status !== state.status) checkTransition('Subscription', SUBSCRIPTION_STATUS_TRANSITIONS, terms.status, state.status);
      const changes = changedFields<VendorSubscriptionTerms>(state, terms, sameJson);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'VendorSubscriptionChanged', data: { vendor_id, changes, at } }];
    }
    case 'RenewSubscriptionPeriod': {
      const { vendor_id, period_days, at } = command.data;
      const now = Date.parse(at);
      if (state.status !== 'active' || Date.parse(state.current_period_end) > now) return [];
      const length = period_days * DAY_MS;
      // Missed periods (the service was down) are skipped: the new period is the one holding `at`.
      const skipped = Math.floor((now - Date.parse(state.current_period_end)) / length);
      const start = Date.parse(state.current_period_end) + skipped * length;
      const changes = { current_period_start: new Date(start).toISOString(), current_period_end: new Date(start + length).toISOString() };
      return [{ type: 'VendorSubscriptionChanged', data: { vendor_id, changes, at, reason: 'period_renewed' } }];
    }
    case 'RetireSubscription': {
      const { vendor_id, reason, at } = command.data;
      if (state.status === 'none' || state.status === 'expired') return [];
      const path: SubscriptionStatus[] = state.status === 'active' ? ['canceled', 'expired'] : ['expired'];
      let from: SubscriptionStatus = state.status;
      return path.map((status) => {
        checkTransition('Subscription', SUBSCRIPTION_STATUS_TRANSITIONS, status, from);
        from = status;
        return { type: 'VendorSubscriptionChanged' as const, data: { vendor_id, changes: { status }, at, reason } };
      });
    }
    case 'GrantLegacyPlan': {
      const { vendor_id, upgrade, at } = command.data;
      if (state.status !== 'none' || state.legacy_since) return [];
      return [{ type: 'VendorLegacyPlanGranted', data: { vendor_id, upgrade, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const vendorSubscription: Decider<VendorSubscriptionState, VendorSubscriptionCommand, SubscriptionStreamEvent> = {
  aggregate: 'subscription',
  initialState: () => ({ status: 'none' }),
  evolve: evolveVendorSubscription,
  decide: decideVendorSubscription,
};
