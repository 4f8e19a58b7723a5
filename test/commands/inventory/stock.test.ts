import type { StockEvent, StockMovement } from '../../../commands/inventory/events.ts';
import { stock } from '../../../commands/inventory/stockDecider.ts';
import { ConflictException } from '../../../src/core/errors.ts';
import { InsufficientInventoryException, InventoryNotFoundException } from '../../../commands/inventory/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const opened = (id: number, bin: string): StockEvent => ({
  type: 'InventoryLocationOpened',
  data: { product_id: 1, vendor_id: 7, inventory_id: id, warehouse: 'W', bin_location: bin, at },
});
const m = (id: number, bin: string, dq: number, dr: number, q: number, r: number, more: Partial<StockMovement> = {}): StockMovement => ({
  product_id: 1,
  vendor_id: 7,
  inventory_id: id,
  warehouse: 'W',
  bin_location: bin,
  quantity_change: dq,
  reserved_change: dr,
  quantity_after: q,
  reserved_after: r,
  order_id: null,
  order_item_id: null,
  reference: null,
  note: null,
  at,
  ...more,
});
const order = { order_id: 50, order_item_id: 5 };
// Two bins: A holds 3, B holds 4.
const stocked: StockEvent[] = [
  opened(10, 'A'),
  { type: 'StockReceived', data: m(10, 'A', 3, 0, 3, 0) },
  opened(11, 'B'),
  { type: 'StockReceived', data: m(11, 'B', 4, 0, 4, 0) },
];

