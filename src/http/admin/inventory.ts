import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { stockAt } from '../../../commands/inventory/stockAt.ts';
import { getTransactionStats } from '../../../queries/inventory/getTransactionStats.ts';
import { listInventory } from '../../../queries/inventory/listInventory.ts';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import { ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import { ImportFileException } from '../../../commands/inventory/errors.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { multipart, uploadLimits } from '../multipart.ts';
import { NullableTimestamp, Page } from '../responses.ts';
import { DateTime, InventoryItem, StockAt, TransactionItem, TransactionQuery, TransactionType } from '../schemas/inventory.ts';
import { BoundedInteger, Id, PageQuery } from '../validation.ts';
import { importInventory, InventoryImportForm, InventoryImportResult } from './inventoryImport.ts';

/** Ledger statistics by transaction type (queries/inventory/getTransactionStats.ts). */
const TransactionStats = Type.Object(
  {
    total_transactions: Type.Integer(),
    vendors: Type.Integer(),
    products: Type.Integer(),
    last_transaction_at: NullableTimestamp,
    counts_by_type: Type.Record(Type.String(), Type.Integer()),
    by_type: Type.Array(
      Type.Object({
        transaction_type: TransactionType,
        count: Type.Integer(),
        quantity_change: Type.Integer(),
        reserved_change: Type.Integer(),
      }),
    ),
  },
  { $id: 'InventoryTransactionStats' },
);

/**
 * Admin inventory (SPEC.md 4.1): the inventory list across vendors, the TSV/CSV import, the
 * ledger across vendors with vendor details, its statistics by transaction type, and the stock of
 * a product at a past date. Static paths come before any parameterised one.
 */
export function adminInventoryRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/inventory',
    {
      summary: 'Stock rows across vendors, with the product and the vendor',
      query: Type.Object({
        ...PageQuery,
        vendor_id: Type.Optional(Id),
        product_id: Type.Optional(Id),
        warehouse: Type.Optional(Type.String({ maxLength: 100 })),
        bin_location: Type.Optional(Type.String({ maxLength: 100 })),
        low_stock: Type.Optional(BoundedInteger({ description: 'Rows with at most this quantity' })),
      }),
      responses: { 200: Page(InventoryItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listInventory(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.post(
    '/inventory/import',
    {
      summary: 'Import a TSV/CSV stock count for a vendor: rows matched by EAN, one stock count per product',
      bodyType: 'multipart',
      body: InventoryImportForm,
      use: [multipart(() => ({ maxFileBytes: uploadLimits.inventoryImportBytes }))],
      responses: { 200: InventoryImportResult },
      errors: [ValidationException, ImportFileException, VendorNotFoundException],
    },
    async (ctx) => {
      ctx.body = await importInventory(services, ctx);
    },
  );

  api.get(
    '/inventory/transactions/stats',
    {
      summary: 'Ledger statistics: counts and unit totals per transaction type',
      query: Type.Object({ vendor_id: Type.Optional(Id), date_from: Type.Optional(DateTime), date_to: Type.Optional(DateTime) }),
      responses: { 200: TransactionStats },
    },
    async (ctx, { query }) => {
      ctx.body = await getTransactionStats(knex, query);
    },
  );

  api.get(
    '/inventory/transactions',
    {
      summary: 'The stock ledger across vendors, newest first, with product and vendor details',
      query: Type.Object({ ...TransactionQuery, vendor_id: Type.Optional(Id) }),
      responses: { 200: Page(TransactionItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listInventoryTransactions(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, true);
    },
  );

  api.get(
    '/inventory/stock-at',
    {
      summary: 'The stock of a product at a past instant, per warehouse and bin, folded from its events',
      query: Type.Object({ product_id: Id, at: DateTime }),
      responses: { 200: StockAt },
      errors: [ProductNotFoundException],
    },
    async (ctx, { query }) => {
      ctx.body = await stockAt({ store: services.store, db: knex, clock: services.clock }, query.product_id, new Date(query.at), null);
    },
  );

  return api.router;
}
