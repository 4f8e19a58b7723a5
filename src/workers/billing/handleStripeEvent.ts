import {
  recordAddOnPurchase,
  recordPaymentMethod,
  invoicePaid,
  noteTrialEnding,
  recordInvoicePaid,
  recordInvoicePaymentFailed,
  takeInStripeSubscription,
} from '../../../commands/billing/handlers.ts';
import { findBillingAccount } from '../../../queries/billing/billingAccounts.ts';
import { findVendorSubscription } from '../../modules/subscriptions.ts';
import type { AppendResult } from '../../eventstore/port.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import type { InboxOutcome, StripeEventPayload } from './stripeWebhookInbox.ts';
import {
  invoiceFacts,
  isoFromUnix,
  statusView,
  subscriptionIdOf,
  subscriptionView,
  vendorOf,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeInvoice,
  type StripeObject,
  type StripeSubscription,
} from './stripeObjects.ts';

type Results = { position?: AppendResult['position']; eventTypes: string[] }[];
export interface Handling {
  outcome: InboxOutcome;
  vendorId: number | null;
  results: Results;
}

/** An event of a kind the platform acts on, whose vendor cannot be told (yet): kept failed, retried later. */
export class UnknownVendorError extends Error {}

type KindHandler = (
  services: Services,
  event: StripeEventPayload,
  vendorId: number,
  ctx: CommandContext,
) => Promise<{ outcome: InboxOutcome; results: Results }>;

const handled = (results: Results) => ({ outcome: 'handled' as const, results });

/**
 * What each kind of Stripe event does (docs/billing.md "Webhooks"). Every command carries the
 * Stripe event id as its cause, so handling an event again appends nothing new; ordering rules
 * live in the billing deciders (a paid invoice stays paid, an older subscription view is refused).
 * An event's object is of the kind its type names (invoice.paid carries an invoice), and Stripe
 * signed it: each handler reads it as that kind.
 */
export const KIND_HANDLERS: Record<string, KindHandler> = {
  'invoice.paid': async (services, event, vendorId, ctx) => {
    const invoice = event.data.object as StripeInvoice;
    const at = services.clock.now().toISOString();
    const results: Results = [
      await recordInvoicePaid(
        services.store,
        { ...invoiceFacts(invoice, vendorId, at), amount_paid_cents: Number(invoice.amount_paid ?? 0) },
        ctx,
      ),
    ];
    // A payment of the plan's invoice ends a past-due spell; a trial's or a renewal's payment says nothing new of the status.
    if (
      (await ofThePlan(services, vendorId, invoice)) &&
      (await findVendorSubscription(services.db.knex, vendorId))?.status === 'past_due'
    ) {
      results.push(
        ...(await takeInStripeSubscription(
          services.store,
          services.clock.now(),
          statusView(vendorId, 'active', observedAt(event), event.id, at),
          ctx,
        )),
      );
    }
    return handled(results);
  },
  'invoice.payment_failed': async (services, event, vendorId, ctx) => {
    const invoice = event.data.object as StripeInvoice;
    const at = services.clock.now().toISOString();
    const results: Results = [
      await recordInvoicePaymentFailed(
        services.store,
        {
          ...invoiceFacts(invoice, vendorId, at),
          amount_due_cents: Number(invoice.amount_due ?? 0),
          attempt_count: Number(invoice.attempt_count ?? 1),
        },
        ctx,
      ),
    ];
    // Reported after the invoice was paid: the payment stands, the vendor is not past due.
    if (await invoicePaid(services.store, String(invoice.id))) return { outcome: 'superseded', results };
    // A one-off invoice (an add-on's checkout) or another subscription's failing does not make the plan past due.
    if (!(await ofThePlan(services, vendorId, invoice))) return handled(results);
    results.push(
      ...(await takeInStripeSubscription(
        services.store,
        services.clock.now(),
        statusView(vendorId, 'past_due', observedAt(event), event.id, at),
        ctx,
      )),
    );
    return handled(results);
  },
  'checkout.session.completed': async (services, event, vendorId, ctx) => {
    const session = event.data.object as StripeCheckoutSession;
    const code = session.metadata?.add_on_code;
    // Only an add-on's checkout is the billing area's; a session not (yet) paid buys nothing.
    if (typeof code !== 'string' || code === '' || !['paid', 'no_payment_required', undefined].includes(session.payment_status))
      return { outcome: 'ignored', results: [] };
    const quantity = Number(session.metadata?.quantity ?? 1);
    return handled([
      await recordAddOnPurchase(
        services.store,
        {
          vendor_id: vendorId,
          add_on_code: code,
          quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
          stripe_ref: String(session.id),
          at: services.clock.now().toISOString(),
        },
        ctx,
      ),
    ]);
  },
  // A card attached to the vendor's customer: it has a payment method.
  'payment_method.attached': async (services, _event, vendorId, ctx) =>
    handled([
      await recordPaymentMethod(
        services.store,
        { vendor_id: vendorId, has_payment_method: true, at: services.clock.now().toISOString() },
        ctx,
      ),
    ]),
  // The customer's default payment method set or removed.
  'customer.updated': async (services, event, vendorId, ctx) =>
    handled([
      await recordPaymentMethod(
        services.store,
        {
          vendor_id: vendorId,
          has_payment_method: Boolean((event.data.object as StripeCustomer).invoice_settings?.default_payment_method),
          at: services.clock.now().toISOString(),
        },
        ctx,
      ),
    ]),
  'customer.subscription.created': takeInSubscription,
  'customer.subscription.updated': takeInSubscription,
  'customer.subscription.deleted': takeInSubscription,
  'customer.subscription.trial_will_end': async (services, event, vendorId, ctx) => {
    const trialEnd = isoFromUnix((event.data.object as StripeSubscription).trial_end);
    if (!trialEnd) return { outcome: 'ignored', results: [] };
    return handled([
      await noteTrialEnding(services.store, { vendor_id: vendorId, trial_end: trialEnd, at: services.clock.now().toISOString() }, ctx),
    ]);
  },
};

