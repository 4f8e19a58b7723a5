import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { stockAt } from '../../../commands/inventory/stockAt.ts';
import { getTransactionStats } from '../../../queries/inventory/getTransactionStats.ts';
import { listInventory } from '../../../queries/inventory/listInventory.ts';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import type { Services } from '../../runtime/services.ts';
import { multipart, uploadLimits } from '../multipart.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { importInventory } from './inventoryImport.ts';

export const TransactionType = Type.Union(['receipt', 'adjustment', 'count', 'reservation', 'release', 'shipment', 'return', 'removal'].map((t) => Type.Literal(t)));
const DateTime = Type.String({ format: 'date-time' });
export const TransactionQuery = {
  ...PageQuery,
  transaction_type: Type.Optional(TransactionType),
  product_id: Type.Optional(Id),
  order_id: Type.Optional(Id),
  date_from: Type.Optional(DateTime),
  date_to: Type.Optional(DateTime),
};

/**
 * Admin inventory (SPEC.md 4.1): the inventory list across vendors, the TSV/CSV import, the
 * ledger across vendors with vendor details, its statistics by transaction type, and the stock of
 * a product at a past date. Static paths come before any parameterised one.
 */
export function adminInventoryRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;

  router.get('/inventory', async (ctx) => {
    const { query } = input(ctx, {
      query: Type.Object({
        ...PageQuery, vendor_id: Type.Optional(Id), product_id: Type.Optional(Id), warehouse: Type.Optional(Type.String({ maxLength: 100 })),
        bin_location: Type.Optional(Type.String({ maxLength: 100 })), low_stock: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
    });
    ctx.body = await listInventory(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.post('/inventory/import', multipart(() => ({ maxFileBytes: uploadLimits.inventoryImportBytes })), async (ctx) => {
    ctx.body = await importInventory(services, ctx);
  });

  router.get('/inventory/transactions/stats', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ vendor_id: Type.Optional(Id), date_from: Type.Optional(DateTime), date_to: Type.Optional(DateTime) }) });
    ctx.body = await getTransactionStats(knex, query);
  });

  router.get('/inventory/transactions', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...TransactionQuery, vendor_id: Type.Optional(Id) }) });
    ctx.body = await listInventoryTransactions(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, true);
  });

  router.get('/inventory/stock-at', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ product_id: Id, at: DateTime }) });
    ctx.body = await stockAt({ store: services.store, db: knex }, query.product_id, new Date(query.at), null);
  });

  return router;
}
