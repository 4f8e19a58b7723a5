import { expect } from 'chai';
import type { OrderEvent, OrderPlaced } from '../../../commands/orders/events.ts';
import { order } from '../../../commands/orders/orderDecider.ts';
import { BusinessLogicException, InvalidTransitionException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';
import { anOrder, at, imported, item, shipped, VENDOR } from './fixtures.ts';

/** A shop order of customer 9, placed from session cart "s…" (SPEC.md part 6 item 3; the shop row of the order state table). */
const placement = (over: Partial<OrderPlaced['data']> = {}): OrderPlaced['data'] => ({
  ...anOrder([
    item(1, 2, { inventory_unit_ids: [], external_item_id: null }),
    item(2, 1, { inventory_unit_ids: [], external_item_id: null, is_digital: true }),
  ]),
  channel: 'shop',
  external_order_id: null,
  external_shipment_id: null,
  order_number: 'S-000042',
  customer_id: 9,
  session_id: 'sEssIon-0123456789abcdefXYZ',
  language: 'fr',
  shop_url: 'http://127.0.0.1/vendors/acme/shop',
  placed_at: at,
  ...over,
});
const place = (over: Partial<OrderPlaced['data']> = {}) => ({ type: 'PlaceShopOrder' as const, data: placement(over) });
const placed = (over: Partial<OrderPlaced['data']> = {}): OrderEvent => ({ type: 'OrderPlaced', data: placement(over) });

describe('placing a shop order (the order aggregate, channel shop)', () => {
  it("records the order as placed, with the cart's lines and the customer", () => {
    given(order, []).when(place()).then([placed()]);
  });

  it('is confirmed at once, every item with it: the shop sold what it had reserved', () => {
    const { state } = given(order, [placed()]);
    expect(state.status).to.equal('confirmed');
    if (state.status === 'none') return;
    expect(state.items.map((i) => i.status)).to.deep.equal(['confirmed', 'confirmed']);
    expect(state.customer_id).to.equal(9);
  });

  it('ships through the same rows as any order: part of it is partially_shipped', () => {
    const events = order.decide(
      { type: 'ShipItem', data: { vendor_id: VENDOR, item_id: 1, quantity: 1, at } },
      given(order, [placed()]).state,
    );
    expect(events.map((e) => e.type)).to.deep.equal(['ItemShipped', 'OrderPartiallyShipped']);
  });

  it('placing it again (a retried request) changes nothing', () => {
    given(order, [placed()]).when(place()).then([]);
  });

  it("cannot take the id of an order that exists (another customer's, or an extmarket order)", () => {
    given(order, [placed()])
      .when(place({ customer_id: 10 }))
      .thenThrows(InvalidTransitionException, /'confirmed'/);
    given(order, [imported(item(1))])
      .when(place())
      .thenThrows(InvalidTransitionException, /'unconfirmed'/);
  });

  it('refuses an order without items, with a quantity below one or a price that is not whole cents', () => {
    given(order, [])
      .when(place({ items: [] }))
      .thenThrows(BusinessLogicException, /at least one item/);
    given(order, [])
      .when(place({ items: [item(1, 0)] }))
      .thenThrows(BusinessLogicException, /positive integer/);
    given(order, [])
      .when(place({ items: [item(1, 1, { unit_price_cents: 10.5 })] }))
      .thenThrows(BusinessLogicException, /whole number of cents/);
  });

  it('never carries an item waiting for a product match: the shop sells its own products', () => {
    given(order, [])
      .when(place({ items: [item(1, 1, { needs_product_match: true })] }))
      .thenThrows(BusinessLogicException, /product of the shop/);
  });

  it('shipping everything ships the order', () => {
    const events = order.decide(
      { type: 'ShipItem', data: { vendor_id: VENDOR, item_id: 1, quantity: 2, at } },
      given(order, [placed(), shipped(2, 1, 1)]).state,
    );
    expect(events.map((e) => e.type)).to.deep.equal(['ItemShipped', 'OrderShipped']);
  });
});
