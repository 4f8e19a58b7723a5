import { expect } from 'chai';
import type { CartEvent } from '../../../commands/carts/events.ts';
import { cart, MAX_LINE_QUANTITY } from '../../../commands/carts/cart.ts';
import { linePrice } from '../../../commands/carts/linePrice.ts';
import { CartValidationException, InsufficientInventoryForCartException } from '../../../src/core/errors.ts';
import {
  CartItemNotFoundException,
  InvalidCartQuantityException,
  ProductNotAvailableForCartException,
} from '../../../commands/carts/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const ref = { vendor_id: 7, session_id: 'sess-AbCdEfGhIjKlMnOpQrStUv' };
const added = (product_id: number, quantity: number, quantity_after: number, price: number): CartEvent => ({
  type: 'CartItemAdded',
  data: { ...ref, product_id, quantity, quantity_after, price_at_add_cents: price, at },
});
const add = (product_id: number, quantity: number, price_cents: number, available: number | null = null) => ({
  type: 'AddCartItem' as const,
  data: { ...ref, product_id, quantity, price_cents, available, at },
});
const lineOf = (events: CartEvent[], productId: number) =>
  events.reduce(cart.evolve, cart.initialState()).lines.find((l) => l.product_id === productId);

describe('session cart', () => {
  context('adding a product', () => {
    it('captures the price at add on the first add', () => {
      given(cart, [])
        .when(add(1, 2, 1999))
        .then([added(1, 2, 2, 1999)]);
    });

    it('adds up the quantities of a product added twice: one line, vendor + session + product unique', () => {
      given(cart, [added(1, 2, 2, 1999)])
        .when(add(1, 3, 1999))
        .then([added(1, 3, 5, 1999)]);
      const history = [added(1, 2, 2, 1999), added(1, 3, 5, 1999)];
      expect(history.reduce(cart.evolve, cart.initialState()).lines).to.have.length(1);
      expect(lineOf(history, 1)?.quantity).to.equal(5);
    });

    it('keeps the price of the first add when the product is added again at a higher price (no silent rise)', () => {
      const line = lineOf([added(1, 1, 1, 1000), added(1, 1, 2, 1200)], 1)!;
      expect(line).to.include({ quantity: 2, price_at_add_cents: 1000, agreed_price_cents: 1000 });
      expect(linePrice(line.agreed_price_cents, 1200)).to.deep.equal({
        unit_price_cents: 1000,
        price_increased: true,
        price_decreased: false,
      });
    });

    it('counts the units already in the cart against the stock', () => {
      const err = given(cart, [added(1, 3, 3, 500)])
        .when(add(1, 2, 500, 4))
        .thenThrows(InsufficientInventoryForCartException, /Only 4/);
      expect(err.extra).to.deep.include({ product_id: 1, requested: 5, available: 4 });
      given(cart, [added(1, 3, 3, 500)])
        .when(add(1, 1, 500, 4))
        .then([added(1, 1, 4, 500)]);
    });

    it('takes any quantity of a product with unlimited stock (digital)', () => {
      given(cart, [])
        .when(add(2, MAX_LINE_QUANTITY, 300, null))
        .then([added(2, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY, 300)]);
    });

    it(`refuses quantities below 1 or a line above ${MAX_LINE_QUANTITY}`, () => {
      given(cart, [])
        .when(add(1, 0, 500))
        .thenThrows(InvalidCartQuantityException, /1 to 999/);
      given(cart, [])
        .when(add(1, -2, 500))
        .thenThrows(InvalidCartQuantityException);
      given(cart, [added(1, 990, 990, 500)])
        .when(add(1, 10, 500))
        .thenThrows(InvalidCartQuantityException, /cart line/);
    });

    it('refuses a 101st different product', () => {
      const full = Array.from({ length: 100 }, (_, i) => added(i + 1, 1, 1, 100));
      given(cart, full)
        .when(add(500, 1, 100))
        .thenThrows(CartValidationException, /at most 100/);
      given(cart, full)
        .when(add(5, 1, 100))
        .then([added(5, 1, 2, 100)]);
    });
  });

  context('price changes', () => {
    it('passes a drop to the customer at once: the line charges the current price', () => {
      expect(linePrice(1000, 800)).to.deep.equal({ unit_price_cents: 800, price_increased: false, price_decreased: true });
    });

    it('charges the agreed price while a rise is not accepted, and flags it', () => {
      expect(linePrice(1000, 1250)).to.deep.equal({ unit_price_cents: 1000, price_increased: true, price_decreased: false });
    });

    it('records the acceptance of a rise; the line then charges the new price', () => {
      const accept = { type: 'AcceptCartItemPrice' as const, data: { ...ref, product_id: 1, price_cents: 1250, at } };
      const accepted: CartEvent = {
        type: 'CartItemPriceAccepted',
        data: { ...ref, product_id: 1, price_cents: 1250, previous_price_cents: 1000, at },
      };
      given(cart, [added(1, 1, 1, 1000)])
        .when(accept)
        .then([accepted]);
      const line = lineOf([added(1, 1, 1, 1000), accepted], 1)!;
      expect(line).to.include({ price_at_add_cents: 1000, agreed_price_cents: 1250 });
      expect(linePrice(line.agreed_price_cents, 1250).unit_price_cents).to.equal(1250);
      // A later drop still passes through.
      expect(linePrice(line.agreed_price_cents, 900).unit_price_cents).to.equal(900);
    });

    it('records nothing when there is no rise to accept, and refuses a product not in the cart', () => {
      given(cart, [added(1, 1, 1, 1000)])
        .when({ type: 'AcceptCartItemPrice', data: { ...ref, product_id: 1, price_cents: 900, at } })
        .then([]);
      given(cart, [])
        .when({ type: 'AcceptCartItemPrice', data: { ...ref, product_id: 1, price_cents: 900, at } })
        .thenThrows(CartItemNotFoundException);
    });
  });

  context('changing and removing lines', () => {
    const change = (quantity: number, available: number | null, sellable = true) => ({
      type: 'ChangeCartItemQuantity' as const,
      data: { ...ref, product_id: 1, quantity, available, sellable, at },
    });

    it('sets a quantity within the stock; lowering needs neither stock nor a product for sale', () => {
      given(cart, [added(1, 2, 2, 500)])
        .when(change(4, 4))
        .then([{ type: 'CartItemQuantityChanged', data: { ...ref, product_id: 1, quantity: 4, previous_quantity: 2, at } }]);
      given(cart, [added(1, 2, 2, 500)])
        .when(change(5, 4))
        .thenThrows(InsufficientInventoryForCartException);
      given(cart, [added(1, 5, 5, 500)])
        .when(change(1, 0, false))
        .then([{ type: 'CartItemQuantityChanged', data: { ...ref, product_id: 1, quantity: 1, previous_quantity: 5, at } }]);
      given(cart, [added(1, 1, 1, 500)])
        .when(change(2, 10, false))
        .thenThrows(ProductNotAvailableForCartException);
    });

    it('refuses 0 (DELETE removes a line) and a product that is not in the cart', () => {
      given(cart, [added(1, 2, 2, 500)])
        .when(change(0, 10))
        .thenThrows(InvalidCartQuantityException);
      given(cart, [])
        .when(change(1, 10))
        .thenThrows(CartItemNotFoundException, /not in the cart/);
    });

    it('removes a line, and clears a cart; clearing an empty cart records nothing', () => {
      given(cart, [added(1, 2, 2, 500)])
        .when({ type: 'RemoveCartItem', data: { ...ref, product_id: 1, at } })
        .then([{ type: 'CartItemRemoved', data: { ...ref, product_id: 1, previous_quantity: 2, at } }]);
      given(cart, [added(1, 2, 2, 500), added(2, 1, 1, 100)])
        .when({ type: 'ClearCart', data: { ...ref, at } })
        .then([{ type: 'CartCleared', data: { ...ref, product_ids: [1, 2], at } }]);
      given(cart, [])
        .when({ type: 'ClearCart', data: { ...ref, at } })
        .then([]);
    });

    it('captures a fresh price when a removed product is added again', () => {
      const removed: CartEvent = { type: 'CartItemRemoved', data: { ...ref, product_id: 1, previous_quantity: 2, at } };
      expect(lineOf([added(1, 2, 2, 500), removed, added(1, 1, 1, 700)], 1)).to.include({ quantity: 1, price_at_add_cents: 700 });
    });
  });

  context('checkout after an order', () => {
    const checkOut = (order_id: number, lines: { product_id: number; quantity: number }[]) => ({
      type: 'CheckOutCart' as const,
      data: { ...ref, order_id, lines, at },
    });

    it('takes out exactly the ordered quantities; units and lines added after the order stay', () => {
      const history = [added(1, 2, 2, 500), added(2, 1, 1, 100), added(1, 3, 5, 500), added(3, 1, 1, 50)];
      const out: CartEvent = {
        type: 'CartCheckedOut',
        data: {
          ...ref,
          order_id: 40,
          lines: [
            { product_id: 1, quantity: 2 },
            { product_id: 2, quantity: 1 },
          ],
          at,
        },
      };
      given(cart, history)
        .when(
          checkOut(40, [
            { product_id: 1, quantity: 2 },
            { product_id: 2, quantity: 1 },
          ]),
        )
        .then([out]);
      const after = [...history, out].reduce(cart.evolve, cart.initialState());
      expect(after.lines.map((l) => [l.product_id, l.quantity])).to.deep.equal([
        [1, 3],
        [3, 1],
      ]);
    });

    it('never takes out more than the cart holds (the customer lowered a line meanwhile)', () => {
      given(cart, [added(1, 1, 1, 500)])
        .when(
          checkOut(41, [
            { product_id: 1, quantity: 3 },
            { product_id: 9, quantity: 1 },
          ]),
        )
        .then([{ type: 'CartCheckedOut', data: { ...ref, order_id: 41, lines: [{ product_id: 1, quantity: 1 }], at } }]);
    });

    it('checks out once per order', () => {
      const out: CartEvent = { type: 'CartCheckedOut', data: { ...ref, order_id: 42, lines: [{ product_id: 1, quantity: 1 }], at } };
      given(cart, [added(1, 2, 2, 500), out])
        .when(checkOut(42, [{ product_id: 1, quantity: 1 }]))
        .then([]);
      expect(lineOf([added(1, 2, 2, 500), out], 1)?.quantity).to.equal(1);
    });
  });
});
