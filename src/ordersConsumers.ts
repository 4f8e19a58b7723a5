import { extmarketPushes } from '../projections/orders/extmarketPushes.ts';
import { orderDetail } from '../projections/orders/orderDetail.ts';
import { orderItemExceptions } from '../projections/orders/orderItemExceptions.ts';
import { orderList } from '../projections/orders/orderList.ts';
import { shipmentStatus } from '../projections/orders/shipmentStatus.ts';
import { extmarketCredentials } from '../projections/extmarket/extmarketCredentials.ts';
import { extmarketSyncLogs } from '../projections/extmarket/extmarketSyncLogs.ts';
import { invoiceList } from '../projections/invoices/invoiceList.ts';
import { invoiceSettingsProjection } from '../projections/invoices/invoiceSettings.ts';
import { pushOrderDecisionsToExtmarketOnDecided } from './processes/pushOrderDecisionsToExtmarketOnDecided.ts';
import { recordInventoryTransactionOnItemShipped } from './processes/recordInventoryTransactionOnItemShipped.ts';
import { resolveOrderItemExceptionsOnProductImported } from './processes/resolveOrderItemExceptionsOnProductImported.ts';
import { runExtmarketJobOnRequested } from './processes/runExtmarketJobOnRequested.ts';
import type { Consumer } from './runtime/consumer.ts';

/** The projections and process managers of the orders area (issue 5); src/consumers.ts runs them. */
export const ordersConsumers: readonly Consumer[] = [
  orderList,
  orderDetail,
  shipmentStatus,
  orderItemExceptions,
  extmarketPushes,
  extmarketCredentials,
  extmarketSyncLogs,
  invoiceList,
  invoiceSettingsProjection,
  runExtmarketJobOnRequested,
  pushOrderDecisionsToExtmarketOnDecided,
  resolveOrderItemExceptionsOnProductImported,
  recordInventoryTransactionOnItemShipped,
];
