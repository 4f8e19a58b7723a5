import { extmarketPushes } from '../projections/orders/extmarketPushes.ts';
import { orderDetail } from '../projections/orders/orderDetail.ts';
import { orderItemExceptions } from '../projections/orders/orderItemExceptions.ts';
import { orderList } from '../projections/orders/orderList.ts';
import { shipmentStatus } from '../projections/orders/shipmentStatus.ts';
import type { Consumer } from './runtime/consumer.ts';

/** The projections and process managers of the orders area (issue 5); src/consumers.ts runs them. */
export const ordersConsumers: readonly Consumer[] = [
  orderList,
  orderDetail,
  shipmentStatus,
  orderItemExceptions,
  extmarketPushes,
];
