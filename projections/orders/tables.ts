import type { TableOf } from '../../src/core/readModel.ts';
import type { ExtmarketPushRow } from './extmarketPushes.ts';
import type { OrderItemRow } from './orderDetail.ts';
import type { OrderFigureCountRow, OrderFigureDayRow, OrderFigureOrderRow } from './orderFigures.ts';
import type { OrderItemExceptionRow } from './orderItemExceptions.ts';
import type { OrderListRow } from './orderList.ts';
import type { OrderShipmentRow } from './shipmentStatus.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('extmarket_pushes')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    extmarket_pushes: TableOf<ExtmarketPushRow>;
    order_figure_counts: TableOf<OrderFigureCountRow>;
    order_figure_days: TableOf<OrderFigureDayRow>;
    order_figure_orders: TableOf<OrderFigureOrderRow>;
    order_item_exceptions: TableOf<OrderItemExceptionRow>;
    order_items: TableOf<OrderItemRow>;
    order_list: TableOf<OrderListRow>;
    order_shipments: TableOf<OrderShipmentRow>;
  }
}
