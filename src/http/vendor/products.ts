import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { changeVendorProduct, deleteVendorProduct, createVendorProduct } from '../../../commands/catalogue/handlers.ts';
import { getVendorProductStats } from '../../../queries/catalogue/getVendorProductStats.ts';
import { getVendorRef } from '../../modules/vendors.ts';
import { getVendorProduct, listVendorProducts } from '../../../queries/catalogue/listVendorProducts.ts';
import { ConflictException, TierLimitExceededException } from '../../core/errors.ts';
import { ProductException, ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { Api, type RouteDecl } from '../api.ts';
import { productQuota } from '../planLimits.ts';
import { Message, Page } from '../responses.ts';
import { ProductListQuery, VendorProductDetail, VendorProductItem, VendorProductStats } from '../schemas/catalogue.ts';
import { IdParams, Language } from '../validation.ts';
import { DEFAULT_TAX_RATE_BP, newProductFields, productChanges, VendorProductCreate, VendorProductUpdate } from '../vendorProductInput.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';
import { sellerStateOf } from '../../modules/registry.ts';

/**
 * The vendor's own catalogue (SPEC.md part 1 capability 2: vendors create, edit and delete their
 * products). The vendor is the token's; another vendor's product is "not found" for every method.
 */
export function vendorProductRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/products/stats',
    {
      feature: 'product_management',
      summary: "The vendor's product statistics: counts by state and kind, units and stock value",
      permission: 'products.view',
      responses: { 200: VendorProductStats },
    },
    async (ctx) => {
      ctx.body = await getVendorProductStats(knex, me(ctx));
    },
  );

  api.get(
    '/products',
    {
      feature: 'product_management',
      summary: "The vendor's products, filtered, searched and sorted",
      permission: 'products.view',
      query: Type.Object(ProductListQuery),
      responses: { 200: Page(VendorProductItem) },
    },
    async (ctx, { query }) => {
      const { page, limit, sort, ...filter } = query;
      ctx.body = await listVendorProducts(
        knex,
        { ...filter, vendor_id: me(ctx), language: query.language ?? 'en' },
        { page: page ?? 1, limit: limit ?? 20 },
        sort,
      );
    },
  );

  api.post(
    '/products',
    {
      feature: 'product_management',
      summary: "Create a product in the vendor's catalogue (price in cents or as a decimal)",
      permission: 'products.create',
      body: VendorProductCreate,
      responses: { 201: VendorProductDetail },
      errors: [ProductException, ConflictException, TierLimitExceededException],
    },
    async (ctx, { body }) => {
      const vendor = await getVendorRef(knex, me(ctx));
      const fields = newProductFields(body, await sellerStateOf(services, vendor.id), {
        tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP,
      });
      const { id, done } = await createVendorProduct(
        deps,
        { vendor_id: vendor.id, fields, quota: await productQuota(services, vendor.id) },
        vendorCommandContext(ctx),
      );
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getVendorProduct(knex, id, vendor.id, body.language ?? 'en');
    },
  );

  api.get(
    '/products/:id',
    {
      feature: 'product_management',
      summary: "One of the vendor's products with its price breakdown (VendorProductDetail)",
      permission: 'products.view',
      params: IdParams,
      query: Type.Object({ language: Type.Optional(Language) }),
      responses: { 200: VendorProductDetail },
      errors: [ProductNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await getVendorProduct(knex, params.id, me(ctx), query.language ?? 'en');
    },
  );

  const edit = {
    feature: 'product_management',
    summary: "Change one of the vendor's products (only the fields given; PUT and PATCH alike)",
    permission: 'products.edit',
    params: IdParams,
    body: VendorProductUpdate,
    responses: { 200: VendorProductDetail },
    errors: [ProductNotFoundException, ProductException, ConflictException],
  } satisfies RouteDecl;
  const change = async (ctx: Context, { params, body }: { params: { id: number }; body: typeof VendorProductUpdate.static }) => {
    await services.settle(
      await changeVendorProduct(
        deps,
        params.id,
        productChanges(body, await sellerStateOf(services, me(ctx))),
        me(ctx),
        vendorCommandContext(ctx),
      ),
    );
    ctx.body = await getVendorProduct(knex, params.id, me(ctx), body.language ?? 'en');
  };
  api.put('/products/:id', edit, change);
  api.patch('/products/:id', edit, change);

  api.delete(
    '/products/:id',
    {
      feature: 'product_management',
      summary: "Delete one of the vendor's products (never the placeholder, never one with stock)",
      permission: 'products.delete',
      params: IdParams,
      responses: { 200: Message },
      errors: [ProductNotFoundException, ProductException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteVendorProduct(deps, params.id, me(ctx), vendorCommandContext(ctx)));
      ctx.body = { message: `Product ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
