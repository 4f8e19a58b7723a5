import type { Knex } from 'knex';
import { OrderNotFoundException } from '../../commands/orders/errors.ts';
import { iso } from '../../src/core/dates.ts';
import type { ExtmarketPushRow } from '../../projections/orders/extmarketPushes.ts';
import type { OrderItemRow } from '../../projections/orders/orderDetail.ts';
import type { OrderItemExceptionRow } from '../../projections/orders/orderItemExceptions.ts';
import { orderRow, type OrderRead } from './listOrders.ts';

export function itemRow(r: OrderItemRow) {
  return {
    id: r.id,
    order_id: r.order_id,
    status: r.status,
    product_id: r.product_id,
    needs_product_match: r.needs_product_match,
    product_name: r.product_name,
    ean: r.ean,
    mpn: r.mpn,
    sku: r.sku,
    quantity: r.quantity,
    shipped_quantity: r.shipped_quantity,
    remaining_quantity: r.status === 'confirmed' ? r.quantity - r.shipped_quantity : 0,
    unit_price_cents: Number(r.unit_price_cents),
    line_total_cents: Number(r.unit_price_cents) * r.quantity,
    external_item_id: r.external_item_id,
    inventory_unit_ids: r.inventory_unit_ids,
    is_digital: r.is_digital,
  };
}

/**
 * One order with its items and addresses: what its customer sees of it (queries/orders/customerOrders.ts).
 * `vendorId` scopes the vendor area: another vendor's order is not found (404). The items are read
 * at the same time as the order (they are returned only once the order is found in scope).
 */
export async function getOrderWithItems(knex: Knex, orderId: number, vendorId?: number) {
  const q = knex('order_list as o')
    .leftJoin('vendor_list as v', 'v.id', 'o.vendor_id')
    .select('o.*', 'v.name as vendor_name', 'v.vendor_code')
    .where('o.id', orderId);
  if (vendorId !== undefined) q.where('o.vendor_id', vendorId);
  const [row, items] = await Promise.all([
    q.first<OrderRead | undefined>(),
    knex<OrderItemRow>('order_items').where('order_id', orderId).orderBy('id'),
  ]);
  if (!row) throw new OrderNotFoundException(`Order ${orderId} not found`);
  return {
    ...orderRow(row),
    shipping_address: row.shipping_address,
    billing_address: row.billing_address,
    items: items.map(itemRow),
  };
}

/**
 * One order with its items, addresses, item exceptions and the state of our pushes to the
 * extmarket, as the back offices see it. `vendorId` scopes the vendor area: another vendor's order
 * is not found (404).
 */
export async function getOrder(knex: Knex, orderId: number, vendorId?: number) {
  const [order, exceptions, pushes] = await Promise.all([
    getOrderWithItems(knex, orderId, vendorId),
    knex<OrderItemExceptionRow>('order_item_exceptions').where('order_id', orderId).orderBy('id'),
    knex<ExtmarketPushRow>('extmarket_pushes').where('order_id', orderId).orderBy('created_at'),
  ]);
  const failed = pushes.filter((p) => p.status === 'failed').length;
  const pending = pushes.filter((p) => p.status === 'pending').length;
  return {
    ...order,
    exceptions: exceptions.map((x) => ({
      id: x.id,
      item_id: x.item_id,
      status: x.status,
      gtin: x.gtin,
      resolved_product_id: x.resolved_product_id,
      resolution: x.resolution,
    })),
    extmarket_sync_status: failed > 0 ? 'failed' : pending > 0 ? 'pending' : 'in_sync',
    extmarket_pushes: pushes.map((p) => ({
      key: p.key,
      operation: p.operation,
      item_id: p.item_id,
      status: p.status,
      attempts: p.attempts,
      last_error: p.last_error,
      retry_at: iso(p.retry_at),
      updated_at: p.updated_at.toISOString(),
    })),
  };
}
