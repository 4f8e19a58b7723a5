import { assertNever, type Decider } from '../../src/core/decider.ts';
import { BusinessLogicException, ConflictException } from '../../src/core/errors.ts';
import { InsufficientInventoryException, InventoryNotFoundException } from './errors.ts';
import type { StockCommand } from './commands.ts';
import type { MovementEvent, StockEvent, StockMovement } from './events.ts';
import { evolveStock, initialStockState, openLocations, reservationKey, sameSlot, type Location, type StockState } from './stock.ts';

export type { StockCommand } from './commands.ts';
export type { StockState } from './stock.ts';

type Extra = Pick<StockMovement, 'order_id' | 'order_item_id' | 'reference' | 'note' | 'at'>;
const none = (at: string, more: Partial<Extra> = {}): Extra => ({
  order_id: null,
  order_item_id: null,
  reference: null,
  note: null,
  at,
  ...more,
});

/** Builds a movement at `loc` and applies it to `loc` (so later moves of one decision see it). */
function move<T extends MovementEvent['type']>(
  state: StockState,
  loc: Location,
  type: T,
  dq: number,
  dr: number,
  extra: Extra,
): MovementEvent {
  loc.quantity += dq;
  loc.reserved += dr;
  const data: StockMovement = {
    product_id: state.product_id!,
    vendor_id: state.vendor_id!,
    inventory_id: loc.inventory_id,
    warehouse: loc.warehouse,
    bin_location: loc.bin_location,
    quantity_change: dq,
    reserved_change: dr,
    quantity_after: loc.quantity,
    reserved_after: loc.reserved,
    ...extra,
  };
  return { type, data } as MovementEvent;
}

function location(state: StockState, inventoryId: number, actingVendor: number | null): Location {
  const loc = state.locations[inventoryId];
  if (!loc || !loc.open || (actingVendor !== null && state.vendor_id !== actingVendor))
    throw new InventoryNotFoundException(`Inventory ${inventoryId} not found`);
  return { ...loc };
}

function available(state: StockState): number {
  return openLocations(state).reduce((n, l) => n + l.quantity - l.reserved, 0);
}

function insufficient(what: string, wanted: number, have: number): never {
  throw new InsufficientInventoryException(`Not enough stock to ${what}: ${wanted} wanted, ${have} available`, {
    requested: wanted,
    available: have,
  });
}

