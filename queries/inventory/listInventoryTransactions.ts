import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { InventoryTransactionRow } from '../../projections/inventory/inventoryTransactions.ts';
import { productTitleSql, type ProductColumns } from './listInventory.ts';

/**
 * The stock ledger (SPEC.md 4.2 /inventory/transactions, 4.1 admin /inventory/transactions):
 * filters on type, product, order and a date range; items carry the product's details, and the
 * admin's the vendor's. Newest first.
 */
export interface TransactionFilter {
  vendor_id?: number;
  transaction_type?: string;
  product_id?: number;
  order_id?: number;
  date_from?: string;
  date_to?: string;
}

/** A movement with its product's details, and (the admin's list) its vendor's: left joins, so each may be null. */
type TransactionWithProduct = InventoryTransactionRow &
  Omit<ProductColumns, 'is_digital'> & { vendor_code?: string | null; vendor_name?: string | null };

export function toTransaction(r: TransactionWithProduct) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    vendor: r.vendor_code !== undefined ? { id: r.vendor_id, vendor_code: r.vendor_code ?? null, name: r.vendor_name ?? null } : undefined,
    product_id: r.product_id,
    product: { id: r.product_id, title: r.product_title ?? null, vendor_sku: r.vendor_sku ?? null, gtin: r.gtin ?? null },
    inventory_id: r.inventory_id,
    warehouse: r.warehouse,
    bin_location: r.bin_location,
    transaction_type: r.transaction_type,
    quantity_change: r.quantity_change,
    reserved_change: r.reserved_change,
    quantity_after: r.quantity_after,
    reserved_after: r.reserved_after,
    order_id: r.order_id,
    order_item_id: r.order_item_id,
    reference: r.reference,
    note: r.note,
    user_id: r.user_id,
    created_at: r.created_at.toISOString(),
  };
}

export function listInventoryTransactions(
  knex: Knex,
  filter: TransactionFilter,
  page: PageRequest,
  withVendor: boolean,
): Promise<Page<ReturnType<typeof toTransaction>>> {
  const q = knex('inventory_transactions as t')
    .leftJoin('vendor_product_list as p', 'p.id', 't.product_id')
    .select('t.*', 'p.vendor_sku', 'p.gtin', knex.raw(`${productTitleSql} AS product_title`));
  if (withVendor) q.leftJoin('vendor_list as v', 'v.id', 't.vendor_id').select('v.vendor_code', 'v.name as vendor_name');
  if (filter.vendor_id !== undefined) q.where('t.vendor_id', filter.vendor_id);
  if (filter.transaction_type) q.where('t.transaction_type', filter.transaction_type);
  if (filter.product_id !== undefined) q.where('t.product_id', filter.product_id);
  if (filter.order_id !== undefined) q.where('t.order_id', filter.order_id);
  if (filter.date_from) q.where('t.created_at', '>=', filter.date_from);
  if (filter.date_to) q.where('t.created_at', '<=', filter.date_to);
  return paginate(
    q,
    page,
    (qb) =>
      qb.orderBy([
        { column: 't.created_at', order: 'desc' },
        { column: 't.seq', order: 'desc' },
      ]),
    toTransaction,
  );
}
