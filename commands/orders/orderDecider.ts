import { assertNever, type Decider } from '../../src/core/decider.ts';
import { confirmOrder, type ConfirmOrder } from './confirmOrder.ts';
import { confirmOrderItem, type ConfirmOrderItem } from './confirmOrderItem.ts';
import { declineOrderItem, type DeclineOrderItem } from './declineOrderItem.ts';
import type { OrderEvent } from './events.ts';
import {
  ignoreOrderItemException,
  resolveOrderItemException,
  type IgnoreOrderItemException,
  type ResolveOrderItemException,
} from './handleItemException.ts';
import { importOrder, type ImportOrder } from './importOrder.ts';
import { placeShopOrder, type PlaceShopOrder } from './placeOrder.ts';
import { evolveOrder, initialOrderState, type OrderState } from './order.ts';
import { recordExtmarketPush, type RecordExtmarketPush } from './recordExtmarketPush.ts';
import { rejectOrder, type RejectOrder } from './rejectOrder.ts';
import { setTracking, type SetTracking } from './setTracking.ts';
import { shipItem, type ShipItem } from './shipItem.ts';

export type { OrderState, LoadedOrder, ItemState } from './order.ts';
export type { UnmatchedItem } from './importOrder.ts';

export type OrderCommand =
  | ImportOrder
  | PlaceShopOrder
  | ConfirmOrderItem
  | DeclineOrderItem
  | ConfirmOrder
  | RejectOrder
  | ShipItem
  | SetTracking
  | ResolveOrderItemException
  | IgnoreOrderItemException
  | RecordExtmarketPush;

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'ImportOrder':
      return importOrder(command, state);
    case 'PlaceShopOrder':
      return placeShopOrder(command, state);
    case 'ConfirmOrderItem':
      return confirmOrderItem(command, state);
    case 'DeclineOrderItem':
      return declineOrderItem(command, state);
    case 'ConfirmOrder':
      return confirmOrder(command, state);
    case 'RejectOrder':
      return rejectOrder(command, state);
    case 'ShipItem':
      return shipItem(command, state);
    case 'SetTracking':
      return setTracking(command, state);
    case 'ResolveOrderItemException':
      return resolveOrderItemException(command, state);
    case 'IgnoreOrderItemException':
      return ignoreOrderItemException(command, state);
    case 'RecordExtmarketPush':
      return recordExtmarketPush(command, state);
    default:
      return assertNever(command);
  }
}

/** The order aggregate: stream `order-<id>`, one small stream per order (ARCHITECTURE.md). */
export const order: Decider<OrderState, OrderCommand, OrderEvent> = {
  aggregate: 'order',
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
