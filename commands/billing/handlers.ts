import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import {
  setVendorSubscription,
  SUBSCRIPTION_STATUS_TRANSITIONS,
  tier,
  vendorSubscription,
  type SubscriptionInput,
} from '../../src/modules/subscriptions.ts';
import type { SubscriptionStatus } from '../subscriptions/events.ts';
import { billingInvoice } from './billingInvoice.ts';
import { billingSubscription } from './billingSubscription.ts';
import type { BillingAccountEvent, BillingInvoicePaid, BillingInvoicePaymentFailed, BillingSubscriptionSynced } from './events.ts';
import { deterministicId, newEventId } from '../../src/core/ids.ts';
import { vendorAddOn } from './vendorAddOn.ts';
import { billingAccount, type BillingAccountState } from './billingAccount.ts';

type Results = Awaited<ReturnType<typeof handleCommand>>[];

/** Records a paid invoice; true when it is news (not paid before). */
export async function recordInvoicePaid(store: EventStore, data: BillingInvoicePaid['data'], ctx: CommandContext) {
  return handleCommand(store, billingInvoice, data.invoice_id, { type: 'RecordInvoicePaid', data }, ctx);
}

/** Records a failed collection attempt; no event when the invoice is paid already or the attempt is known. */
export async function recordInvoicePaymentFailed(store: EventStore, data: BillingInvoicePaymentFailed['data'], ctx: CommandContext) {
  return handleCommand(store, billingInvoice, data.invoice_id, { type: 'RecordInvoicePaymentFailed', data }, ctx);
}

/** Whether the invoice is paid, as its stream says (a failed attempt arriving after the payment must not make the vendor past due). */
export async function invoicePaid(store: EventStore, invoiceId: string): Promise<boolean> {
  return (await load(store, billingInvoice, invoiceId)).state.status === 'paid';
}

export async function noteTrialEnding(store: EventStore, data: { vendor_id: number; trial_end: string; at: string }, ctx: CommandContext) {
  return handleCommand(store, billingSubscription, data.vendor_id, { type: 'NoteTrialEnding', data }, ctx);
}

/**
 * The status the vendor's subscription takes when Stripe reports `target`, by the status table of
 * commands/subscriptions/vendorSubscription.ts: the target when the move is allowed; a trial that
 * Stripe reports past due (the first charge after the trial failed) lapses to expired, so the
 * vendor falls to the platform's default tier until a payment makes it active; any other refused move
 * keeps the current status (an admin's decision stands over an older Stripe view).
 */
export function reachableStatus(current: SubscriptionStatus | null, target: SubscriptionStatus): SubscriptionStatus | null {
  if (current === null || current === target) return target;
  if (SUBSCRIPTION_STATUS_TRANSITIONS[target].from.includes(current)) return target;
  if (current === 'trialing' && target === 'past_due') return 'expired';
  return null;
}

/**
 * Takes in a view of Stripe's of the vendor's subscription and brings the vendor's subscription to
 * the newest view taken in. A view older than the newest taken in changes nothing; a retry of the
 * newest (a replayed or retried webhook) applies it again, which changes nothing when it was
 * applied before.
 */
export async function takeInStripeSubscription(
  store: EventStore,
  now: Date,
  view: BillingSubscriptionSynced['data'],
  ctx: CommandContext,
): Promise<Results> {
  const recorded = await handleCommand(store, billingSubscription, view.vendor_id, { type: 'RecordStripeSubscription', data: view }, ctx);
  if (recorded.state.source_ref !== view.source_ref) return [recorded];
  return [recorded, ...(await applyNewestView(store, now, view.vendor_id, ctx))];
}

/** Rounds of applying the newest view: each one that writes follows a newer view or undoes an older one's write. */
const APPLY_ROUNDS = 10;

/**
 * Brings the vendor's subscription to the newest view taken in, until a read finds nothing left to
 * change. Two webhooks of one vendor handled at once each take in their view and then apply one;
 * the older one can write after the newer one found nothing to change, so whoever writes reads
 * the newest view again afterwards: the last writer always leaves the newest view applied, on any
 * number of instances. Each write's events are named by the view and the subscription's version
 * it was decided on, so a retried webhook appends nothing twice and a later round is never
 * mistaken for a repeat of an earlier one.
 */
async function applyNewestView(store: EventStore, now: Date, vendorId: number, ctx: CommandContext): Promise<Results> {
  const results: Results = [];
  for (let round = 0; round < APPLY_ROUNDS; round++) {
    const newest = (await load(store, billingSubscription, vendorId)).state.latest;
    if (!newest) return results;
    const { input, version } = await changesOfView(store, newest);
    if (Object.keys(input).length === 0) return results;
    const causationId = ctx.causationId && `${ctx.causationId}:${newest.source_ref}:${version}`;
    results.push(...(await setVendorSubscription(store, now, vendorId, input, { ...ctx, causationId })));
  }
  return results;
}

