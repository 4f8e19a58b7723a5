import { handleCommand, load, type CommandContext, type Handled } from '../../../src/runtime/commandHandler.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
import type { InventoryDeps } from './inventory.ts';
import { stock } from '../stockDecider.ts';
import { openLocations, sameSlot } from '../stock.ts';

export interface StockCount {
  product_id: number;
  vendor_id: number;
  warehouse: string;
  /** bin → units counted there. */
  bins: Map<string, number>;
  mode: 'set' | 'add';
  reference: string | null;
}

/**
 * Applies one product's lines of an inventory import in one append: bins the product does not
 * have yet are opened (new inventory rows), then each bin's quantity is set to the count (or the
 * count is added, mode "add"). Returns how many rows were created and updated.
 */
export async function importStockCount(
  deps: InventoryDeps,
  count: StockCount,
  ctx: CommandContext,
): Promise<{ created: number; updated: number; done: Handled<unknown, any>[] }> {
  const { state } = await load(deps.store, stock, count.product_id);
  const existing = openLocations(state);
  const lines = [];
  let created = 0;
  for (const [bin, quantity] of count.bins) {
    const found = existing.find((l) => sameSlot(l, count.warehouse, bin));
    if (found)
      lines.push({
        inventory_id: found.inventory_id,
        warehouse: found.warehouse,
        bin_location: found.bin_location,
        quantity,
        is_new: false,
      });
    else {
      created++;
      lines.push({
        inventory_id: await nextId(deps.db, 'inventory'),
        warehouse: count.warehouse,
        bin_location: bin,
        quantity,
        is_new: true,
      });
    }
  }
  const done = await handleCommand(
    deps.store,
    stock,
    count.product_id,
    {
      type: 'ImportStockCount',
      data: {
        product_id: count.product_id,
        vendor_id: count.vendor_id,
        mode: count.mode,
        reference: count.reference,
        at: deps.clock.now().toISOString(),
        lines,
      },
    },
    { ...ctx, vendorId: count.vendor_id },
  );
  return { created, updated: lines.length - created, done: [done] };
}
