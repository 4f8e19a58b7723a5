import type { EventStore } from '../../src/eventstore/port.ts';
import { liveProduct } from '../../src/modules/catalogue.ts';
import type { InventoryDeps } from './handlers/inventory.ts';
import type { StockEvent } from './events.ts';
import { stock } from './stockDecider.ts';
import { openLocations } from './stock.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * The stock of a product as it was at a past instant, per warehouse and bin, folded from the
 * product's stock events recorded up to that instant: the ledger itself answers, not a snapshot
 * table, so the answer is the same after any projection rebuild. (The auditor's question "what did
 * bin A-01 hold on 31 December?")
 */
export async function stockAt(deps: InventoryDeps & { store: EventStore }, productId: number, at: Date, actingVendor: number | null) {
  const product = await liveProduct(deps, productId, actingVendor);
  const events = await deps.store.readStream(`${stock.aggregate}-${productId}`);
  const until = events.filter((e) => new Date(e.recorded_at).getTime() <= at.getTime());
  const state = until.reduce((s, e) => stock.evolve(s, domainEvent<StockEvent>(e)), stock.initialState());
  const locations = openLocations(state).map((l) => ({
    inventory_id: l.inventory_id,
    warehouse: l.warehouse,
    bin_location: l.bin_location,
    quantity: l.quantity,
    reserved_quantity: l.reserved,
    available_quantity: l.quantity - l.reserved,
  }));
  const warehouses = new Map<string, number>();
  for (const l of locations) warehouses.set(l.warehouse, (warehouses.get(l.warehouse) ?? 0) + l.quantity);
  return {
    product_id: productId,
    vendor_id: product.vendor_id,
    at: at.toISOString(),
    unlimited: product.is_digital,
    movements_counted: until.length,
    last_movement_at: until.length > 0 ? until[until.length - 1].recorded_at : null,
    total_quantity: locations.reduce((n, l) => n + l.quantity, 0),
    total_reserved: locations.reduce((n, l) => n + l.reserved_quantity, 0),
    by_warehouse: [...warehouses.entries()].map(([warehouse, quantity]) => ({ warehouse, quantity })),
    locations,
  };
}
