import type { Knex } from 'knex';
import type { InventoryTransactionRow } from '../../projections/inventory/inventoryTransactions.ts';

interface Totals {
  total_transactions: number;
  vendors: number;
  products: number;
  last_transaction_at: Date | null;
}
/** Sums of the changes are bigint: exact text from the driver. */
interface TypeTotals {
  transaction_type: InventoryTransactionRow['transaction_type'];
  count: number;
  quantity_change: string;
  reserved_change: string;
}

/** Platform-wide ledger statistics: counts and unit totals per transaction type. */
export async function getTransactionStats(knex: Knex, filter: { vendor_id?: number; date_from?: string; date_to?: string }) {
  const q = knex<InventoryTransactionRow>('inventory_transactions');
  if (filter.vendor_id !== undefined) q.where('vendor_id', filter.vendor_id);
  if (filter.date_from) q.where('created_at', '>=', filter.date_from);
  if (filter.date_to) q.where('created_at', '<=', filter.date_to);
  const [totals] = await q
    .clone()
    .select<Totals[]>(
      knex.raw('count(*)::int AS total_transactions'),
      knex.raw('count(DISTINCT vendor_id)::int AS vendors'),
      knex.raw('count(DISTINCT product_id)::int AS products'),
      knex.raw('max(created_at) AS last_transaction_at'),
    );
  const byType = await q
    .clone()
    .select<TypeTotals[]>(
      'transaction_type',
      knex.raw('count(*)::int AS count'),
      knex.raw('coalesce(sum(quantity_change), 0)::bigint AS quantity_change'),
      knex.raw('coalesce(sum(reserved_change), 0)::bigint AS reserved_change'),
    )
    .groupBy('transaction_type')
    .orderBy('transaction_type');
  return {
    total_transactions: totals.total_transactions,
    vendors: totals.vendors,
    products: totals.products,
    last_transaction_at: totals.last_transaction_at?.toISOString() ?? null,
    counts_by_type: Object.fromEntries(byType.map((r) => [r.transaction_type, r.count])),
    by_type: byType.map((r) => ({
      transaction_type: r.transaction_type,
      count: r.count,
      quantity_change: Number(r.quantity_change),
      reserved_change: Number(r.reserved_change),
    })),
  };
}
