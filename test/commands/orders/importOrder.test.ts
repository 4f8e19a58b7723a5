import { expect } from 'chai';
import { order } from '../../../commands/orders/orderDecider.ts';
import { BusinessLogicException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';
import { anOrder, at, exceptionRaised, imported, item, VENDOR } from './fixtures.ts';

const importing = (
  items = [item(1), item(2)],
  unmatched: { exception_id: number; item_id: number; placeholder_product_id: number }[] = [],
) => ({ type: 'ImportOrder' as const, data: { order: anOrder(items), unmatched, at } });

describe('importing an extmarket order', () => {
  it('records the order with its items, all unconfirmed', () => {
    given(order, [])
      .when(importing())
      .then([imported(item(1), item(2))]);
  });
  it('raises an order item exception for an item whose GTIN matched no product', () => {
    const items = [item(1), item(2, 1, { needs_product_match: true, product_id: 999 })];
    given(order, [])
      .when(importing(items, [{ exception_id: 5, item_id: 2, placeholder_product_id: 999 }]))
      .then([imported(...items), exceptionRaised(5, 2)]);
  });
  it('changes nothing when the same extmarket order is imported again (a repeated sync)', () => {
    given(order, [imported(item(1), item(2))])
      .when(importing())
      .then([]);
  });
  it('refuses an order without items or with a bad quantity', () => {
    given(order, []).when(importing([])).thenThrows(BusinessLogicException);
    given(order, [])
      .when(importing([item(1, 0)]))
      .thenThrows(BusinessLogicException);
  });
  it('refuses an exception for an item the order does not have', () => {
    given(order, [])
      .when(importing([item(1)], [{ exception_id: 5, item_id: 9, placeholder_product_id: 999 }]))
      .thenThrows(BusinessLogicException);
  });
});

describe('tracking and extmarket pushes', () => {
  const base = [
    imported(item(1)),
    {
      type: 'OrderItemConfirmed' as const,
      data: {
        order_id: 42,
        vendor_id: VENDOR,
        item_id: 1,
        external_order_id: 'ext-order-42',
        external_item_id: 'unit-1-1',
        inventory_unit_ids: ['unit-1-1'],
        channel: 'extmarket' as const,
        source: 'vendor' as const,
        at,
      },
    },
    { type: 'OrderConfirmed' as const, data: { order_id: 42, vendor_id: VENDOR, from: 'unconfirmed' as const, at } },
  ];
  it('stores tracking against the external shipment id', () => {
    given(order, base)
      .when({ type: 'SetTracking', data: { vendor_id: VENDOR, tracking_number: 'TRK-1', carrier: 'post', at } })
      .then([
        {
          type: 'OrderTrackingSet',
          data: {
            order_id: 42,
            vendor_id: VENDOR,
            external_order_id: 'ext-order-42',
            external_shipment_id: 'ext-ship-42',
            channel: 'extmarket',
            tracking_number: 'TRK-1',
            carrier: 'post',
            at,
          },
        },
      ]);
  });
  const push = (ok: boolean, attempt: number) => ({
    type: 'RecordExtmarketPush' as const,
    data: {
      vendor_id: VENDOR,
      key: 'evt-1',
      operation: 'confirm_item' as const,
      item_id: 1,
      inventory_unit_ids: ['unit-1-1'],
      external_shipment_id: null,
      tracking_number: null,
      carrier: null,
      attempt,
      ok,
      error: ok ? null : 'HTTP 503',
      retry_at: ok ? null : at,
      at,
    },
  });
  it('records a failed push with what the retry needs, then the success', () => {
    const failed = order.decide(push(false, 1), given(order, base).state);
    given(order, base).when(push(false, 1)).then(failed);
    given(order, [...base, ...failed])
      .when(push(true, 2))
      .then([
        {
          type: 'ExtmarketPushSucceeded',
          data: { order_id: 42, vendor_id: VENDOR, key: 'evt-1', operation: 'confirm_item', item_id: 1, attempt: 2, at },
        },
      ]);
  });
  it('ignores a stale attempt and anything after a success', () => {
    const failed = order.decide(push(false, 2), given(order, base).state);
    given(order, [...base, ...failed])
      .when(push(false, 1))
      .then([]);
    const ok = order.decide(push(true, 3), given(order, [...base, ...failed]).state);
    given(order, [...base, ...failed, ...ok])
      .when(push(false, 4))
      .then([]);
  });
  it("keeps every push of an order with a thousand of them, and a replay keeps each step's answers as they were then", () => {
    const keyed = (key: string, ok: boolean, attempt: number) => ({ ...push(ok, attempt), data: { ...push(ok, attempt).data, key } });
    let state = given(order, base).state;
    const steps = [];
    for (let k = 0; k < 1_000; k++) {
      for (const e of order.decide(keyed(`evt-${k}`, k % 3 !== 0, 1), state)) state = order.evolve(state, e);
      steps.push(state);
    }
    // A success is final and a stale attempt ignored, for the first key as for the last.
    expect(order.decide(keyed('evt-1', false, 2), state)).to.deep.equal([]);
    expect(order.decide(keyed('evt-999', true, 1), state)).to.deep.equal([]);
    expect(order.decide(keyed('evt-999', true, 2), state)).to.have.length(1);
    // The state after the tenth push does not know of the eleventh.
    expect(order.decide(keyed('evt-10', true, 1), steps[9])).to.have.length(1);
    expect(order.decide(keyed('evt-10', true, 1), steps[10])).to.deep.equal([]);
  });
});
