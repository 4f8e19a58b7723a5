import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getMarketplaceProductStats } from '../../../queries/catalogue/getMarketplaceProductStats.ts';
import { getMarketplaceProduct, listMarketplaceProducts } from '../../../queries/catalogue/listMarketplaceProducts.ts';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import { ConflictException, TierLimitExceededException, VendorNotFoundException } from '../../core/errors.ts';
import { MarketplaceProductNotFoundException, ProductException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Page } from '../responses.ts';
import {
  MarketplaceProductDetail,
  MarketplaceProductItem,
  MarketplaceProductSortQuery,
  MarketplaceProductStats,
  VendorProductDetail,
} from '../schemas/catalogue.ts';
import { Id, IdParams, Language, PageQuery } from '../validation.ts';
import { copyMarketplaceProduct } from '../marketplaceCopy.ts';
import { pricingFields } from '../vendorProductInput.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });

/** Copy request: the target vendor, and the vendor's own SKU and prices. */
const CopyToVendor = Type.Object(
  {
    vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    vendor_sku: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    is_active: Type.Optional(Type.Boolean()),
    is_digital: Type.Optional(Type.Boolean()),
    ...pricingFields,
  },
  { $id: 'CopyToVendorRequest', additionalProperties: false },
);

/**
 * Marketplace products (SPEC.md 4.1 GET /products with the marketplace filter; the stats endpoint
 * with marketplace and vendor_name filters; both also take vendor_id, the importing vendor, whose
 * products they are) and the copy of a marketplace product into a vendor's catalogue (SPEC.md
 * part 1 capability 2; its path is not shown in SPEC.md: POST /products/{id}/copy-to-vendor).
 * /products/stats is declared before /products/{id}.
 */
export function adminCatalogueRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/products/stats',
    {
      summary: 'Marketplace product statistics: totals, per marketplace, per vendor name and per language',
      query: Type.Object({ marketplace: Type.Optional(Name), vendor_name: Type.Optional(Name), vendor_id: Type.Optional(Id) }),
      responses: { 200: MarketplaceProductStats },
    },
    async (ctx, { query }) => {
      ctx.body = await getMarketplaceProductStats(knex, query);
    },
  );

  api.get(
    '/products',
    {
      summary: 'Marketplace products, filtered, searched and sorted, texts in the asked language',
      query: Type.Object({
        ...PageQuery,
        marketplace: Type.Optional(Name),
        vendor_id: Type.Optional(Id),
        vendor_name: Type.Optional(Name),
        brand: Type.Optional(Name),
        gtin: Type.Optional(Type.String({ pattern: '^[0-9 -]{8,20}$' })),
        search: Type.Optional(Type.String({ maxLength: 100 })),
        language: Type.Optional(Language),
        sort: MarketplaceProductSortQuery,
      }),
      responses: { 200: Page(MarketplaceProductItem) },
    },
    async (ctx, { query }) => {
      const { page, limit, sort, ...filter } = query;
      ctx.body = await listMarketplaceProducts(
        knex,
        { ...filter, language: query.language ?? 'en' },
        { page: page ?? 1, limit: limit ?? 20 },
        sort,
      );
    },
  );

  api.get(
    '/products/:id',
    {
      summary: 'A marketplace product with every translation',
      params: IdParams,
      query: Type.Object({ language: Type.Optional(Language) }),
      responses: { 200: MarketplaceProductDetail },
      errors: [MarketplaceProductNotFoundException],
    },
    async (ctx, { params, query }) => {
      ctx.body = await getMarketplaceProduct(knex, params.id, query.language ?? 'en');
    },
  );

  // The copy keeps gtin, gtin_type, marketplace, brand, image, product type and every translation;
  // vendor_sku and prices are the vendor's (the marketplace price is only the default price).
  api.post(
    '/products/:id/copy-to-vendor',
    {
      summary: "Copy a marketplace product into a vendor's catalogue (the vendor's SKU and prices)",
      params: IdParams,
      body: CopyToVendor,
      responses: { 201: VendorProductDetail },
      errors: [
        MarketplaceProductNotFoundException,
        VendorNotFoundException,
        ProductException,
        ConflictException,
        TierLimitExceededException,
      ],
    },
    async (ctx, { params, body }) => {
      const { vendor_id, ...choices } = body;
      const id = await copyMarketplaceProduct(services, params.id, vendor_id, choices, commandContext(ctx, adminCaller(ctx).id));
      ctx.status = 201;
      ctx.body = await getVendorProduct(knex, id, null);
    },
  );

  return api.router;
}
