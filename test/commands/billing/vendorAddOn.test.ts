import { expect } from 'chai';
import { addOnByCode } from '../../../src/core/addOnCatalogue.ts';
import { addOnIdFor } from '../../../commands/billing/handlers.ts';
import type { VendorAddOnEvent } from '../../../commands/billing/events.ts';
import { vendorAddOn, type PurchaseAddOn } from '../../../commands/billing/vendorAddOn.ts';
import { withAddOns } from '../../../src/http/featureGate.ts';
import { BusinessLogicException, ConflictException, InvalidTransitionException } from '../../../src/core/errors.ts';
import { AddOnNotFoundException } from '../../../commands/billing/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-26T10:00:00.000Z';
const later = '2026-12-02T08:00:00.000Z';
const id = '4f1c6a5e-0b1d-5a4e-9c1f-2b3d4e5f6a7b';
const purchase = (over: Partial<PurchaseAddOn['data']> = {}): PurchaseAddOn => ({
  type: 'PurchaseAddOn',
  data: { add_on_id: id, vendor_id: 7, add_on_code: 'extra_products_500', quantity: 2, stripe_ref: 'cs_test_1', at, ...over },
});
const purchased: VendorAddOnEvent = {
  type: 'VendorAddOnPurchased',
  data: {
    add_on_id: id,
    vendor_id: 7,
    add_on_code: 'extra_products_500',
    quantity: 2,
    price_monthly_cents: 1500,
    stripe_ref: 'cs_test_1',
    at,
  },
};
const canceled: VendorAddOnEvent = { type: 'VendorAddOnCanceled', data: { add_on_id: id, vendor_id: 7, at: later } };

describe('vendor add-on', () => {
  context('buying', () => {
    it("records the purchase with the catalogue's monthly price per unit", () => {
      given(vendorAddOn, []).when(purchase()).then([purchased]);
    });

    it('records the same checkout session once: a repeated webhook is nothing new', () => {
      given(vendorAddOn, [purchased]).when(purchase()).then([]);
    });

    it('derives the add-on id from the checkout session, so a repeated webhook reaches the same add-on', () => {
      expect(addOnIdFor('cs_test_1')).to.equal(addOnIdFor('cs_test_1'));
      expect(addOnIdFor('cs_test_1')).to.not.equal(addOnIdFor('cs_test_2'));
      expect(addOnIdFor(null)).to.not.equal(addOnIdFor(null));
    });

    it('refuses another purchase on an add-on that exists', () => {
      given(vendorAddOn, [purchased])
        .when(purchase({ stripe_ref: 'cs_test_other' }))
        .thenThrows(ConflictException);
    });

    it('refuses a code that is not in the catalogue', () => {
      given(vendorAddOn, [])
        .when(purchase({ add_on_code: 'unlimited_everything' }))
        .thenThrows(AddOnNotFoundException, /unlimited_everything/);
    });

    it("refuses a quantity outside 1 to the add-on's maximum (a feature add-on is bought once)", () => {
      given(vendorAddOn, [])
        .when(purchase({ quantity: 0 }))
        .thenThrows(BusinessLogicException);
      given(vendorAddOn, [])
        .when(purchase({ add_on_code: 'custom_domain', quantity: 2 }))
        .thenThrows(BusinessLogicException, /1 to 1/);
    });
  });

  context('canceling', () => {
    it('cancels an active add-on of the vendor', () => {
      given(vendorAddOn, [purchased])
        .when({ type: 'CancelAddOn', data: { vendor_id: 7, at: later } })
        .then([canceled]);
    });

    it("answers another vendor's add-on as unknown", () => {
      given(vendorAddOn, [purchased])
        .when({ type: 'CancelAddOn', data: { vendor_id: 8, at: later } })
        .thenThrows(AddOnNotFoundException);
    });

    it('refuses to cancel twice, naming the state', () => {
      given(vendorAddOn, [purchased, canceled])
        .when({ type: 'CancelAddOn', data: { vendor_id: 7, at: later } })
        .thenThrows(InvalidTransitionException, /canceled/);
    });

    it('refuses an add-on that was never bought', () => {
      given(vendorAddOn, [])
        .when({ type: 'CancelAddOn', data: { vendor_id: 7, at: later } })
        .thenThrows(AddOnNotFoundException);
    });
  });

  context('what active add-ons add to a plan', () => {
    it("adds each add-on's amount times its quantity, and leaves an unlimited limit unlimited", () => {
      const limits = withAddOns({ products: 100, orders_per_period: null, team_members: 2 }, [
        { add_on_code: 'extra_products_500', quantity: 2 },
        { add_on_code: 'extra_orders_1000', quantity: 1 },
        { add_on_code: 'extra_seat', quantity: 3 },
      ]);
      expect(limits).to.deep.equal({ products: 1100, orders_per_period: null, team_members: 5 });
    });

    it('has a capability add-on that names a feature of the feature catalogue', () => {
      expect(addOnByCode('custom_domain')!.adds.features).to.deep.equal(['custom_domain']);
    });
  });
});
