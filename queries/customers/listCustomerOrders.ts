import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { ORDER_SORTS, orderRow, type OrderSort } from '../orders/listOrders.ts';

/**
 * The shop orders of one customer within one vendor (order_list.customer_id, indexed by
 * order_list_customer): the vendor's view of a customer's history. The vendor condition stays
 * even though a customer belongs to one vendor: the tenant is never taken on trust.
 */
export function listCustomerOrders(knex: Knex, vendorId: number, customerId: number, page: PageRequest, sort: OrderSort = '-order_date'): Promise<Page<ReturnType<typeof orderRow>>> {
  const base = knex('order_list as o').leftJoin('vendor_list as v', 'v.id', 'o.vendor_id')
    .select('o.*', 'v.name as vendor_name', 'v.vendor_code')
    .where('o.customer_id', customerId).where('o.vendor_id', vendorId);
  return paginate(base, page, (q) => q.orderByRaw(ORDER_SORTS[sort]), orderRow);
}
