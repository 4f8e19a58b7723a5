import type { VendorAddOnPurchased } from '../../commands/billing/events.ts';
import { stripeOf } from '../adapters/stripe.ts';
import { addAddOnItem, addOnPriceKey } from '../adapters/stripeBilling.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { load } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/** What this process reads of a vendor's billing account: once open, its Stripe subscription. */
type BillingAccount = { status: 'none' } | { status: 'open'; stripe_subscription_id: string };

/**
 * A paid add-on joins the vendor's Stripe subscription as an item (metadata.add_on_id), so every
 * renewal bills it until it is canceled. Once per purchase: the Stripe request's idempotency key
 * is the VendorAddOnPurchased event id. An add-on granted without Stripe (no stripe_ref) bills nothing.
 */
export const addStripeItemOnVendorAddOnPurchased: ProcessManager = {
  kind: 'process',
  name: 'addStripeItemOnVendorAddOnPurchased',
  eventTypes: ['VendorAddOnPurchased'],
  async handle(event, ctx) {
    const d = domainEvent<VendorAddOnPurchased>(event).data;
    const stripe = stripeOf(ctx.store);
    if (!stripe || d.stripe_ref === null) return;
    const accounts = registeredDecider<BillingAccount>('billing-account');
    const { state: account } = await load(ctx.store, accounts, d.vendor_id, ctx.commandContext(event).tx);
    if (account.status !== 'open' || !(await ctx.firstTime(event))) return;
    await addAddOnItem(stripe, {
      subscription_id: account.stripe_subscription_id,
      add_on_id: d.add_on_id,
      vendor_id: d.vendor_id,
      add_on_code: d.add_on_code,
      quantity: d.quantity,
      idempotencyKey: event.id,
      price: { lookup_key: addOnPriceKey(d.add_on_code), unit_amount: d.price_monthly_cents, interval: 'month', name: d.add_on_code },
    });
  },
};
