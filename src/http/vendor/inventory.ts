import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { adjustInventory, closeInventory, openInventory } from '../../../commands/inventory/handlers.ts';
import { stockAt } from '../../../commands/inventory/stockAt.ts';
import { getInventory, listInventory } from '../../../queries/inventory/listInventory.ts';
import { ValidationException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Id, IdParams, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const Place = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' });
const Note = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));
const InventoryCreate = Type.Object({
  product_id: Id, warehouse: Type.Optional(Place), bin_location: Place, quantity: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), note: Note,
}, { additionalProperties: false });
const InventoryUpdate = Type.Object({
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  quantity_change: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  note: Note,
}, { additionalProperties: false, minProperties: 1 });

/**
 * The vendor's inventory (SPEC.md 4.2 "inventory (including a delete that returns
 * InventoryMessageResponse)"): rows per product, warehouse and bin; a change of quantity is a
 * ledger movement. Digital products have unlimited inventory and no rows. The vendor is the
 * token's; another vendor's row or product is "not found".
 */
export function vendorInventoryRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex };
  const me = (ctx: { state: any }) => (ctx.state.vendor as VendorCaller).id;
  const view = requireVendor(services, 'inventory.view');
  const edit = requireVendor(services, 'inventory.edit');

  router.get('/inventory', view, async (ctx) => {
    const { query } = input(ctx, {
      query: Type.Object({ ...PageQuery, product_id: Type.Optional(Id), warehouse: Type.Optional(Type.String({ maxLength: 100 })), low_stock: Type.Optional(Type.Integer({ minimum: 0 })) }),
    });
    ctx.body = await listInventory(knex, { ...query, vendor_id: me(ctx) }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.post('/inventory', edit, async (ctx) => {
    const { body } = input(ctx, { body: InventoryCreate });
    const { id, done } = await openInventory(deps, { ...body, warehouse: body.warehouse ?? 'main' }, me(ctx), vendorCommandContext(ctx));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getInventory(knex, id, me(ctx));
  });

  router.get('/inventory/products/:id/stock-at', view, async (ctx) => {
    const { params, query } = input(ctx, { params: IdParams, query: Type.Object({ at: Type.String({ format: 'date-time' }) }) });
    ctx.body = await stockAt(deps, params.id, new Date(query.at), me(ctx));
  });

  router.get('/inventory/:id', view, async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    ctx.body = await getInventory(knex, params.id, me(ctx));
  });

  router.put('/inventory/:id', edit, async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: InventoryUpdate });
    if ((body.quantity === undefined) === (body.quantity_change === undefined)) {
      throw new ValidationException('Give either quantity or quantity_change', [{ pointer: '/body/quantity', message: 'exactly one of quantity and quantity_change' }]);
    }
    const row = await getInventory(knex, params.id, me(ctx));
    await services.settle(await adjustInventory(deps, row.product_id, row.id, { set: body.quantity, change: body.quantity_change, note: body.note }, me(ctx), vendorCommandContext(ctx)));
    ctx.body = await getInventory(knex, params.id, me(ctx));
  });

  // InventoryMessageResponse.
  router.delete('/inventory/:id', edit, async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    const row = await getInventory(knex, params.id, me(ctx));
    await services.settle(await closeInventory(deps, row.product_id, row.id, null, me(ctx), vendorCommandContext(ctx)));
    ctx.body = { message: `Inventory ${row.id} (${row.warehouse} / ${row.bin_location}) deleted`, inventory_id: row.id, removed_quantity: row.quantity };
  });

  return router;
}
