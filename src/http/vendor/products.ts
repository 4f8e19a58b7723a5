import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { changeVendorProduct, deleteVendorProduct } from '../../../commands/catalogue/changeVendorProduct.ts';
import { createVendorProduct } from '../../../commands/catalogue/createVendorProduct.ts';
import { getVendorProductStats } from '../../../queries/catalogue/getVendorProductStats.ts';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getVendorProduct, listVendorProducts } from '../../../queries/catalogue/listVendorProducts.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { ProductListQuery } from '../admin/vendorProducts.ts';
import { IdParams, input, Language } from '../validation.ts';
import { DEFAULT_TAX_RATE_BP, newProductFields, productChanges, VendorProductCreate, VendorProductUpdate } from '../vendorProductInput.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

/**
 * The vendor's own catalogue (SPEC.md part 1 capability 2: vendors create, edit and delete their
 * products). The vendor is the token's; another vendor's product is "not found" for every method.
 */
export function vendorProductRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex };
  const me = (ctx: { state: any }) => (ctx.state.vendor as VendorCaller).id;
  const view = requireVendor(services, 'products.view');

  router.get('/products/stats', view, async (ctx) => {
    ctx.body = await getVendorProductStats(knex, me(ctx));
  });

  router.get('/products', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object(ProductListQuery) });
    ctx.body = await listVendorProducts(knex, { ...query, vendor_id: me(ctx), language: query.language ?? 'en' }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.post('/products', requireVendor(services, 'products.create'), async (ctx) => {
    const { body } = input(ctx, { body: VendorProductCreate });
    const vendor = await getVendorRef(knex, me(ctx));
    const fields = newProductFields(body, { tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP });
    const { id, done } = await createVendorProduct(deps, { vendor_id: vendor.id, fields }, vendorCommandContext(ctx));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getVendorProduct(knex, id, vendor.id, body.language ?? 'en');
  });

  router.get('/products/:id', view, async (ctx) => {
    const { params, query } = input(ctx, { params: IdParams, query: Type.Object({ language: Type.Optional(Language) }) });
    ctx.body = await getVendorProduct(knex, params.id, me(ctx), query.language ?? 'en');
  });

  const edit = async (ctx: any) => {
    const { params, body } = input(ctx, { params: IdParams, body: VendorProductUpdate });
    await services.settle(await changeVendorProduct(deps, params.id, productChanges(body), me(ctx), vendorCommandContext(ctx)));
    ctx.body = await getVendorProduct(knex, params.id, me(ctx), body.language ?? 'en');
  };
  router.put('/products/:id', requireVendor(services, 'products.edit'), edit);
  router.patch('/products/:id', requireVendor(services, 'products.edit'), edit);

  router.delete('/products/:id', requireVendor(services, 'products.delete'), async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    await services.settle(await deleteVendorProduct(deps, params.id, me(ctx), vendorCommandContext(ctx)));
    ctx.body = { message: `Product ${params.id} deleted`, id: params.id };
  });

  return router;
}
