import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { BillingSubscriptionEvent, BillingSubscriptionSynced } from './events.ts';

/**
 * What Stripe said of one vendor's subscription (stream `billing-subscription-<vendor_id>`): the
 * time of the newest view taken in, so that a webhook older than it changes nothing (Stripe does
 * not deliver in order), and the trial ends already announced (each once).
 */
export interface BillingSubscriptionState {
  observed_at: string | null;
  /** The Stripe event (or sync run) of the newest view. */
  source_ref: string | null;
  latest: BillingSubscriptionSynced['data'] | null;
  trial_endings: string[];
}

/** Takes in a view of Stripe's; refused (nothing) when it is older than the newest one taken in. */
export type RecordStripeSubscription = { type: 'RecordStripeSubscription'; data: BillingSubscriptionSynced['data'] };
/** Announces the end of a trial, once per trial end. */
export type NoteTrialEnding = { type: 'NoteTrialEnding'; data: { vendor_id: number; trial_end: string; at: string } };
export type BillingSubscriptionCommand = RecordStripeSubscription | NoteTrialEnding;

export function evolveBillingSubscription(state: BillingSubscriptionState, event: BillingSubscriptionEvent): BillingSubscriptionState {
  switch (event.type) {
    case 'BillingSubscriptionSynced':
      return { ...state, observed_at: event.data.observed_at, source_ref: event.data.source_ref, latest: event.data };
    case 'SubscriptionTrialEnding':
      return { ...state, trial_endings: [...state.trial_endings, event.data.trial_end] };
  }
}

/** True when a view observed at `observedAt` is not older than the newest taken in (ties are taken: same second, unknown order). */
export function isCurrent(state: BillingSubscriptionState, observedAt: string): boolean {
  return state.observed_at === null || Date.parse(observedAt) >= Date.parse(state.observed_at);
}

export function decideBillingSubscription(
  command: BillingSubscriptionCommand,
  state: BillingSubscriptionState,
): BillingSubscriptionEvent[] {
  switch (command.type) {
    case 'RecordStripeSubscription':
      if (!isCurrent(state, command.data.observed_at) || state.source_ref === command.data.source_ref) return [];
      return [{ type: 'BillingSubscriptionSynced', data: command.data }];
    case 'NoteTrialEnding':
      return state.trial_endings.includes(command.data.trial_end) ? [] : [{ type: 'SubscriptionTrialEnding', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const billingSubscription: Decider<BillingSubscriptionState, BillingSubscriptionCommand, BillingSubscriptionEvent> = {
  aggregate: 'billing-subscription',
  initialState: () => ({ observed_at: null, source_ref: null, latest: null, trial_endings: [] }),
  evolve: evolveBillingSubscription,
  decide: decideBillingSubscription,
};
