import { expect } from 'chai';
import { order } from '../../../commands/orders/orderDecider.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { ShipmentQuantityException } from '../../../commands/orders/errors.ts';
import { given } from '../../support/decider.ts';
import {
  at,
  confirmed,
  declined,
  imported,
  item,
  orderConfirmed,
  orderPartiallyShipped,
  orderShipped,
  shipped,
  VENDOR,
} from './fixtures.ts';

const ship = (item_id: number, quantity: number) => ({ type: 'ShipItem' as const, data: { vendor_id: VENDOR, item_id, quantity, at } });
const threeUnits = [imported(item(1, 3)), confirmed(1, 3), orderConfirmed()];

describe('shipping items (SPEC.md part 3, ship item rows)', () => {
  context('when 2 of 3 units are shipped', () => {
    it('marks the order partially_shipped and records shipped_quantity', () => {
      given(order, threeUnits)
        .when(ship(1, 2))
        .then([shipped(1, 2, 2), orderPartiallyShipped()]);
    });
  });
  context('when the last unit ships', () => {
    it('marks the order shipped', () => {
      given(order, [...threeUnits, shipped(1, 2, 2), orderPartiallyShipped()])
        .when(ship(1, 1))
        .then([shipped(1, 1, 3), orderShipped('partially_shipped')]);
    });
  });
  context('when all units ship at once', () => {
    it('goes from confirmed straight to shipped', () => {
      given(order, threeUnits)
        .when(ship(1, 3))
        .then([shipped(1, 3, 3), orderShipped()]);
    });
  });
  context('with several items', () => {
    const two = [imported(item(1), item(2, 2)), confirmed(1), orderConfirmed(), confirmed(2, 2)];
    it('stays partially_shipped while another item is not fully shipped', () => {
      given(order, [...two, shipped(1, 1, 1), orderPartiallyShipped()])
        .when(ship(2, 1))
        .then([shipped(2, 1, 1)]);
    });
    it('counts a declined item as nothing to ship', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed(), declined(2)])
        .when(ship(1, 1))
        .then([shipped(1, 1, 1), orderShipped()]);
    });
    it('stays partially_shipped while an item is still unconfirmed', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(ship(1, 1))
        .then([shipped(1, 1, 1), orderPartiallyShipped()]);
    });
    it('becomes shipped when the last open item is declined after the rest shipped', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed(), shipped(1, 1, 1), orderPartiallyShipped()])
        .when({ type: 'DeclineOrderItem', data: { vendor_id: VENDOR, item_id: 2, source: 'vendor', at } })
        .then([declined(2), orderShipped('partially_shipped')]);
    });
  });
  context('a digital product', () => {
    it('says so on the shipment, so the inventory is left alone', () => {
      given(order, [imported(item(1, 1, { is_digital: true })), confirmed(1), orderConfirmed()])
        .when(ship(1, 1))
        .then([shipped(1, 1, 1, { is_digital: true }), orderShipped()]);
    });
  });

  context('refused', () => {
    it('never ships past the confirmed quantity', () => {
      const err = given(order, [...threeUnits, shipped(1, 2, 2), orderPartiallyShipped()])
        .when(ship(1, 2))
        .thenThrows(ShipmentQuantityException, /1 of 3/);
      expect(err.extra).to.include({ remaining: 1, shipped_quantity: 2 });
    });
    it('refuses zero or negative quantities', () => {
      given(order, threeUnits).when(ship(1, 0)).thenThrows(ShipmentQuantityException);
      given(order, threeUnits).when(ship(1, -1)).thenThrows(ShipmentQuantityException);
    });
    it('refuses an unconfirmed item of a confirmed order, naming the item state', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(ship(2, 1))
        .thenThrows(InvalidTransitionException, /Order item cannot ship from state 'unconfirmed'/);
    });
    it('refuses a declined item', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed(), declined(2)])
        .when(ship(2, 1))
        .thenThrows(InvalidTransitionException, /'declined'/);
    });
    it('refuses any shipment of an unconfirmed order', () => {
      given(order, [imported(item(1))])
        .when(ship(1, 1))
        .thenThrows(InvalidTransitionException, /Order cannot ship_item from state 'unconfirmed'/);
    });
  });
});
