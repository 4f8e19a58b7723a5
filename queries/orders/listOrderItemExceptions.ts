import type { Knex } from 'knex';
import { OrderItemExceptionNotFoundException } from '../../commands/orders/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { iso } from '../../src/core/dates.ts';
import type { OrderItemExceptionRow } from '../../projections/orders/orderItemExceptions.ts';
import type { OrderListRow } from '../../projections/orders/orderList.ts';

/** An exception with the number of its order (null when the order row is gone). */
type ExceptionRead = OrderItemExceptionRow & { order_number: OrderListRow['order_number'] | null };

export function exceptionRow(r: ExceptionRead) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    order_id: r.order_id,
    order_number: r.order_number,
    item_id: r.item_id,
    status: r.status,
    gtin: r.gtin,
    sku: r.sku,
    mpn: r.mpn,
    product_name: r.product_name,
    placeholder_product_id: r.placeholder_product_id,
    resolved_product_id: r.resolved_product_id,
    resolution: r.resolution,
    resolved_by: r.resolved_by,
    resolved_at: iso(r.resolved_at),
    created_at: r.created_at.toISOString(),
  };
}

/** The vendor's order item exceptions (SPEC.md 4.2 exception endpoints), newest first. */
export function listOrderItemExceptions(
  knex: Knex,
  vendorId: number,
  filter: { status?: string; order_id?: number },
  page: PageRequest,
): Promise<Page<ReturnType<typeof exceptionRow>>> {
  const base = knex('order_item_exceptions as x')
    .leftJoin('order_list as o', 'o.id', 'x.order_id')
    .select('x.*', 'o.order_number')
    .where('x.vendor_id', vendorId);
  if (filter.status) base.where('x.status', filter.status);
  if (filter.order_id) base.where('x.order_id', filter.order_id);
  return paginate(base, page, (q: Knex.QueryBuilder) => q.orderBy('x.id', 'desc'), exceptionRow);
}

export async function getOrderItemException(knex: Knex, exceptionId: number, vendorId: number) {
  const row = await knex('order_item_exceptions as x')
    .leftJoin('order_list as o', 'o.id', 'x.order_id')
    .select('x.*', 'o.order_number')
    .where({ 'x.id': exceptionId, 'x.vendor_id': vendorId })
    .first<ExceptionRead | undefined>();
  if (!row) throw new OrderItemExceptionNotFoundException(`Order item exception ${exceptionId} not found`);
  return exceptionRow(row);
}

/** Pending exceptions of a vendor waiting for a product with this GTIN (14-digit form). */
export function pendingExceptionsForGtin(
  knex: Knex,
  vendorId: number,
  gtin14: string,
): Promise<Pick<OrderItemExceptionRow, 'id' | 'order_id'>[]> {
  return knex<OrderItemExceptionRow>('order_item_exceptions')
    .select('id', 'order_id')
    .where({ vendor_id: vendorId, gtin14, status: 'pending' });
}
