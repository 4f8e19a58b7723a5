import { Type } from '@sinclair/typebox';
import { TRANSACTION_TYPES as BY_EVENT } from '../../../commands/inventory/events.ts';
import { InventoryListRow } from '../../../projections/inventory/inventoryList.ts';
import { InventoryTransactionRow } from '../../../projections/inventory/inventoryTransactions.ts';
import { Nullable, rowFields, Timestamp } from '../responses.ts';
import { Id, PageQuery } from '../validation.ts';

/**
 * The inventory's requests and answers, shared by the admin routes (src/http/admin/inventory.ts)
 * and the vendor's (src/http/vendor/inventory.ts, inventoryTransactions.ts): stock rows
 * (queries/inventory/listInventory.ts toInventory), ledger movements (listInventoryTransactions.ts
 * toTransaction) and the stock at a past instant (commands/inventory/stockAt.ts).
 */
const Text = Nullable(Type.String());

export const TRANSACTION_TYPES = Object.values(BY_EVENT);
export const TransactionType = Type.Union(
  TRANSACTION_TYPES.map((t) => Type.Literal(t)),
  { $id: 'InventoryTransactionType' },
);
export const DateTime = Type.String({ format: 'date-time' });

/** The ledger's filters (the admin's add vendor_id). */
export const TransactionQuery = {
  ...PageQuery,
  transaction_type: Type.Optional(TransactionType),
  product_id: Type.Optional(Id),
  order_id: Type.Optional(Id),
  date_from: Type.Optional(DateTime),
  date_to: Type.Optional(DateTime),
};

/** A stock row: a product's units at one warehouse and bin. */
export const InventoryItem = Type.Object(
  {
    ...rowFields(InventoryListRow, ['id', 'vendor_id']),
    vendor_code: Text,
    vendor_name: Text,
    ...rowFields(InventoryListRow, ['product_id']),
    product: Type.Object({ id: Type.Integer(), title: Text, vendor_sku: Text, gtin: Text, is_digital: Type.Boolean() }),
    ...rowFields(InventoryListRow, ['warehouse', 'bin_location', 'quantity', 'reserved_quantity']),
    available_quantity: Type.Integer(),
    ...rowFields(InventoryListRow, ['created_at', 'updated_at']),
  },
  { $id: 'InventoryItem' },
);

/** A ledger movement; the admin's list adds the vendor. */
export const TransactionItem = Type.Object(
  {
    // A uuid in the table (text to the driver): the answer says its format.
    id: Type.String({ format: 'uuid', description: "The stock event's id" }),
    ...rowFields(InventoryTransactionRow, ['vendor_id']),
    vendor: Type.Optional(Type.Object({ id: Type.Integer(), vendor_code: Text, name: Text })),
    ...rowFields(InventoryTransactionRow, ['product_id']),
    product: Type.Object({ id: Type.Integer(), title: Text, vendor_sku: Text, gtin: Text }),
    ...rowFields(InventoryTransactionRow, ['inventory_id', 'warehouse', 'bin_location']),
    // The type keeps its named schema (the filter's) in the document.
    transaction_type: TransactionType,
    ...rowFields(InventoryTransactionRow, [
      'quantity_change',
      'reserved_change',
      'quantity_after',
      'reserved_after',
      'order_id',
      'order_item_id',
      'reference',
      'note',
      'user_id',
      'created_at',
    ]),
  },
  { $id: 'InventoryTransaction' },
);

/** The stock of a product at a past instant, per warehouse and bin, folded from its events. */
export const StockAt = Type.Object(
  {
    product_id: Type.Integer(),
    vendor_id: Type.Integer(),
    at: Timestamp,
    unlimited: Type.Boolean({ description: 'A digital product: no stock rows' }),
    movements_counted: Type.Integer(),
    last_movement_at: Nullable(Timestamp),
    total_quantity: Type.Integer(),
    total_reserved: Type.Integer(),
    by_warehouse: Type.Array(Type.Object({ warehouse: Type.String(), quantity: Type.Integer() })),
    locations: Type.Array(
      Type.Object({
        inventory_id: Type.Integer(),
        warehouse: Type.String(),
        bin_location: Type.String(),
        quantity: Type.Integer(),
        reserved_quantity: Type.Integer(),
        available_quantity: Type.Integer(),
      }),
    ),
  },
  { $id: 'StockAtResponse' },
);
