import { orderList } from '../../../projections/orders/orderList.ts';
import { orderDetail } from '../../../projections/orders/orderDetail.ts';
import { shipmentStatus } from '../../../projections/orders/shipmentStatus.ts';
import { orderItemExceptions } from '../../../projections/orders/orderItemExceptions.ts';
import { extmarketPushes } from '../../../projections/orders/extmarketPushes.ts';
import { vendorProductList } from '../../../projections/catalogue/vendorProductList.ts';
import { marketplaceProductList } from '../../../projections/catalogue/marketplaceProductList.ts';
import { userList } from '../../../projections/users/userList.ts';
import type { Projection } from '../../../src/runtime/consumer.ts';
import { catalogueHistory } from './catalogue.ts';
import type { Counts, History } from './history.ts';
import { marketplaceHistory } from './marketplaceImports.ts';
import { ordersHistory } from './orders.ts';
import { usersHistory } from './users.ts';

export interface RebuildTarget {
  /** The real projection (as registered by its module, src/modules/). */
  projection: Projection;
  history: History;
  /**
   * What the minimum counts: the projection's events, or (marketplace_product_list, whose every
   * event carries an import batch of 1,000 rows) the rows those events carry.
   */
  unit: 'events' | 'rows';
}

/** How much of what a target reads a history has appended so far. */
export function targetAmount(target: RebuildTarget, counts: Counts): number {
  if (target.unit === 'rows') return counts.rows;
  return target.projection.eventTypes.reduce((sum, t) => sum + (counts.byType.get(t) ?? 0), 0);
}

/** The read models the rebuild scenario (bench/scenarios/rebuild.ts) rebuilds, each over the history it names. */
export const rebuildTargets: RebuildTarget[] = [
  { projection: userList, history: usersHistory, unit: 'events' },
  { projection: orderList, history: ordersHistory, unit: 'events' },
  { projection: orderDetail, history: ordersHistory, unit: 'events' },
  { projection: shipmentStatus, history: ordersHistory, unit: 'events' },
  { projection: orderItemExceptions, history: ordersHistory, unit: 'events' },
  { projection: extmarketPushes, history: ordersHistory, unit: 'events' },
  { projection: vendorProductList, history: catalogueHistory, unit: 'events' },
  { projection: marketplaceProductList, history: marketplaceHistory, unit: 'rows' },
];
