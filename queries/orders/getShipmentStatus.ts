import type { Knex } from 'knex';
import { OrderNotFoundException } from '../../commands/orders/errors.ts';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { sql } from '../../src/runtime/database.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import type { OrderItemRow } from '../../projections/orders/orderDetail.ts';
import type { OrderListRow } from '../../projections/orders/orderList.ts';
import type { OrderShipmentRow } from '../../projections/orders/shipmentStatus.ts';

/**
 * One statement: the orders with their items, shipments and stock issues as JSON arrays (it answers
 * every shipment, so it is on the hot path of ShipItem); the reads of concurrent requests go in
 * one (src/runtime/coalescedReads.ts). A shipment's time comes as the API writes it (ISO 8601 in
 * UTC, to the millisecond, as the events record it): an order shipped unit by unit has a hundred
 * shipments, and parsing each time again in every answer was 2 % of a shipment's processor time.
 */
const STATUS_SQL = `SELECT o.id, o.vendor_id, o.order_number, o.status, o.external_shipment_id, o.tracking_number, o.carrier,
    (SELECT coalesce(json_agg(i ORDER BY i.id), '[]') FROM (SELECT id, product_id, product_name, sku, ean, status, quantity,
        shipped_quantity, is_digital FROM order_items WHERE order_id = o.id) i) AS items,
    (SELECT coalesce(json_agg(s ORDER BY s.shipped_at), '[]') FROM (SELECT item_id, quantity, shipped_quantity,
        to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS shipped_at
        FROM order_shipments WHERE order_id = o.id) s) AS shipments,
    (SELECT coalesce(json_agg(x ORDER BY x.created_at), '[]') FROM (SELECT item_id, quantity, error, created_at
        FROM order_stock_issues WHERE order_id = o.id) x) AS issues
  FROM order_list o WHERE o.id = ANY($1::int[])`;

/** What STATUS_SQL reads: the arrays are json_agg's, their times ISO text. */
type StatusRead = Pick<
  OrderListRow,
  'id' | 'vendor_id' | 'order_number' | 'status' | 'external_shipment_id' | 'tracking_number' | 'carrier'
> & {
  items: Pick<
    OrderItemRow,
    'id' | 'product_id' | 'product_name' | 'sku' | 'ean' | 'status' | 'quantity' | 'shipped_quantity' | 'is_digital'
  >[];
  shipments: Pick<JsonRow<OrderShipmentRow>, 'item_id' | 'quantity' | 'shipped_quantity' | 'shipped_at'>[];
  /** order_stock_issues (the inventory area's). */
  issues: { item_id: number; quantity: number; error: string; created_at: string }[];
};

const reader = coalescedReadsPer<number, StatusRead>(async (knex, ids) => {
  const rows = await sql<StatusRead>(knex, STATUS_SQL, [ids], 'shipment_statuses');
  return new Map(rows.map((o) => [Number(o.id), o]));
});

/** Item-level shipment status of one order of the vendor (SPEC.md 4.2 GET /orders/{order_id}/shipment-status). */
export async function getShipmentStatus(knex: Knex, orderId: number, vendorId: number) {
  const found = await reader(knex).read(orderId);
  // Another vendor's order is not found, as one that does not exist.
  const order = found && Number(found.vendor_id) === vendorId ? found : undefined;
  if (!order) throw new OrderNotFoundException(`Order ${orderId} not found`);
  const { items, shipments, issues } = order;
  const shippedOf = groupBy(shipments, (s) => s.item_id);
  const issuesOf = groupBy(issues, (s) => s.item_id);
  const rows = items.map((i) => {
    const toShip = i.status === 'confirmed' ? i.quantity : 0;
    return {
      item_id: i.id,
      product_id: i.product_id,
      product_name: i.product_name,
      sku: i.sku,
      ean: i.ean,
      item_status: i.status,
      quantity: i.quantity,
      shipped_quantity: i.shipped_quantity,
      remaining_quantity: Math.max(0, toShip - i.shipped_quantity),
      is_fully_shipped: i.status === 'confirmed' && i.shipped_quantity >= i.quantity,
      is_digital: i.is_digital,
      shipments: (shippedOf.get(i.id) ?? []).map((s) => ({
        quantity: s.quantity,
        shipped_quantity: s.shipped_quantity,
        shipped_at: s.shipped_at,
      })),
      stock_issues: (issuesOf.get(i.id) ?? []).map((s) => ({ quantity: s.quantity, error: s.error })),
    };
  });
  const live = rows.filter((r) => r.item_status !== 'declined');
  return {
    order_id: order.id,
    order_number: order.order_number,
    status: order.status,
    external_shipment_id: order.external_shipment_id,
    tracking_number: order.tracking_number,
    carrier: order.carrier,
    total_quantity: live.reduce((n, r) => n + r.quantity, 0),
    shipped_quantity: rows.reduce((n, r) => n + r.shipped_quantity, 0),
    is_fully_shipped: order.status === 'shipped',
    is_partially_shipped: order.status === 'partially_shipped',
    items: rows,
  };
}

/** The rows by a key, each group in the rows' order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
