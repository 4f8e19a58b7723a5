import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { changeVendorProduct, deleteVendorProduct } from '../../../commands/catalogue/changeVendorProduct.ts';
import { createVendorProduct } from '../../../commands/catalogue/createVendorProduct.ts';
import { getVendorProductStats } from '../../../queries/catalogue/getVendorProductStats.ts';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getVendorProduct, listVendorProducts } from '../../../queries/catalogue/listVendorProducts.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { Id, IdParams, input, Language, PageQuery } from '../validation.ts';
import { AdminVendorProductCreate, DEFAULT_TAX_RATE_BP, newProductFields, productChanges, VendorProductUpdate } from '../vendorProductInput.ts';

export const ProductListQuery = {
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  is_active: Type.Optional(Type.Boolean()),
  is_digital: Type.Optional(Type.Boolean()),
  gtin: Type.Optional(Type.String({ pattern: '^[0-9 -]{8,20}$' })),
  marketplace: Type.Optional(Type.String({ maxLength: 100 })),
  language: Type.Optional(Language),
};

/**
 * Vendor products for admins (SPEC.md 4.1: POST and PATCH vendor product endpoints, GET
 * /vendor-products/stats?vendor_id=). The detail is VendorProductDetail with the price breakdown.
 */
export function adminVendorProductRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex };

  router.get('/vendor-products/stats', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ vendor_id: Type.Optional(Id) }) });
    if (query.vendor_id !== undefined) await getVendorRef(knex, query.vendor_id);
    ctx.body = await getVendorProductStats(knex, query.vendor_id ?? null);
  });

  router.get('/vendor-products', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...ProductListQuery, vendor_id: Type.Optional(Id) }) });
    ctx.body = await listVendorProducts(knex, { ...query, language: query.language ?? 'en' }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.post('/vendor-products', async (ctx) => {
    const { body } = input(ctx, { body: AdminVendorProductCreate });
    const vendor = await getVendorRef(knex, body.vendor_id);
    const { vendor_id, ...rest } = body;
    const fields = newProductFields(rest, { tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP });
    const { id, done } = await createVendorProduct(deps, { vendor_id, fields }, commandContext(ctx, ctx.state.admin.id));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getVendorProduct(knex, id, null, body.language ?? 'en');
  });

  router.get('/vendor-products/:id', async (ctx) => {
    const { params, query } = input(ctx, { params: IdParams, query: Type.Object({ language: Type.Optional(Language) }) });
    ctx.body = await getVendorProduct(knex, params.id, null, query.language ?? 'en');
  });

  router.patch('/vendor-products/:id', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: VendorProductUpdate });
    await services.settle(await changeVendorProduct(deps, params.id, productChanges(body), null, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = await getVendorProduct(knex, params.id, null, body.language ?? 'en');
  });

  router.delete('/vendor-products/:id', async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    await services.settle(await deleteVendorProduct(deps, params.id, null, commandContext(ctx, ctx.state.admin.id)));
    ctx.body = { message: `Product ${params.id} deleted`, id: params.id };
  });

  return router;
}