/**
 * What the view changes on the vendor's subscription: the status it can reach, Stripe's period,
 * tier and billing interval (its tier price's); nothing for a vendor without a subscription record. A view whose status the subscription cannot move to (an admin or the trial task moved it
 * past that) changes nothing at all: its period belongs to that older state.
 */
export async function stripeViewChanges(store: EventStore, view: BillingSubscriptionSynced['data']): Promise<SubscriptionInput> {
  return (await changesOfView(store, view)).input;
}

/** The view's changes, with the version of the subscription they were read at (what a write of them names). */
async function changesOfView(
  store: EventStore,
  view: BillingSubscriptionSynced['data'],
): Promise<{ input: SubscriptionInput; version: number }> {
  const { state, version } = await load(store, vendorSubscription, view.vendor_id);
  const nothing = { input: {}, version };
  // The platform's admins open a vendor's subscription record (and with it its Stripe account); Stripe never does.
  if (state.status === 'none') return nothing;
  const current = state;
  const input: SubscriptionInput = {};
  if (view.status) {
    const status = reachableStatus(current.status, view.status);
    if (!status) return nothing;
    if (status !== current.status) input.status = status;
  }
  if (
    view.current_period_start &&
    view.current_period_end &&
    (Date.parse(current.current_period_start) !== Date.parse(view.current_period_start) ||
      Date.parse(current.current_period_end) !== Date.parse(view.current_period_end))
  ) {
    input.current_period_start = view.current_period_start;
    input.current_period_end = view.current_period_end;
  }
  if (
    view.tier_code &&
    view.tier_code !== current.tier_code &&
    ['active', 'inactive'].includes((await load(store, tier, view.tier_code)).state.status)
  ) {
    input.tier_code = view.tier_code;
  }
  if (view.billing_interval && view.billing_interval !== current.billing_interval) input.billing_interval = view.billing_interval;
  return { input, version };
}

/**
 * The reconciliation's view (read from Stripe's API, not from an event): taken in only when it
 * changes the vendor's subscription, with the time of the newest view already taken in, so that
 * it never makes a later webhook look stale.
 */
export async function reconcileStripeSubscription(
  store: EventStore,
  now: Date,
  view: Omit<BillingSubscriptionSynced['data'], 'observed_at'>,
  fallbackObservedAt: string,
  ctx: CommandContext,
): Promise<Results> {
  const { state } = await load(store, billingSubscription, view.vendor_id);
  const full = { ...view, observed_at: state.observed_at ?? fallbackObservedAt };
  if (Object.keys(await stripeViewChanges(store, full)).length === 0) return [];
  return takeInStripeSubscription(store, now, full, ctx);
}

export interface AddOnPurchase {
  vendor_id: number;
  add_on_code: string;
  quantity: number;
  /** The Stripe checkout session id the purchase was paid with; null for one granted without Stripe. */
  stripe_ref: string | null;
  at: string;
}

/** The add-on id of a paid purchase derives from its checkout session: a repeated webhook lands on the same stream. */
export const addOnIdFor = (stripeRef: string | null): string => (stripeRef ? deterministicId('vendor-add-on', stripeRef) : newEventId());

/**
 * Records a vendor's add-on purchase (called by the Stripe webhook on checkout.session.completed).
 * Idempotent on stripe_ref: the same checkout session records one add-on however often it arrives.
 */
export async function recordAddOnPurchase(
  store: EventStore,
  purchase: AddOnPurchase,
  ctx: CommandContext,
): Promise<Handled<unknown, any> & { add_on_id: string }> {
  const add_on_id = addOnIdFor(purchase.stripe_ref);
  const handled = await handleCommand(
    store,
    vendorAddOn,
    add_on_id,
    { type: 'PurchaseAddOn', data: { add_on_id, ...purchase } },
    { ...ctx, vendorId: purchase.vendor_id },
  );
  return { ...handled, add_on_id };
}

/** The vendor stops an add-on: what it added stops counting at once. */
export async function cancelAddOn(
  store: EventStore,
  addOnId: string,
  vendorId: number,
  at: string,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(store, vendorAddOn, addOnId, { type: 'CancelAddOn', data: { vendor_id: vendorId, at } }, { ...ctx, vendorId });
}

/**
 * Records whether the vendor has a default payment method at Stripe (from Stripe's webhooks:
 * a card attached or set as the invoices' default, or removed). Nothing new when unchanged.
 */
export async function recordPaymentMethod(
  store: EventStore,
  input: { vendor_id: number; has_payment_method: boolean; at: string },
  ctx: CommandContext,
): Promise<Handled<BillingAccountState, BillingAccountEvent>> {
  return handleCommand(
    store,
    billingAccount,
    input.vendor_id,
    { type: 'SetBillingPaymentMethod', data: input },
    { ...ctx, vendorId: input.vendor_id },
  );
}
