import { expect } from 'chai';
import { order } from '../../../commands/orders/orderDecider.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { OrderItemNotFoundException } from '../../../commands/orders/errors.ts';
import { given } from '../../support/decider.ts';
import { at, confirmed, declined, imported, item, orderConfirmed, orderDeclined, VENDOR } from './fixtures.ts';

const confirm = (item_id: number) => ({
  type: 'ConfirmOrderItem' as const,
  data: { vendor_id: VENDOR, item_id, source: 'vendor' as const, at },
});
const decline = (item_id: number) => ({
  type: 'DeclineOrderItem' as const,
  data: { vendor_id: VENDOR, item_id, source: 'vendor' as const, at },
});

describe('confirming and declining order items (SPEC.md part 3, order item rows)', () => {
  context('confirm item: the item is unconfirmed', () => {
    it('confirms the item and, as the first confirmed item, confirms the order (partial confirmation)', () => {
      given(order, [imported(item(1), item(2), item(3))])
        .when(confirm(2))
        .then([confirmed(2), orderConfirmed()]);
    });
    it('confirms a further item of a confirmed order without a second status change', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(confirm(2))
        .then([confirmed(2)]);
    });
    it('confirms the last open item after the others were declined: at least one confirmed → confirmed', () => {
      given(order, [imported(item(1), item(2)), declined(1)])
        .when(confirm(2))
        .then([confirmed(2), orderConfirmed()]);
    });
    it('carries the extmarket inventory unit ids of the item for the push', () => {
      const [event] = order.decide(confirm(1), given(order, [imported(item(1, 3))]).state);
      expect(event.data).to.include({ item_id: 1, external_order_id: 'ext-order-42' });
      expect((event.data as any).inventory_unit_ids).to.deep.equal(['unit-1-1', 'unit-1-2', 'unit-1-3']);
    });
  });

  context('decline item: the item is unconfirmed', () => {
    it('declines one of several items and leaves the order unconfirmed while others are open', () => {
      given(order, [imported(item(1), item(2))])
        .when(decline(1))
        .then([declined(1)]);
    });
    it('declines the last item: every item declined → the order is declined', () => {
      given(order, [imported(item(1), item(2)), declined(1)])
        .when(decline(2))
        .then([declined(2), orderDeclined()]);
    });
    it('declines an item of a confirmed order: it stays confirmed (one item is confirmed)', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(decline(2))
        .then([declined(2)]);
    });
  });

  context('refused: the item is not unconfirmed', () => {
    it('refuses to confirm a confirmed item, naming its state', () => {
      const err = given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(confirm(1))
        .thenThrows(InvalidTransitionException, /Order item cannot confirm from state 'confirmed'/);
      expect(err.status).to.equal(409);
      expect(err.extra).to.include({ current_state: 'confirmed', item_id: 1 });
    });
    it('refuses to decline a confirmed item', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(decline(1))
        .thenThrows(InvalidTransitionException, /'confirmed'/);
    });
    it('refuses to confirm a declined item', () => {
      given(order, [imported(item(1), item(2)), declined(1)])
        .when(confirm(1))
        .thenThrows(InvalidTransitionException, /'declined'/);
    });
    it('refuses to decline a declined item', () => {
      given(order, [imported(item(1), item(2)), declined(1)])
        .when(decline(1))
        .thenThrows(InvalidTransitionException, /'declined'/);
    });
    it('answers not found for an item the order does not have', () => {
      given(order, [imported(item(1))])
        .when(confirm(9))
        .thenThrows(OrderItemNotFoundException);
    });
  });
});
