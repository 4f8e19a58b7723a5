import type { TransitionTable } from '../../src/core/transitions.ts';
import type { ExceptionStatus, ImportedItem, ImportedOrder, ItemStatus, OrderEvent, OrderStatus } from './events.ts';
import { NO_PUSHES, withPush, type PushBook } from './pushBook.ts';

/**
 * The order aggregate's state and the state tables of SPEC.md part 3, written as data.
 * A refused move is checked in one place (checkTransition) and answers 409 naming the state.
 */
export interface ItemState extends ImportedItem {
  status: ItemStatus;
  shipped_quantity: number;
}

export interface ExceptionState {
  exception_id: number;
  item_id: number;
  status: ExceptionStatus;
  gtin: string | null;
}

export type OrderState =
  | { status: 'none' }
  | (Omit<ImportedOrder, 'items'> & {
      status: OrderStatus;
      items: ItemState[];
      exceptions: ExceptionState[];
      tracking_number: string | null;
      carrier: string | null;
      pushes: PushBook;
      /** The shop customer who placed the order; absent on extmarket orders. */
      customer_id?: number;
    });

export type LoadedOrder = Exclude<OrderState, { status: 'none' }>;
export type OrderAction =
  | 'import'
  | 'place'
  | 'confirm_item'
  | 'decline_item'
  | 'confirm'
  | 'reject'
  | 'ship_item'
  | 'set_tracking'
  | 'handle_exception'
  | 'record_push';
export type ItemAction = 'confirm' | 'decline' | 'ship';
export type ExceptionAction = 'resolve' | 'ignore';

const ALL: OrderStatus[] = ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'];

/** SPEC.md part 3, order rows. 'computed' = the status follows from the items (orderStatusOf). */
export const ORDER_TRANSITIONS: TransitionTable<OrderState['status'], OrderAction> = {
  import: { from: ['none'], to: 'unconfirmed' },
  // A shop order is confirmed when it is placed: the customer bought what the shop offered, at the
  // prices they accepted, and its stock was reserved for it. It then ships like any order.
  place: { from: ['none'], to: 'confirmed' },
  confirm_item: { from: ['unconfirmed', 'confirmed', 'partially_shipped'], to: 'computed' },
  decline_item: { from: ['unconfirmed', 'confirmed', 'partially_shipped'], to: 'computed' },
  // Confirm order confirms every item still unconfirmed; reject declines all, so none may be confirmed.
  confirm: { from: ['unconfirmed', 'confirmed'], to: 'confirmed' },
  reject: { from: ['unconfirmed'], to: 'declined' },
  ship_item: { from: ['confirmed', 'partially_shipped'], to: 'computed' },
  set_tracking: { from: ['confirmed', 'partially_shipped', 'shipped'], to: 'computed' },
  handle_exception: { from: ALL, to: 'computed' },
  record_push: { from: ALL, to: 'computed' },
};

/** SPEC.md part 3, order item rows: confirm and decline only from unconfirmed. */
export const ITEM_TRANSITIONS: TransitionTable<ItemStatus, ItemAction> = {
  confirm: { from: ['unconfirmed'], to: 'confirmed' },
  decline: { from: ['unconfirmed'], to: 'declined' },
  ship: { from: ['confirmed'], to: 'confirmed' },
};

/** SPEC.md part 3, order item exception row (statuses are ours: part 3 leaves them open). */
export const EXCEPTION_TRANSITIONS: TransitionTable<ExceptionStatus, ExceptionAction> = {
  resolve: { from: ['pending'], to: 'resolved' },
  ignore: { from: ['pending'], to: 'ignored' },
};

/**
 * The order status the items imply (SPEC.md part 3): every item declined → declined; once units
 * ship, shipped when every item not declined is fully shipped, else partially_shipped; otherwise
 * confirmed when at least one item is confirmed (partial confirmation), else unconfirmed.
 */
export function orderStatusOf(items: readonly Pick<ItemState, 'status' | 'quantity' | 'shipped_quantity'>[]): OrderStatus {
  if (items.every((i) => i.status === 'declined')) return 'declined';
  const live = items.filter((i) => i.status !== 'declined');
  if (items.some((i) => i.shipped_quantity > 0)) {
    return live.every((i) => i.status === 'confirmed' && i.shipped_quantity >= i.quantity) ? 'shipped' : 'partially_shipped';
  }
  return items.some((i) => i.status === 'confirmed') ? 'confirmed' : 'unconfirmed';
}

export const initialOrderState = (): OrderState => ({ status: 'none' });

const setItem = (s: LoadedOrder, id: number, change: Partial<ItemState>): LoadedOrder => ({
  ...s,
  items: s.items.map((i) => (i.item_id === id ? { ...i, ...change } : i)),
});
const setException = (s: LoadedOrder, id: number, status: ExceptionStatus): LoadedOrder => ({
  ...s,
  exceptions: s.exceptions.map((x) => (x.exception_id === id ? { ...x, status } : x)),
});

/** A new order, from the extmarket or the shop: every item waits for the vendor's decision. */
function arrived({ items, ...order }: ImportedOrder & { customer_id?: number }): LoadedOrder {
  return {
    ...order,
    status: 'unconfirmed',
    exceptions: [],
    tracking_number: null,
    carrier: null,
    pushes: NO_PUSHES,
    items: items.map((i) => ({ ...i, status: 'unconfirmed', shipped_quantity: 0 })),
  };
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderImported') {
    const { imported_at: _at, ...order } = event.data;
    return arrived(order);
  }
  if (event.type === 'OrderPlaced') {
    const { placed_at: _at, session_id: _session, language: _language, shop_url: _url, ...order } = event.data;
    const placed = arrived(order);
    return { ...placed, status: 'confirmed', items: placed.items.map((i) => ({ ...i, status: 'confirmed' })) };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'OrderItemExceptionRaised': {
      const x = event.data;
      return {
        ...state,
        exceptions: [...state.exceptions, { exception_id: x.exception_id, item_id: x.item_id, status: 'pending', gtin: x.gtin }],
      };
    }
    case 'OrderItemConfirmed':
      return setItem(state, event.data.item_id, { status: 'confirmed' });
    case 'OrderItemDeclined':
      return setItem(state, event.data.item_id, { status: 'declined' });
    case 'ItemShipped':
      return setItem(state, event.data.item_id, { shipped_quantity: event.data.shipped_quantity });
    case 'OrderConfirmed':
      return { ...state, status: 'confirmed' };
    case 'OrderDeclined':
      return { ...state, status: 'declined' };
    case 'OrderPartiallyShipped':
      return { ...state, status: 'partially_shipped' };
    case 'OrderShipped':
      return { ...state, status: 'shipped' };
    case 'OrderTrackingSet':
      return { ...state, tracking_number: event.data.tracking_number, carrier: event.data.carrier };
    case 'OrderItemExceptionResolved': {
      const next = setException(state, event.data.exception_id, 'resolved');
      return setItem(next, event.data.item_id, { product_id: event.data.product_id, needs_product_match: false });
    }
    case 'OrderItemExceptionIgnored':
      return setException(state, event.data.exception_id, 'ignored');
    case 'ExtmarketPushSucceeded':
    case 'ExtmarketPushFailed': {
      const push = event.data;
      const status = event.type === 'ExtmarketPushSucceeded' ? 'succeeded' : 'failed';
      return { ...state, pushes: withPush(state.pushes, push.key, { status, attempt: push.attempt }) };
    }
  }
}
