import { expect } from 'chai';
import { order } from '../../../commands/orders/orderDecider.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { OrderItemExceptionNotFoundException, ProductMatchException } from '../../../commands/orders/errors.ts';
import { given } from '../../support/decider.ts';
import { at, exceptionRaised, HISTORIES, imported, item, VENDOR } from './fixtures.ts';

const unmatched = [imported(item(1), item(2, 1, { needs_product_match: true, product_id: 999 })), exceptionRaised(5, 2)];
const resolve = (product_gtin: string | null, resolution: 'product_imported' | 'manual' = 'product_imported') => ({
  type: 'ResolveOrderItemException' as const,
  data: { vendor_id: VENDOR, exception_id: 5, product_id: 555, product_gtin, resolution, by: 'system:test', at },
});
const ignore = { type: 'IgnoreOrderItemException' as const, data: { vendor_id: VENDOR, exception_id: 5, by: 3, at } };
const resolvedEvent = (resolution: 'product_imported' | 'manual') => ({
  type: 'OrderItemExceptionResolved' as const,
  data: { order_id: 42, vendor_id: VENDOR, exception_id: 5, item_id: 2, product_id: 555, resolution, resolved_by: 'system:test', at },
});

describe('order item exceptions (SPEC.md part 3, order item exception row)', () => {
  context('a matching product is imported: the item GTIN matches', () => {
    it('resolves the exception and links the item to the real product', () => {
      const spec = given(order, unmatched);
      spec.when(resolve('4006381333932')).then([resolvedEvent('product_imported')]);
      const after = order.evolve(spec.state, resolvedEvent('product_imported'));
      const linked = (after as any).items.find((i: any) => i.item_id === 2);
      expect(linked).to.include({ product_id: 555, needs_product_match: false });
      expect((after as any).exceptions[0].status).to.equal('resolved');
    });
    it('matches the GTIN in its 14-digit form (a leading zero does not matter)', () => {
      given(order, unmatched)
        .when(resolve('04006381333932'))
        .then([resolvedEvent('product_imported')]);
    });
    it('refuses a product whose GTIN does not match', () => {
      given(order, unmatched).when(resolve('4006381333931')).thenThrows(ProductMatchException);
      given(order, unmatched).when(resolve(null)).thenThrows(ProductMatchException);
    });
  });
  context('resolved by hand', () => {
    it('links any product the vendor picks', () => {
      given(order, unmatched)
        .when(resolve(null, 'manual'))
        .then([resolvedEvent('manual')]);
    });
    it('is possible in every order status', () => {
      for (const history of Object.values(HISTORIES)) {
        const events = order.decide(resolve(null, 'manual'), given(order, [...history, exceptionRaised(5, 2)]).state);
        expect(events).to.have.length(1);
      }
    });
  });
  context('ignored', () => {
    it('leaves the item on the placeholder product and no longer blocks the order', () => {
      given(order, unmatched)
        .when(ignore)
        .then([
          { type: 'OrderItemExceptionIgnored', data: { order_id: 42, vendor_id: VENDOR, exception_id: 5, item_id: 2, ignored_by: 3, at } },
        ]);
    });
  });
  context('refused', () => {
    it('resolving a resolved exception names its state', () => {
      given(order, [...unmatched, resolvedEvent('manual')])
        .when(resolve(null, 'manual'))
        .thenThrows(InvalidTransitionException, /'resolved'/);
    });
    it('ignoring a resolved exception', () => {
      given(order, [...unmatched, resolvedEvent('manual')])
        .when(ignore)
        .thenThrows(InvalidTransitionException, /'resolved'/);
    });
    it('resolving an ignored exception', () => {
      const ignored = {
        type: 'OrderItemExceptionIgnored' as const,
        data: { order_id: 42, vendor_id: VENDOR, exception_id: 5, item_id: 2, ignored_by: 3, at },
      };
      given(order, [...unmatched, ignored])
        .when(resolve('4006381333932'))
        .thenThrows(InvalidTransitionException, /'ignored'/);
    });
    it('an exception the order does not have', () => {
      given(order, [imported(item(1))])
        .when(ignore)
        .thenThrows(OrderItemExceptionNotFoundException);
    });
  });
});
