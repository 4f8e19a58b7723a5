import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { adjustInventory, closeInventory, openInventory } from '../../../commands/inventory/handlers/inventory.ts';
import { stockAt } from '../../../commands/inventory/stockAt.ts';
import { getInventory, listInventory } from '../../../queries/inventory/listInventory.ts';
import { BusinessLogicException, ConflictException, ValidationException } from '../../core/errors.ts';
import {
  DigitalProductInventoryException,
  InsufficientInventoryException,
  InventoryNotFoundException,
} from '../../../commands/inventory/errors.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { DateTime, InventoryItem, StockAt } from '../schemas/inventory.ts';
import { BoundedInteger, Id, IdParams, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

const Place = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' });
const Note = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));
const InventoryCreate = Type.Object(
  {
    product_id: Id,
    warehouse: Type.Optional(Place),
    bin_location: Place,
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
    note: Note,
  },
  { $id: 'InventoryCreate', additionalProperties: false },
);
const InventoryUpdate = Type.Object(
  {
    quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    quantity_change: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
    note: Note,
  },
  { $id: 'InventoryUpdate', additionalProperties: false, minProperties: 1 },
);

/** InventoryMessageResponse: the deleted row and the units written off with it. */
const InventoryMessage = Type.Object(
  { message: Type.String(), inventory_id: Type.Integer(), removed_quantity: Type.Integer() },
  { $id: 'InventoryMessageResponse' },
);

/**
 * The vendor's inventory (SPEC.md 4.2 "inventory (including a delete that returns
 * InventoryMessageResponse)"): rows per product, warehouse and bin; a change of quantity is a
 * ledger movement. Digital products have unlimited inventory and no rows. The vendor is the
 * token's; another vendor's row or product is "not found".
 */
export function vendorInventoryRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/inventory',
    {
      summary: "The vendor's stock rows, with the product",
      permission: 'inventory.view',
      query: Type.Object({
        ...PageQuery,
        product_id: Type.Optional(Id),
        warehouse: Type.Optional(Type.String({ maxLength: 100 })),
        low_stock: Type.Optional(BoundedInteger({ description: 'Rows with at most this quantity' })),
      }),
      responses: { 200: Page(InventoryItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listInventory(knex, { ...query, vendor_id: me(ctx) }, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.post(
    '/inventory',
    {
      summary: 'Open a stock row for a product at a warehouse and bin (never for a digital product)',
      permission: 'inventory.edit',
      body: InventoryCreate,
      responses: { 201: InventoryItem },
      errors: [ProductNotFoundException, DigitalProductInventoryException, ConflictException],
    },
    async (ctx, { body }) => {
      const { id, done } = await openInventory(deps, { ...body, warehouse: body.warehouse ?? 'main' }, me(ctx), vendorCommandContext(ctx));
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getInventory(knex, id, me(ctx));
    },
  );

  api.get(
    '/inventory/products/:id/stock-at',
    {
      summary: "The stock of one of the vendor's products at a past instant, per warehouse and bin",
      permission: 'inventory.view',
      params: IdParams,
      query: Type.Object({ at: DateTime }),
      responses: { 200: StockAt },
      errors: [ProductNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await stockAt(deps, params.id, new Date(query.at), me(ctx));
    },
  );

  api.get(
    '/inventory/:id',
    {
      summary: "One of the vendor's stock rows",
      permission: 'inventory.view',
      params: IdParams,
      responses: { 200: InventoryItem },
      errors: [InventoryNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getInventory(knex, params.id, me(ctx));
    },
  );

  api.put(
    '/inventory/:id',
    {
      summary: "Set a stock row's quantity, or change it by a signed amount (a ledger movement)",
      permission: 'inventory.edit',
      params: IdParams,
      body: InventoryUpdate,
      responses: { 200: InventoryItem },
      errors: [InventoryNotFoundException, BusinessLogicException, InsufficientInventoryException],
    },
    async (ctx, { params, body }) => {
      if ((body.quantity === undefined) === (body.quantity_change === undefined)) {
        throw new ValidationException('Give either quantity or quantity_change', [
          { pointer: '/body/quantity', message: 'exactly one of quantity and quantity_change' },
        ]);
      }
      const row = await getInventory(knex, params.id, me(ctx));
      await services.settle(
        await adjustInventory(
          deps,
          row.product_id,
          row.id,
          { set: body.quantity, change: body.quantity_change, note: body.note },
          me(ctx),
          vendorCommandContext(ctx),
        ),
      );
      ctx.body = await getInventory(knex, params.id, me(ctx));
    },
  );

  // InventoryMessageResponse.
  api.delete(
    '/inventory/:id',
    {
      summary: 'Delete a stock row, writing off what it held (InventoryMessageResponse)',
      permission: 'inventory.edit',
      params: IdParams,
      responses: { 200: InventoryMessage },
      errors: [InventoryNotFoundException, ConflictException],
    },
    async (ctx, { params }) => {
      const row = await getInventory(knex, params.id, me(ctx));
      await services.settle(await closeInventory(deps, row.product_id, row.id, null, me(ctx), vendorCommandContext(ctx)));
      ctx.body = {
        message: `Inventory ${row.id} (${row.warehouse} / ${row.bin_location}) deleted`,
        inventory_id: row.id,
        removed_quantity: row.quantity,
      };
    },
  );

  return api.router;
}