export function decideStock(command: StockCommand, state: StockState): StockEvent[] {
  switch (command.type) {
    case 'OpenInventoryLocation': {
      const d = command.data;
      if (openLocations(state).some((l) => sameSlot(l, d.warehouse, d.bin_location))) {
        throw new ConflictException(`The product already has inventory at ${d.warehouse} / ${d.bin_location}`, {
          warehouse: d.warehouse,
          bin_location: d.bin_location,
        });
      }
      const opened: StockEvent = {
        type: 'InventoryLocationOpened',
        data: {
          product_id: d.product_id,
          vendor_id: d.vendor_id,
          inventory_id: d.inventory_id,
          warehouse: d.warehouse,
          bin_location: d.bin_location,
          at: d.at,
        },
      };
      if (d.quantity === 0) return [opened];
      const next = evolveStock(state, opened);
      return [
        opened,
        move(
          next,
          { ...next.locations[d.inventory_id] },
          'StockReceived',
          d.quantity,
          0,
          none(d.at, { reference: d.reference, note: d.note }),
        ),
      ];
    }
    case 'AdjustStock': {
      const d = command.data;
      const loc = location(state, d.inventory_id, d.acting_vendor_id);
      const target = d.set ?? loc.quantity + (d.change ?? 0);
      if (target < 0) throw new BusinessLogicException('A quantity cannot go below zero', { quantity: target });
      if (target < loc.reserved) insufficient(`go below the ${loc.reserved} units reserved for orders`, loc.reserved, target);
      if (target === loc.quantity) return [];
      return [move(state, loc, 'StockAdjusted', target - loc.quantity, 0, none(d.at, { note: d.note }))];
    }
    case 'MoveStock': {
      const d = command.data;
      const from = location(state, d.from_inventory_id, d.acting_vendor_id);
      if (sameSlot(from, d.warehouse, d.bin_location))
        throw new BusinessLogicException('Units move to another bin', { bin_location: d.bin_location });
      if (d.quantity > from.quantity - from.reserved)
        insufficient(`move from ${from.warehouse} / ${from.bin_location}`, d.quantity, from.quantity - from.reserved);
      const said = d.note ? ` · ${d.note}` : '';
      const events: StockEvent[] = [
        move(
          state,
          from,
          'StockAdjusted',
          -d.quantity,
          0,
          none(d.at, { reference: d.reference, note: `→ ${d.warehouse} / ${d.bin_location}${said}` }),
        ),
      ];
      let s = evolveStock(state, events[0]!);
      let to = openLocations(s).find((l) => sameSlot(l, d.warehouse, d.bin_location));
      if (!to) {
        const opened: StockEvent = {
          type: 'InventoryLocationOpened',
          data: {
            product_id: s.product_id!,
            vendor_id: s.vendor_id!,
            inventory_id: d.new_inventory_id,
            warehouse: d.warehouse,
            bin_location: d.bin_location,
            at: d.at,
          },
        };
        events.push(opened);
        s = evolveStock(s, opened);
        to = s.locations[d.new_inventory_id]!;
      }
      events.push(
        move(
          s,
          { ...to },
          'StockAdjusted',
          d.quantity,
          0,
          none(d.at, { reference: d.reference, note: `← ${from.warehouse} / ${from.bin_location}${said}` }),
        ),
      );
      return events;
    }
    case 'ImportStockCount': {
      const d = command.data;
      let s = state;
      const events: StockEvent[] = [];
      for (const line of d.lines) {
        if (line.is_new) {
          const opened: StockEvent = {
            type: 'InventoryLocationOpened',
            data: {
              product_id: d.product_id,
              vendor_id: d.vendor_id,
              inventory_id: line.inventory_id,
              warehouse: line.warehouse,
              bin_location: line.bin_location,
              at: d.at,
            },
          };
          events.push(opened);
          s = evolveStock(s, opened);
        }
        const loc = location(s, line.inventory_id, null);
        const target = d.mode === 'set' ? line.quantity : loc.quantity + line.quantity;
        // A count below what is reserved keeps the reservations: they are promises to customers.
        const counted = Math.max(target, loc.reserved);
        const e = move(s, loc, 'StockCounted', counted - loc.quantity, 0, none(d.at, { reference: d.reference })) as Extract<
          MovementEvent,
          { type: 'StockCounted' }
        >;
        e.data.counted = line.quantity;
        events.push(e);
        s = evolveStock(s, e);
      }
      return events;
    }
    case 'ReserveStock': {
      const { order_id, order_item_id, quantity, at } = command.data;
      const have = available(state);
      if (quantity > have) insufficient('reserve', quantity, have);
      const events: StockEvent[] = [];
      let left = quantity;
      for (const l of openLocations(state)) {
        const take = Math.min(left, l.quantity - l.reserved);
        if (take <= 0) continue;
        events.push(move(state, { ...l }, 'StockReserved', 0, take, none(at, { order_id, order_item_id })));
        left -= take;
        if (left === 0) break;
      }
      return events;
    }
    case 'ReleaseStock': {
      const { order_id, order_item_id, quantity, at } = command.data;
      const held = state.reservations[reservationKey(order_id, order_item_id)] ?? {};
      let left = quantity ?? Object.values(held).reduce((a, b) => a + b, 0);
      const events: StockEvent[] = [];
      for (const [inv, units] of Object.entries(held)) {
        if (left === 0) break;
        const give = Math.min(left, units);
        events.push(
          move(state, { ...state.locations[Number(inv)] }, 'StockReservationReleased', 0, -give, none(at, { order_id, order_item_id })),
        );
        left -= give;
      }
      return events;
    }
    case 'ShipStock': {
      const { order_id, order_item_id, quantity, at } = command.data;
      const held = { ...(state.reservations[reservationKey(order_id, order_item_id)] ?? {}) };
      const reservedForItem = Object.values(held).reduce((a, b) => a + b, 0);
      const have = reservedForItem + available(state);
      if (quantity > have) insufficient('ship', quantity, have);
      // Pass 1 takes the item's own reservations, pass 2 unreserved units, location by location.
      const plan = new Map<number, { out: number; reserved: number }>();
      let left = quantity;
      for (const l of openLocations(state)) {
        const take = Math.min(left, held[l.inventory_id] ?? 0);
        if (take > 0) plan.set(l.inventory_id, { out: take, reserved: take });
        left -= take;
      }
      for (const l of openLocations(state)) {
        const take = Math.min(left, l.quantity - l.reserved);
        if (take <= 0) continue;
        const p = plan.get(l.inventory_id) ?? { out: 0, reserved: 0 };
        plan.set(l.inventory_id, { out: p.out + take, reserved: p.reserved });
        left -= take;
      }
      return [...plan.entries()]
        .sort(([a], [b]) => a - b)
        .map(([inv, p]) =>
          move(state, { ...state.locations[inv] }, 'StockShipped', -p.out, -p.reserved, none(at, { order_id, order_item_id })),
        );
    }
    case 'ReturnStock': {
      const { order_id, order_item_id, quantity, inventory_id, note, at } = command.data;
      const target = inventory_id !== null ? location(state, inventory_id, null) : openLocations(state)[0];
      if (!target) throw new InventoryNotFoundException('The product has no inventory location to return stock to');
      return [move(state, { ...target }, 'StockReturned', quantity, 0, none(at, { order_id, order_item_id, note }))];
    }
    case 'CloseInventoryLocation': {
      const d = command.data;
      const loc = location(state, d.inventory_id, d.acting_vendor_id);
      if (loc.reserved > 0)
        throw new ConflictException(`${loc.reserved} units at this location are reserved for orders; ship or release them first`, {
          reserved_quantity: loc.reserved,
        });
      return [move(state, loc, 'InventoryLocationClosed', -loc.quantity, 0, none(d.at, { note: d.note }))];
    }
    default:
      return assertNever(command);
  }
}

export const stock: Decider<StockState, StockCommand, StockEvent> = {
  aggregate: 'stock',
  initialState: initialStockState,
  evolve: evolveStock,
  decide: decideStock,
};
