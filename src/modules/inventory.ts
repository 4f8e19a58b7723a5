import { stock } from '../../commands/inventory/index.ts';
import { inventoryList } from '../../projections/inventory/inventoryList.ts';
import { inventoryTransactions } from '../../projections/inventory/inventoryTransactions.ts';
import { adminInventoryRoutes } from '../http/admin/inventory.ts';
import { vendorInventoryRoutes } from '../http/vendor/inventory.ts';
import { vendorInventoryTransactionRoutes } from '../http/vendor/inventoryTransactions.ts';
import { recordInventoryTransactionOnItemShipped } from '../processes/recordInventoryTransactionOnItemShipped.ts';
import { defineModule } from './module.ts';

export const inventoryModule = defineModule({
  name: 'inventory',
  tag: 'Inventory',
  description: 'Stock per warehouse and bin, its ledger, and inventory imports.',
  dependsOn: ['catalogue'],
  routes: { admin: [adminInventoryRoutes], vendor: [vendorInventoryTransactionRoutes, vendorInventoryRoutes] },
  consumers: [inventoryList, inventoryTransactions, recordInventoryTransactionOnItemShipped],
  aggregates: [stock],
});
