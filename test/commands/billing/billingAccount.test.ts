import { billingAccount } from '../../../commands/billing/billingAccount.ts';
import type { BillingAccountEvent } from '../../../commands/billing/events.ts';
import { ResourceNotFoundException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-26T10:00:00.000Z';
const opened: BillingAccountEvent = {
  type: 'BillingAccountOpened',
  data: { vendor_id: 7, stripe_customer_id: 'cus_1', stripe_subscription_id: 'sub_1', at },
};
const open = (customer = 'cus_1') => ({
  type: 'OpenBillingAccount' as const,
  data: { vendor_id: 7, stripe_customer_id: customer, stripe_subscription_id: 'sub_1', at },
});
const cardChanged: BillingAccountEvent = { type: 'BillingPaymentMethodChanged', data: { vendor_id: 7, has_payment_method: true, at } };
const card = (has: boolean) => ({ type: 'SetBillingPaymentMethod' as const, data: { vendor_id: 7, has_payment_method: has, at } });

describe('billing account', () => {
  it("opens once with the vendor's Stripe customer and subscription", () => {
    given(billingAccount, []).when(open()).then([opened]);
  });

  it('records nothing when opened again (the process ran twice, or the billing routes opened it first)', () => {
    given(billingAccount, [opened]).when(open('cus_other')).then([]);
  });

  it('records a payment method appearing, and nothing when it is already known', () => {
    given(billingAccount, [opened]).when(card(true)).then([cardChanged]);
    given(billingAccount, [opened, cardChanged]).when(card(true)).then([]);
  });

  it('refuses a payment method for a vendor without an account', () => {
    given(billingAccount, []).when(card(true)).thenThrows(ResourceNotFoundException);
  });
});
