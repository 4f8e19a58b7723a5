/**
 * Commands of the stock aggregate. Inventory ids, times and the acting vendor arrive in the
 * command. `acting_vendor_id` is set for vendor-area callers: another vendor's inventory answers
 * as not found.
 */
export interface OrderRef {
  order_id: number;
  order_item_id: number;
}

export type OpenInventoryLocation = {
  type: 'OpenInventoryLocation';
  data: {
    product_id: number;
    vendor_id: number;
    inventory_id: number;
    warehouse: string;
    bin_location: string;
    quantity: number;
    reference: string | null;
    note: string | null;
    at: string;
  };
};
/** Set a location's quantity (`set`) or change it by a delta (`change`). */
export type AdjustStock = {
  type: 'AdjustStock';
  data: { acting_vendor_id: number | null; inventory_id: number; set?: number; change?: number; note: string | null; at: string };
};
/** Counted quantities per location from an inventory import; `is_new` locations are opened first. */
export type ImportStockCount = {
  type: 'ImportStockCount';
  data: {
    product_id: number;
    vendor_id: number;
    mode: 'set' | 'add';
    reference: string | null;
    at: string;
    lines: { inventory_id: number; warehouse: string; bin_location: string; quantity: number; is_new: boolean }[];
  };
};
/**
 * Move units between two bins of the product in one decision: taken from `from_inventory_id`
 * and put in the open bin at `warehouse` / `bin_location`, opened as `new_inventory_id` when
 * there is none. Either both bins change or neither does.
 */
export type MoveStock = {
  type: 'MoveStock';
  data: {
    acting_vendor_id: number | null;
    from_inventory_id: number;
    warehouse: string;
    bin_location: string;
    new_inventory_id: number;
    quantity: number;
    reference: string | null;
    note?: string | null;
    at: string;
  };
};
export type ReserveStock = { type: 'ReserveStock'; data: OrderRef & { quantity: number; at: string } };
/** Gives back an order item's reservation (all of it when quantity is null). */
export type ReleaseStock = { type: 'ReleaseStock'; data: OrderRef & { quantity: number | null; at: string } };
/** Ships units of an order item: from its reservation first, then from unreserved stock. */
export type ShipStock = { type: 'ShipStock'; data: OrderRef & { quantity: number; at: string } };
export type ReturnStock = {
  type: 'ReturnStock';
  data: OrderRef & { quantity: number; inventory_id: number | null; note: string | null; at: string };
};
export type CloseInventoryLocation = {
  type: 'CloseInventoryLocation';
  data: { acting_vendor_id: number | null; inventory_id: number; note: string | null; at: string };
};

export type StockCommand =
  | OpenInventoryLocation
  | AdjustStock
  | MoveStock
  | ImportStockCount
  | ReserveStock
  | ReleaseStock
  | ShipStock
  | ReturnStock
  | CloseInventoryLocation;
