import { deterministicId, newEventId } from '../../src/core/ids.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { vendorAddOn } from './vendorAddOn.ts';

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
