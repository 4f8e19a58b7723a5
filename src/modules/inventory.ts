import { stock } from '../../commands/inventory/stockDecider.ts';
import { openLocations } from '../../commands/inventory/stock.ts';
import { load } from '../runtime/commandHandler.ts';
import { inventoryList } from '../../projections/inventory/inventoryList.ts';
import { inventoryTransactions } from '../../projections/inventory/inventoryTransactions.ts';
import { adminInventoryRoutes } from '../http/admin/inventory.ts';
import { vendorInventoryRoutes } from '../http/vendor/inventory.ts';
import { vendorInventoryTransactionRoutes } from '../http/vendor/inventoryTransactions.ts';
import { defineModule } from './module.ts';
import { inventoryNavigation, inventoryPageRoutes } from '../pages/inventory/inventoryPages.ts';

export const inventoryModule = defineModule({
  name: 'inventory',
  tag: 'Inventory',
  description: 'Stock per warehouse and bin, its ledger, and inventory imports.',
  features: ['Stock per warehouse and bin', 'Stock ledger', 'TSV/CSV inventory imports'],
  dependsOn: ['catalogue', 'vendors', 'history'],
  routes: { admin: [adminInventoryRoutes], vendor: [vendorInventoryTransactionRoutes, vendorInventoryRoutes] },
  consumers: [inventoryList, inventoryTransactions],
  aggregates: [stock],
  // The catalogue deletes no product with stock and makes none digital while it has stock rows.
  async productHold(store, productId) {
    const open = openLocations((await load(store, stock, productId)).state);
    return { places: open.length, units: open.reduce((n, l) => n + l.quantity, 0) };
  },
  pages: [inventoryPageRoutes],
  backOffice: { navigation: inventoryNavigation },
});
/** A product's stock on the write side and its places holding units, as the cart and the shop's checkout check what is there. */
export { stock } from '../../commands/inventory/stockDecider.ts';
export { openLocations } from '../../commands/inventory/stock.ts';
/** Inventory rows with filters (low stock among them), for the vendor dashboard's stock alerts. */
export { listInventory } from '../../queries/inventory/listInventory.ts';
