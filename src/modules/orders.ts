import { order } from '../../commands/orders/index.ts';
import { extmarketPushes } from '../../projections/orders/extmarketPushes.ts';
import { orderDetail } from '../../projections/orders/orderDetail.ts';
import { orderItemExceptions } from '../../projections/orders/orderItemExceptions.ts';
import { orderList } from '../../projections/orders/orderList.ts';
import { shipmentStatus } from '../../projections/orders/shipmentStatus.ts';
import { adminOrderRoutes } from '../http/admin/orders.ts';
import { shopOrderRoutes } from '../http/shop/orders.ts';
import { vendorOrderItemExceptionRoutes } from '../http/vendor/orderItemExceptions.ts';
import { vendorOrderRoutes } from '../http/vendor/orders.ts';
import { pushOrderDecisionsToExtmarketOnDecided } from '../processes/pushOrderDecisionsToExtmarketOnDecided.ts';
import { sendOrderConfirmationOnOrderPlaced } from '../processes/sendOrderConfirmationOnOrderPlaced.ts';
import { resolveOrderItemExceptionsOnProductImported } from '../processes/resolveOrderItemExceptionsOnProductImported.ts';
import { retryExtmarketPushes } from '../workers/extmarket/retryExtmarketPushes.ts';
import { defineModule } from './module.ts';

export const ordersModule = defineModule({
  name: 'orders',
  tag: 'Orders',
  description: 'Orders from the shop and the extmarket: items, decisions, shipments, item exceptions.',
  dependsOn: ['catalogue', 'inventory', 'carts', 'customers'],
  routes: { admin: [adminOrderRoutes], vendor: [vendorOrderRoutes, vendorOrderItemExceptionRoutes], shop: [shopOrderRoutes] },
  consumers: [orderList, orderDetail, shipmentStatus, orderItemExceptions, extmarketPushes,
    pushOrderDecisionsToExtmarketOnDecided, resolveOrderItemExceptionsOnProductImported, sendOrderConfirmationOnOrderPlaced],
  aggregates: [order],
  scheduledTasks: [{
    // Decisions the extmarket did not accept yet: retried with backoff, each attempt recorded.
    name: 'retryExtmarketPushes',
    cron: '* * * * *',
    async run(services) {
      await retryExtmarketPushes({ knex: services.db.knex, store: services.store, dataDir: services.config.dataDir });
    },
  }],
});
