import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { billingAccount } from './billingAccount.ts';

/**
 * Records whether the vendor has a default payment method at Stripe (from Stripe's webhooks:
 * a card attached or set as the invoices' default, or removed). Nothing new when unchanged.
 */
export async function recordPaymentMethod(
  store: EventStore,
  input: { vendor_id: number; has_payment_method: boolean; at: string },
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(
    store,
    billingAccount,
    input.vendor_id,
    { type: 'SetBillingPaymentMethod', data: input },
    { ...ctx, vendorId: input.vendor_id },
  );
}
