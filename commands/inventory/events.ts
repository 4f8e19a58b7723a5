/**
 * Inventory and its ledger (SPEC.md part 1 capability 3, part 2 "Inventory and inventory
 * transaction"). The stock of one vendor product is one aggregate, `stock-<product_id>`: its
 * locations (warehouse + bin, each an inventory row with an integer id) and what is reserved for
 * order items. Every stock movement is an event; the transaction history is their projection.
 * This file is the area's public contract (the orders area reserves and ships through it).
 *
 * A movement says how on-hand and reserved quantities changed at one location, and what they
 * are after it, so the ledger reads without replaying anything.
 */
export interface StockMovement {
  product_id: number;
  vendor_id: number;
  inventory_id: number;
  warehouse: string;
  bin_location: string;
  /** Change of the on-hand quantity (negative when stock leaves). */
  quantity_change: number;
  /** Change of the quantity reserved for orders. */
  reserved_change: number;
  quantity_after: number;
  reserved_after: number;
  order_id: number | null;
  order_item_id: number | null;
  /** A document the movement comes from (an import file, a delivery note). */
  reference: string | null;
  note: string | null;
  at: string;
}

/** A storage location (warehouse and bin) now holds this product: an inventory row. */
export type InventoryLocationOpened = {
  type: 'InventoryLocationOpened';
  data: { product_id: number; vendor_id: number; inventory_id: number; warehouse: string; bin_location: string; at: string };
};
/** Units arrived at a location (goods received, the first quantity of a new row). */
export type StockReceived = { type: 'StockReceived'; data: StockMovement };
/** Someone corrected a location's quantity by hand. */
export type StockAdjusted = { type: 'StockAdjusted'; data: StockMovement };
/** A stock count (an inventory import) found this quantity at a location. */
export type StockCounted = { type: 'StockCounted'; data: StockMovement & { counted: number } };
/** Units were set aside for an order item; they stay on hand until shipped. */
export type StockReserved = { type: 'StockReserved'; data: StockMovement };
/** A reservation was given back (the item was declined or cancelled). */
export type StockReservationReleased = { type: 'StockReservationReleased'; data: StockMovement };
/** Units left a location with an order item. */
export type StockShipped = { type: 'StockShipped'; data: StockMovement };
/** Units came back from a customer to a location. */
export type StockReturned = { type: 'StockReturned'; data: StockMovement };
/** The location was removed; whatever it still held was written off. */
export type InventoryLocationClosed = { type: 'InventoryLocationClosed'; data: StockMovement };

export type StockEvent =
  | InventoryLocationOpened
  | StockReceived
  | StockAdjusted
  | StockCounted
  | StockReserved
  | StockReservationReleased
  | StockShipped
  | StockReturned
  | InventoryLocationClosed;

export type MovementEvent = Exclude<StockEvent, InventoryLocationOpened>;

/** The ledger's transaction type of each movement (filters of GET /inventory/transactions). */
export const TRANSACTION_TYPES = {
  StockReceived: 'receipt',
  StockAdjusted: 'adjustment',
  StockCounted: 'count',
  StockReserved: 'reservation',
  StockReservationReleased: 'release',
  StockShipped: 'shipment',
  StockReturned: 'return',
  InventoryLocationClosed: 'removal',
} as const satisfies Record<MovementEvent['type'], string>;
export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

export const MOVEMENT_EVENT_TYPES = Object.keys(TRANSACTION_TYPES) as MovementEvent['type'][];
export const STOCK_EVENT_TYPES = ['InventoryLocationOpened', ...MOVEMENT_EVENT_TYPES] as const;
