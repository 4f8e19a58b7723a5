import { billingAccount } from '../../../commands/billing/billingAccount.ts';
import { handleCommand, type CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';

/** Records whether the vendor has a card at Stripe (BillingPaymentMethodChanged when it changes; nothing when it is known). */
export async function recordPaymentMethod(services: Services, vendorId: number, hasPaymentMethod: boolean, ctx: CommandContext) {
  return handleCommand(services.store, billingAccount, vendorId, {
    type: 'SetBillingPaymentMethod', data: { vendor_id: vendorId, has_payment_method: hasPaymentMethod, at: services.clock.now().toISOString() },
  }, ctx);
}
