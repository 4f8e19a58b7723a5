import type { CartEvent } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { CartValidationException, InsufficientInventoryForCartException } from '../../src/core/errors.ts';
import { CartItemNotFoundException, InvalidCartQuantityException, ProductNotAvailableForCartException } from './errors.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartCommand } from './commands.ts';

export type { CartCommand } from './commands.ts';
export { MAX_CART_LINES, MAX_LINE_QUANTITY } from './commands.ts';

/** One line of a cart: a product, its quantity and the prices the customer saw and agreed to. */
export interface CartLine {
  product_id: number;
  quantity: number;
  /** The product's price when the line was first added. */
  price_at_add_cents: number;
  /** The highest unit price the customer agreed to: price_at_add, or an accepted higher price. */
  agreed_price_cents: number;
  added_at: string;
}

export interface CartState {
  vendor_id: number | null;
  session_id: string | null;
  /** Lines in the order they were first added. */
  lines: CartLine[];
  /** Orders already taken out of this cart (checkout happens once per order). */
  checked_out_orders: number[];
}

export const initialCartState = (): CartState => ({ vendor_id: null, session_id: null, lines: [], checked_out_orders: [] });

export const lineOf = (state: CartState, productId: number): CartLine | undefined => state.lines.find((l) => l.product_id === productId);

const withLine = (state: CartState, productId: number, change: (l: CartLine) => CartLine | null): CartLine[] =>
  state.lines.flatMap((l) => {
    if (l.product_id !== productId) return [l];
    const next = change(l);
    return next && next.quantity > 0 ? [next] : [];
  });

export function evolveCart(state: CartState, event: CartEvent): CartState {
  const d = event.data;
  const s = { ...state, vendor_id: d.vendor_id, session_id: d.session_id };
  switch (event.type) {
    case 'CartItemAdded': {
      const e = event.data;
      if (lineOf(state, e.product_id)) return { ...s, lines: withLine(state, e.product_id, (l) => ({ ...l, quantity: e.quantity_after })) };
      return {
        ...s,
        lines: [
          ...state.lines,
          {
            product_id: e.product_id,
            quantity: e.quantity_after,
            price_at_add_cents: e.price_at_add_cents,
            agreed_price_cents: e.price_at_add_cents,
            added_at: e.at,
          },
        ],
      };
    }
    case 'CartItemQuantityChanged':
      return { ...s, lines: withLine(state, event.data.product_id, (l) => ({ ...l, quantity: event.data.quantity })) };
    case 'CartItemRemoved':
      return { ...s, lines: withLine(state, event.data.product_id, () => null) };
    case 'CartCleared':
      return { ...s, lines: [] };
    case 'CartItemPriceAccepted':
      return { ...s, lines: withLine(state, event.data.product_id, (l) => ({ ...l, agreed_price_cents: event.data.price_cents })) };
    case 'CartCheckedOut': {
      let lines = state.lines;
      for (const taken of event.data.lines) {
        lines = withLine({ ...state, lines }, taken.product_id, (l) => ({ ...l, quantity: l.quantity - taken.quantity }));
      }
      return { ...s, lines, checked_out_orders: [...state.checked_out_orders, event.data.order_id] };
    }
  }
}

function checkQuantity(quantity: number, what: string): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    const message = `${what} must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
    throw new InvalidCartQuantityException(message, [{ pointer: '/body/quantity', message }]);
  }
}

/** Stock counts the whole line: what is in the cart already plus what is added. */
function checkStock(productId: number, wanted: number, available: number | null): void {
  if (available !== null && wanted > available) {
    throw new InsufficientInventoryForCartException(
      `Only ${Math.max(available, 0)} of product ${productId} available; the cart would hold ${wanted}`,
      {
        product_id: productId,
        requested: wanted,
        available: Math.max(available, 0),
      },
    );
  }
}

function notInCart(productId: number): never {
  throw new CartItemNotFoundException(`Product ${productId} is not in the cart`, { product_id: productId });
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  const { vendor_id, session_id, at } = command.data;
  const ref = { vendor_id, session_id };
  switch (command.type) {
    case 'AddCartItem': {
      const { product_id, quantity, price_cents, available } = command.data;
      checkQuantity(quantity, 'The quantity to add');
      const line = lineOf(state, product_id);
      if (!line && state.lines.length >= MAX_CART_LINES) {
        const message = `A cart holds at most ${MAX_CART_LINES} different products`;
        throw new CartValidationException(message, [{ pointer: '/body/product_id', message }]);
      }
      const after = (line?.quantity ?? 0) + quantity;
      checkQuantity(after, 'The quantity of a cart line');
      checkStock(product_id, after, available);
      return [
        { type: 'CartItemAdded', data: { ...ref, product_id, quantity, quantity_after: after, price_at_add_cents: price_cents, at } },
      ];
    }
    case 'ChangeCartItemQuantity': {
      const { product_id, quantity, available, sellable } = command.data;
      checkQuantity(quantity, 'The quantity');
      const line = lineOf(state, product_id) ?? notInCart(product_id);
      if (line.quantity === quantity) return [];
      // Lowering a line never needs stock nor a product still for sale: the customer gives units back.
      if (quantity > line.quantity) {
        if (!sellable) throw new ProductNotAvailableForCartException(`Product ${product_id} is not available`, { product_id });
        checkStock(product_id, quantity, available);
      }
      return [{ type: 'CartItemQuantityChanged', data: { ...ref, product_id, quantity, previous_quantity: line.quantity, at } }];
    }
    case 'RemoveCartItem': {
      const line = lineOf(state, command.data.product_id) ?? notInCart(command.data.product_id);
      return [{ type: 'CartItemRemoved', data: { ...ref, product_id: line.product_id, previous_quantity: line.quantity, at } }];
    }
    case 'ClearCart':
      // Clearing an empty cart is a success that records nothing: a retried DELETE must not fail.
      if (state.lines.length === 0) return [];
      return [{ type: 'CartCleared', data: { ...ref, product_ids: state.lines.map((l) => l.product_id), at } }];
    case 'AcceptCartItemPrice': {
      const { product_id, price_cents } = command.data;
      const line = lineOf(state, product_id) ?? notInCart(product_id);
      // Only a rise needs consent; at or below the agreed price the cart already charges the current price.
      if (price_cents <= line.agreed_price_cents) return [];
      return [
        { type: 'CartItemPriceAccepted', data: { ...ref, product_id, price_cents, previous_price_cents: line.agreed_price_cents, at } },
      ];
    }
    case 'CheckOutCart': {
      const { order_id, lines } = command.data;
      if (state.checked_out_orders.includes(order_id)) return [];
      const taken = lines.flatMap((ordered) => {
        const quantity = Math.min(ordered.quantity, lineOf(state, ordered.product_id)?.quantity ?? 0);
        return quantity > 0 ? [{ product_id: ordered.product_id, quantity }] : [];
      });
      return [{ type: 'CartCheckedOut', data: { ...ref, order_id, lines: taken, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const cart: Decider<CartState, CartCommand, CartEvent> = {
  aggregate: 'cart',
  initialState: initialCartState,
  evolve: evolveCart,
  decide: decideCart,
};
