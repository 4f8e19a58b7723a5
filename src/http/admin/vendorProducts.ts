import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { changeVendorProduct, deleteVendorProduct, createVendorProduct } from '../../../commands/catalogue/handlers.ts';
import { getVendorProductStats } from '../../../queries/catalogue/getVendorProductStats.ts';
import { getVendorRef } from '../../modules/vendors.ts';
import { getVendorProduct, listVendorProducts } from '../../../queries/catalogue/listVendorProducts.ts';
import { ConflictException, TierLimitExceededException, VendorNotFoundException } from '../../core/errors.ts';
import { ProductException, ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { productQuota } from '../planLimits.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Message, Page } from '../responses.ts';
import { ProductListQuery, VendorProductDetail, VendorProductItem, VendorProductStats } from '../schemas/catalogue.ts';
import { Id, IdParams, Language } from '../validation.ts';
import {
  AdminVendorProductCreate,
  DEFAULT_TAX_RATE_BP,
  newProductFields,
  productChanges,
  VendorProductUpdate,
} from '../vendorProductInput.ts';
import { sellerStateOf } from '../../modules/registry.ts';

/**
 * Vendor products for admins (SPEC.md 4.1: POST and PATCH vendor product endpoints, GET
 * /vendor-products/stats?vendor_id=). The detail is VendorProductDetail with the price breakdown.
 */
export function adminVendorProductRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const deps = { store: services.store, db: knex, clock: services.clock };

  api.get(
    '/vendor-products/stats',
    {
      summary: 'Vendor product statistics, of one vendor or of all',
      query: Type.Object({ vendor_id: Type.Optional(Id) }),
      responses: { 200: VendorProductStats },
      errors: [VendorNotFoundException],
    },
    async (ctx, { query }) => {
      if (query.vendor_id !== undefined) await getVendorRef(knex, query.vendor_id);
      ctx.body = await getVendorProductStats(knex, query.vendor_id ?? null);
    },
  );

  api.get(
    '/vendor-products',
    {
      summary: 'Vendor products of every vendor (or one), filtered, searched and sorted',
      query: Type.Object({ ...ProductListQuery, vendor_id: Type.Optional(Id) }),
      responses: { 200: Page(VendorProductItem) },
    },
    async (ctx, { query }) => {
      const { page, limit, sort, ...filter } = query;
      ctx.body = await listVendorProducts(
        knex,
        { ...filter, language: query.language ?? 'en' },
        { page: page ?? 1, limit: limit ?? 20 },
        sort,
      );
    },
  );

  api.post(
    '/vendor-products',
    {
      summary: "Create a product in a vendor's catalogue (price in cents or as a decimal)",
      body: AdminVendorProductCreate,
      responses: { 201: VendorProductDetail },
      errors: [VendorNotFoundException, ProductException, ConflictException, TierLimitExceededException],
    },
    async (ctx, { body }) => {
      const vendor = await getVendorRef(knex, body.vendor_id);
      const { vendor_id, ...rest } = body;
      const fields = newProductFields(rest, await sellerStateOf(services, vendor_id), {
        tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP,
      });
      const { id, done } = await createVendorProduct(
        deps,
        { vendor_id, fields, quota: await productQuota(services, vendor_id) },
        commandContext(ctx, adminCaller(ctx).id),
      );
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getVendorProduct(knex, id, null, body.language ?? 'en');
    },
  );

  api.get(
    '/vendor-products/:id',
    {
      summary: 'A vendor product with its price breakdown (VendorProductDetail)',
      params: IdParams,
      query: Type.Object({ language: Type.Optional(Language) }),
      responses: { 200: VendorProductDetail },
      errors: [ProductNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await getVendorProduct(knex, params.id, null, query.language ?? 'en');
    },
  );

  api.patch(
    '/vendor-products/:id',
    {
      summary: 'Change a vendor product (only the fields given)',
      params: IdParams,
      body: VendorProductUpdate,
      responses: { 200: VendorProductDetail },
      errors: [ProductNotFoundException, ProductException, ConflictException],
    },
    async (ctx, { params, body }) => {
      const { vendor_id } = await getVendorProduct(knex, params.id, null);
      await services.settle(
        await changeVendorProduct(
          deps,
          params.id,
          productChanges(body, await sellerStateOf(services, vendor_id)),
          null,
          commandContext(ctx, adminCaller(ctx).id),
        ),
      );
      ctx.body = await getVendorProduct(knex, params.id, null, body.language ?? 'en');
    },
  );

  api.delete(
    '/vendor-products/:id',
    {
      summary: 'Delete a vendor product (never the placeholder, never one with stock)',
      params: IdParams,
      responses: { 200: Message },
      errors: [ProductNotFoundException, ProductException],
    },
    async (ctx, { params }) => {
      await services.settle(await deleteVendorProduct(deps, params.id, null, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: `Product ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
