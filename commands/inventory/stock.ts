import type { StockEvent } from './events.ts';

/**
 * The stock of one product: its locations and the reservations of order items per location.
 * There is no lifecycle here (SPEC.md part 3 has no inventory states); the rules are quantities:
 * on hand never below zero, never below what is reserved.
 */
export interface Location {
  inventory_id: number;
  warehouse: string;
  bin_location: string;
  quantity: number;
  reserved: number;
  open: boolean;
}

export interface StockState {
  product_id: number | null;
  vendor_id: number | null;
  locations: Record<number, Location>;
  /** `${order_id}:${order_item_id}` → inventory id → units reserved there. */
  reservations: Record<string, Record<number, number>>;
}

export const initialStockState = (): StockState => ({ product_id: null, vendor_id: null, locations: {}, reservations: {} });

export const reservationKey = (orderId: number | null, itemId: number | null) => `${orderId ?? 0}:${itemId ?? 0}`;

export function evolveStock(state: StockState, event: StockEvent): StockState {
  if (event.type === 'InventoryLocationOpened') {
    const { product_id, vendor_id, inventory_id, warehouse, bin_location } = event.data;
    return {
      ...state,
      product_id,
      vendor_id,
      locations: { ...state.locations, [inventory_id]: { inventory_id, warehouse, bin_location, quantity: 0, reserved: 0, open: true } },
    };
  }
  const d = event.data;
  const loc = state.locations[d.inventory_id];
  if (!loc) return state;
  const locations = {
    ...state.locations,
    [d.inventory_id]: { ...loc, quantity: d.quantity_after, reserved: d.reserved_after, open: event.type !== 'InventoryLocationClosed' },
  };
  let reservations = state.reservations;
  if (d.reserved_change !== 0 && (d.order_id !== null || d.order_item_id !== null)) {
    const key = reservationKey(d.order_id, d.order_item_id);
    const perLocation = { ...(reservations[key] ?? {}) };
    const left = (perLocation[d.inventory_id] ?? 0) + d.reserved_change;
    if (left > 0) perLocation[d.inventory_id] = left;
    else delete perLocation[d.inventory_id];
    reservations = { ...reservations };
    if (Object.keys(perLocation).length > 0) reservations[key] = perLocation;
    else delete reservations[key];
  }
  return { ...state, locations, reservations };
}

export function openLocations(state: StockState): Location[] {
  return Object.values(state.locations)
    .filter((l) => l.open)
    .sort((a, b) => a.inventory_id - b.inventory_id);
}

export const sameSlot = (l: { warehouse: string; bin_location: string }, warehouse: string, bin: string) =>
  l.warehouse.toLowerCase() === warehouse.toLowerCase() && l.bin_location.toLowerCase() === bin.toLowerCase();
