import type { TableOf } from '../../src/core/readModel.ts';
import type { InventoryListRow } from './inventoryList.ts';
import type { InventoryTransactionRow } from './inventoryTransactions.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('inventory_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    inventory_list: TableOf<InventoryListRow>;
    inventory_transactions: TableOf<InventoryTransactionRow>;
  }
}
