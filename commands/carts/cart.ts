import type { CartEvent } from './events.ts';

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