describe('stock of a product', () => {
  it('opens a location and receives its first units in one decision', () => {
    given(stock, [])
      .when({
        type: 'OpenInventoryLocation',
        data: {
          product_id: 1,
          vendor_id: 7,
          inventory_id: 10,
          warehouse: 'W',
          bin_location: 'A',
          quantity: 3,
          reference: null,
          note: null,
          at,
        },
      })
      .then([opened(10, 'A'), { type: 'StockReceived', data: m(10, 'A', 3, 0, 3, 0) }]);
  });

  it('refuses a second location at the same warehouse and bin, whatever the letter case', () => {
    given(stock, stocked)
      .when({
        type: 'OpenInventoryLocation',
        data: {
          product_id: 1,
          vendor_id: 7,
          inventory_id: 12,
          warehouse: 'w',
          bin_location: 'a',
          quantity: 1,
          reference: null,
          note: null,
          at,
        },
      })
      .thenThrows(ConflictException, /already has inventory/);
  });

  it('moves units between two bins in one decision, opening the target bin when it has none', () => {
    const moveTo = (bin: string, quantity: number) => ({
      type: 'MoveStock' as const,
      data: {
        acting_vendor_id: 7,
        from_inventory_id: 11,
        warehouse: 'W',
        bin_location: bin,
        new_inventory_id: 12,
        quantity,
        reference: 'move:11',
        at,
      },
    });
    given(stock, stocked)
      .when(moveTo('a', 2))
      .then([
        { type: 'StockAdjusted', data: m(11, 'B', -2, 0, 2, 0, { reference: 'move:11', note: '→ W / a' }) },
        { type: 'StockAdjusted', data: m(10, 'A', 2, 0, 5, 0, { reference: 'move:11', note: '← W / B' }) },
      ]);
    given(stock, stocked)
      .when(moveTo('C', 4))
      .then([
        { type: 'StockAdjusted', data: m(11, 'B', -4, 0, 0, 0, { reference: 'move:11', note: '→ W / C' }) },
        { type: 'InventoryLocationOpened', data: { product_id: 1, vendor_id: 7, inventory_id: 12, warehouse: 'W', bin_location: 'C', at } },
        { type: 'StockAdjusted', data: m(12, 'C', 4, 0, 4, 0, { reference: 'move:11', note: '← W / B' }) },
      ]);
  });

  it('refuses a move of more than the bin holds unreserved, or to the same bin, so neither bin changes', () => {
    const base = { acting_vendor_id: 7, from_inventory_id: 11, warehouse: 'W', new_inventory_id: 12, reference: null, at };
    given(stock, stocked)
      .when({ type: 'MoveStock', data: { ...base, bin_location: 'A', quantity: 5 } })
      .thenThrows(InsufficientInventoryException, /Not enough stock to move/);
    given(stock, stocked)
      .when({ type: 'MoveStock', data: { ...base, bin_location: 'b', quantity: 1 } })
      .thenThrows(Error, /another bin/);
    given(stock, stocked)
      .when({ type: 'MoveStock', data: { ...base, acting_vendor_id: 8, bin_location: 'A', quantity: 1 } })
      .thenThrows(InventoryNotFoundException, /not found/);
  });

  it('reserves across locations in order, then ships the reservation first', () => {
    const reserved: StockEvent[] = [
      { type: 'StockReserved', data: m(10, 'A', 0, 3, 3, 3, order) },
      { type: 'StockReserved', data: m(11, 'B', 0, 2, 4, 2, order) },
    ];
    given(stock, stocked)
      .when({ type: 'ReserveStock', data: { ...order, quantity: 5, at } })
      .then(reserved);
    given(stock, [...stocked, ...reserved])
      .when({ type: 'ShipStock', data: { ...order, quantity: 5, at } })
      .then([
        { type: 'StockShipped', data: m(10, 'A', -3, -3, 0, 0, order) },
        { type: 'StockShipped', data: m(11, 'B', -2, -2, 2, 0, order) },
      ]);
  });

  it('never reserves or ships more than is available', () => {
    given(stock, stocked)
      .when({ type: 'ReserveStock', data: { ...order, quantity: 8, at } })
      .thenThrows(InsufficientInventoryException, /8 wanted, 7 available/);
    const other: StockEvent = { type: 'StockReserved', data: m(10, 'A', 0, 3, 3, 3, { order_id: 51, order_item_id: 6 }) };
    // Units reserved for another order item are not shippable for this one.
    given(stock, [...stocked, other])
      .when({ type: 'ShipStock', data: { ...order, quantity: 5, at } })
      .thenThrows(InsufficientInventoryException, /4 available/);
  });

  it("releases an order item's reservation", () => {
    const reserved: StockEvent = { type: 'StockReserved', data: m(10, 'A', 0, 2, 3, 2, order) };
    given(stock, [...stocked, reserved])
      .when({ type: 'ReleaseStock', data: { ...order, quantity: null, at } })
      .then([{ type: 'StockReservationReleased', data: m(10, 'A', 0, -2, 3, 0, order) }]);
  });

  it('adjusts a quantity, but never below zero or below what is reserved', () => {
    given(stock, stocked)
      .when({ type: 'AdjustStock', data: { acting_vendor_id: 7, inventory_id: 10, set: 1, note: 'broken', at } })
      .then([{ type: 'StockAdjusted', data: m(10, 'A', -2, 0, 1, 0, { note: 'broken' }) }]);
    const reserved: StockEvent = { type: 'StockReserved', data: m(10, 'A', 0, 2, 3, 2, order) };
    given(stock, [...stocked, reserved])
      .when({ type: 'AdjustStock', data: { acting_vendor_id: 7, inventory_id: 10, change: -2, note: null, at } })
      .thenThrows(InsufficientInventoryException, /reserved/);
    given(stock, stocked)
      .when({ type: 'AdjustStock', data: { acting_vendor_id: 8, inventory_id: 10, set: 0, note: null, at } })
      .thenThrows(InventoryNotFoundException);
  });

  it('imports a stock count: new bins are opened, counted quantities replace (set) or add', () => {
    given(stock, stocked)
      .when({
        type: 'ImportStockCount',
        data: {
          product_id: 1,
          vendor_id: 7,
          mode: 'set',
          reference: 'inventory-import:a.tsv',
          at,
          lines: [
            { inventory_id: 10, warehouse: 'W', bin_location: 'A', quantity: 5, is_new: false },
            { inventory_id: 12, warehouse: 'W', bin_location: 'C', quantity: 2, is_new: true },
          ],
        },
      })
      .then([
        { type: 'StockCounted', data: { ...m(10, 'A', 2, 0, 5, 0, { reference: 'inventory-import:a.tsv' }), counted: 5 } },
        opened(12, 'C'),
        { type: 'StockCounted', data: { ...m(12, 'C', 2, 0, 2, 0, { reference: 'inventory-import:a.tsv' }), counted: 2 } },
      ]);
    given(stock, stocked)
      .when({
        type: 'ImportStockCount',
        data: {
          product_id: 1,
          vendor_id: 7,
          mode: 'add',
          reference: null,
          at,
          lines: [{ inventory_id: 11, warehouse: 'W', bin_location: 'B', quantity: 2, is_new: false }],
        },
      })
      .then([{ type: 'StockCounted', data: { ...m(11, 'B', 2, 0, 6, 0), counted: 2 } }]);
  });

  it('closes a location, writing off its units, unless units there are reserved', () => {
    given(stock, stocked)
      .when({ type: 'CloseInventoryLocation', data: { acting_vendor_id: null, inventory_id: 11, note: null, at } })
      .then([{ type: 'InventoryLocationClosed', data: m(11, 'B', -4, 0, 0, 0) }]);
    const reserved: StockEvent = { type: 'StockReserved', data: m(11, 'B', 0, 1, 4, 1, order) };
    given(stock, [...stocked, reserved])
      .when({ type: 'CloseInventoryLocation', data: { acting_vendor_id: null, inventory_id: 11, note: null, at } })
      .thenThrows(ConflictException, /reserved/);
  });
});
