import type { Knex } from 'knex';
import type { PageRequest } from '../../src/core/pagination.ts';
import { listOrders, type OrderSort } from '../orders/listOrders.ts';

/**
 * The shop orders of one customer within one vendor (order_list.customer_id, indexed by
 * order_list_customer): the vendor's view of a customer's history, as the order list shows it.
 * The vendor condition stays even though a customer belongs to one vendor: the tenant is never
 * taken on trust.
 */
export function listCustomerOrders(knex: Knex, vendorId: number, customerId: number, page: PageRequest, sort: OrderSort = '-order_date') {
  return listOrders(knex, { vendor_id: vendorId, customer_id: customerId }, page, sort);
}
