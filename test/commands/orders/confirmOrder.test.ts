import { expect } from 'chai';
import { order } from '../../../commands/orders/orderDecider.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { UnresolvedOrderItemExceptionsException } from '../../../commands/orders/errors.ts';
import { given } from '../../support/decider.ts';
import { at, confirmed, declined, exceptionRaised, imported, item, orderConfirmed, orderDeclined, VENDOR } from './fixtures.ts';

const confirmAll = { type: 'ConfirmOrder' as const, data: { vendor_id: VENDOR, source: 'admin' as const, at } };
const reject = { type: 'RejectOrder' as const, data: { vendor_id: VENDOR, source: 'admin' as const, at } };
const resolved = (exception_id: number, item_id: number) => ({
  type: 'OrderItemExceptionResolved' as const,
  data: { order_id: 42, vendor_id: VENDOR, exception_id, item_id, product_id: 555, resolution: 'manual' as const, resolved_by: 1, at },
});

describe('confirming and rejecting a whole order (SPEC.md part 3, order rows)', () => {
  context('confirm order with no unresolved item exceptions', () => {
    it('confirms all items and the order', () => {
      given(order, [imported(item(1), item(2, 2))])
        .when(confirmAll)
        .then([confirmed(1, 1, 'admin'), confirmed(2, 2, 'admin'), orderConfirmed()]);
    });
    it('confirms the items still open of a partly confirmed order', () => {
      const events = order.decide(confirmAll, given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()]).state);
      expect(events.map((e) => [e.type, (e.data as any).item_id])).to.deep.equal([['OrderItemConfirmed', 2]]);
    });
    it('leaves a declined item declined and confirms the rest', () => {
      const events = order.decide(confirmAll, given(order, [imported(item(1), item(2)), declined(1)]).state);
      expect(events.map((e) => e.type)).to.deep.equal(['OrderItemConfirmed', 'OrderConfirmed']);
    });
    it('proceeds once every exception is resolved', () => {
      const events = order.decide(confirmAll, given(order, [imported(item(1)), exceptionRaised(5, 1), resolved(5, 1)]).state);
      expect(events.map((e) => e.type)).to.deep.equal(['OrderItemConfirmed', 'OrderConfirmed']);
    });
  });

  context('confirm order while unresolved item exceptions exist', () => {
    it('is blocked and leaves the order unchanged (409 naming the exceptions)', () => {
      const err = given(order, [imported(item(1), item(2)), exceptionRaised(5, 2)])
        .when(confirmAll)
        .thenThrows(UnresolvedOrderItemExceptionsException, /unresolved item exception/);
      expect(err.status).to.equal(409);
      expect(err.extra).to.deep.include({ current_state: 'unconfirmed', exception_ids: [5], item_ids: [2] });
    });
  });

  context('refused confirm order', () => {
    it('from confirmed with no unconfirmed item left', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed(), declined(2)])
        .when(confirmAll)
        .thenThrows(InvalidTransitionException, /'confirmed'/);
    });
  });

  context('reject order', () => {
    it('declines all items and the order', () => {
      given(order, [imported(item(1), item(2))])
        .when(reject)
        .then([declined(1, 1, 'admin'), declined(2, 1, 'admin'), orderDeclined()]);
    });
    it('declines only the open items when some are declined already', () => {
      const events = order.decide(reject, given(order, [imported(item(1), item(2)), declined(1)]).state);
      expect(events.map((e) => [e.type, (e.data as any).item_id ?? null])).to.deep.equal([
        ['OrderItemDeclined', 2],
        ['OrderDeclined', null],
      ]);
    });
    it('is refused once an item is confirmed (a confirmed item cannot be declined)', () => {
      given(order, [imported(item(1), item(2)), confirmed(1), orderConfirmed()])
        .when(reject)
        .thenThrows(InvalidTransitionException, /'confirmed'/);
    });
  });
});