/** Whether an invoice bills the vendor's plan: the subscription its billing account names (any, before the account is known). */
async function ofThePlan(services: Services, vendorId: number, invoice: StripeInvoice): Promise<boolean> {
  const subscription = subscriptionIdOf(invoice);
  if (!subscription) return false;
  const account = await findBillingAccount(services.db.knex, vendorId);
  return !account || account.stripe_subscription_id === subscription;
}

async function takeInSubscription(services: Services, event: StripeEventPayload, vendorId: number, ctx: CommandContext) {
  const subscription = event.data.object as StripeSubscription;
  // Another subscription of the vendor's customer (an old one ending, one made by hand at Stripe) is not the vendor's plan.
  const account = await findBillingAccount(services.db.knex, vendorId);
  if (account && account.stripe_subscription_id !== subscription.id) return { outcome: 'ignored' as const, results: [] };
  const at = services.clock.now().toISOString();
  const view = subscriptionView(subscription, vendorId, observedAt(event), 'webhook', event.id, at);
  const results = await takeInStripeSubscription(services.store, services.clock.now(), view, ctx);
  const state = results[0]?.state;
  const taken = typeof state === 'object' && state !== null && 'source_ref' in state && state.source_ref === event.id;
  return { outcome: taken ? ('handled' as const) : ('superseded' as const), results };
}

/** When Stripe created the event: the order of Stripe's facts, whatever the order of delivery. */
const observedAt = (event: StripeEventPayload) => isoFromUnix(event.created) ?? new Date(0).toISOString();

/** Handles one stored event; throws when its handling failed (the caller keeps the error on the inbox row). */
export async function handleStripeEvent(services: Services, event: StripeEventPayload): Promise<Handling> {
  const handler = KIND_HANDLERS[event.type];
  if (!handler) return { outcome: 'ignored', vendorId: null, results: [] };
  const object: StripeObject = event.data?.object ?? {};
  const vendorId = await vendorOf(services.db.knex, object);
  if (!vendorId) throw new UnknownVendorError(`No vendor is known for the ${object.object ?? 'object'} ${object.id ?? ''} of this event`);
  const ctx: CommandContext = {
    userId: 'system:stripe-webhook',
    vendorId,
    correlationId: `stripe-${event.id}`,
    causationId: `stripe-webhook:${event.id}`,
  };
  const { outcome, results } = await handler(services, event, vendorId, ctx);
  return { outcome, vendorId, results };
}
