import { order } from '../../commands/orders/orderDecider.ts';
import { extmarketPushes } from '../../projections/orders/extmarketPushes.ts';
import { orderDetail } from '../../projections/orders/orderDetail.ts';
import { orderItemExceptions } from '../../projections/orders/orderItemExceptions.ts';
import { orderList } from '../../projections/orders/orderList.ts';
import { shipmentStatus } from '../../projections/orders/shipmentStatus.ts';
import { adminOrderRoutes } from '../http/admin/orders.ts';
import { shopOrderRoutes } from '../http/shop/orders.ts';
import { vendorOrderItemExceptionRoutes } from '../http/vendor/orderItemExceptions.ts';
import { vendorOrderRoutes } from '../http/vendor/orders.ts';
import { recordInventoryTransactionOnItemShipped } from '../processes/recordInventoryTransactionOnItemShipped.ts';
import { sendOrderConfirmationOnOrderPlaced } from '../processes/sendOrderConfirmationOnOrderPlaced.ts';
import { notifyAdminsOnExtmarketPushFailing } from '../processes/notifyAdminsOnExtmarketPushFailing.ts';
import { checkOutCartOnOrderPlaced } from '../processes/checkOutCartOnOrderPlaced.ts';
import { vendorCustomerOrderRoutes } from '../http/vendor/customerOrders.ts';
import { listOrders } from '../../queries/orders/listOrders.ts';
import { recordCustomerOrderOnOrderPlaced } from '../processes/recordCustomerOrderOnOrderPlaced.ts';
import { resolveOrderItemExceptionsOnProductImported } from '../processes/resolveOrderItemExceptionsOnProductImported.ts';
import { defineModule } from './module.ts';
import { adminOrderPageRoutes, adminOrdersNavigation } from '../pages/orders/adminOrderPages.ts';
import { vendorOrderPageRoutes, vendorOrdersNavigation } from '../pages/orders/vendorOrderPages.ts';
import { orderFigures as orderFiguresProjection } from '../../projections/orders/orderFigures.ts';
import { orderFigures } from '../../queries/orders/orderFigures.ts';

export const ordersModule = defineModule({
  name: 'orders',
  tag: 'Orders',
  description: 'Orders from the shop and the extmarket: items, decisions, shipments, item exceptions.',
  features: ['Shop and extmarket orders', 'Item confirmation and declining', 'Partial shipment', 'Order item exceptions'],
  dashboardFigures: (services) => orderFigures(services.db.knex),
  // Notifications: the admins hear of an order decision the extmarket keeps refusing.
  dependsOn: ['catalogue', 'inventory', 'carts', 'customers', 'history', 'notifications'],
  routes: {
    admin: [adminOrderRoutes],
    vendor: [vendorOrderRoutes, vendorOrderItemExceptionRoutes, vendorCustomerOrderRoutes],
    shop: [shopOrderRoutes],
  },
  customerOrders: (knex, vendorId, customerId, page) =>
    listOrders(knex, { vendor_id: vendorId, customer_id: customerId }, page, '-order_date'),
  consumers: [
    orderFiguresProjection,
    orderList,
    orderDetail,
    shipmentStatus,
    orderItemExceptions,
    extmarketPushes,
    resolveOrderItemExceptionsOnProductImported,
    sendOrderConfirmationOnOrderPlaced,
    // A shipment takes its units from the stock: orders depends on inventory, never the reverse.
    recordInventoryTransactionOnItemShipped,
    notifyAdminsOnExtmarketPushFailing,
    // A placed order checks its cart out: orders depends on carts, never the reverse.
    checkOutCartOnOrderPlaced,
    // A placed order counts in its customer's statistics: orders depends on customers, never the reverse.
    recordCustomerOrderOnOrderPlaced,
  ],
  aggregates: [order],
  pages: [vendorOrderPageRoutes, adminOrderPageRoutes],
  backOffice: { navigation: [...vendorOrdersNavigation!, ...adminOrdersNavigation!] },
});

/** The orders that arrived per day, for the admins' platform statistics (src/http/admin/adminDashboard.ts). */
export { orderSeries } from '../../queries/orders/orderFigures.ts';

/** A customer's own orders, as the storefront's account and order confirmation show them. */
export { getCustomerOrder, listCustomerOrders } from '../../queries/orders/customerOrders.ts';

/** The vendor's orders and one order, as the extmarket order routes answer them. */
export { getOrder } from '../../queries/orders/getOrder.ts';
export { listOrders } from '../../queries/orders/listOrders.ts';

/** A vendor's decisions on an order's items and its tracking, as the extmarket order routes and its sync take them. */
export {
  confirmItem,
  confirmWholeOrder,
  declineItem,
  rejectWholeOrder,
  setOrderTracking,
  type OrderDeps,
} from '../../commands/orders/handlers/order.ts';
/** An order imported from the extmarket, and a queued order command its job worker and push retries run. */
export { importExtmarketOrder, runOrderCommand, type IncomingOrder } from '../../commands/orders/handlers/order.ts';
/** An order's write-side state, as the invoices read the order they bill. */
export { order, type LoadedOrder } from '../../commands/orders/orderDecider.ts';

/** The shop's checkout: the session cart becomes an order of the signed-in customer (the storefront's checkout page places it too). */
export { placeOrderFromCart } from '../http/shop/placeOrder.ts';

/** The order lists' answers and filters, for the extmarket's order routes (the same orders, one channel). */
export {
  ItemParams,
  OrderDetail,
  OrderList,
  OrderParams,
  OrderSearch,
  OrderSortQuery,
  OrderStatus,
  TrackingBody,
} from '../http/schemas/orders.ts';
