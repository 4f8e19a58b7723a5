import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { createVendorProduct } from '../../../commands/catalogue/createVendorProduct.ts';
import { getMarketplaceProductStats } from '../../../queries/catalogue/getMarketplaceProductStats.ts';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getMarketplaceProduct, listMarketplaceProducts } from '../../../queries/catalogue/listMarketplaceProducts.ts';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import { ConflictException, MarketplaceProductNotFoundException, ProductException, TierLimitExceededException, VendorNotFoundException } from '../../core/errors.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { productQuota } from '../planLimits.ts';
import { commandContext } from '../auth.ts';
import { Page } from '../responses.ts';
import {
  MarketplaceProductDetail, MarketplaceProductItem, MarketplaceProductSortQuery, MarketplaceProductStats, VendorProductDetail,
} from '../schemas/catalogue.ts';
import { Id, IdParams, Language, PageQuery } from '../validation.ts';
import { DEFAULT_TAX_RATE_BP, newProductFields, pricingFields } from '../vendorProductInput.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });

/** Copy request: the target vendor, and the vendor's own SKU and prices. */
const CopyToVendor = Type.Object({
  vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  vendor_sku: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  is_active: Type.Optional(Type.Boolean()),
  is_digital: Type.Optional(Type.Boolean()),
  ...pricingFields,
}, { additionalProperties: false });

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

  api.get('/products/stats', {
    summary: 'Marketplace product statistics: totals, per marketplace, per vendor name and per language',
    query: Type.Object({ marketplace: Type.Optional(Name), vendor_name: Type.Optional(Name), vendor_id: Type.Optional(Id) }),
    responses: { 200: MarketplaceProductStats },
  }, async (ctx, { query }) => {
    ctx.body = await getMarketplaceProductStats(knex, query);
  });

  api.get('/products', {
    summary: 'Marketplace products, filtered, searched and sorted, texts in the asked language',
    query: Type.Object({
      ...PageQuery, marketplace: Type.Optional(Name), vendor_id: Type.Optional(Id), vendor_name: Type.Optional(Name), brand: Type.Optional(Name),
      gtin: Type.Optional(Type.String({ pattern: '^[0-9 -]{8,20}$' })), search: Type.Optional(Type.String({ maxLength: 100 })),
      language: Type.Optional(Language), sort: MarketplaceProductSortQuery,
    }),
    responses: { 200: Page(MarketplaceProductItem) },
  }, async (ctx, { query }) => {
    const { page, limit, sort, ...filter } = query;
    ctx.body = await listMarketplaceProducts(knex, { ...filter, language: query.language ?? 'en' }, { page: page ?? 1, limit: limit ?? 20 }, sort);
  });

  api.get('/products/:id', {
    summary: 'A marketplace product with every translation',
    params: IdParams, query: Type.Object({ language: Type.Optional(Language) }),
    responses: { 200: MarketplaceProductDetail }, errors: [MarketplaceProductNotFoundException],
  }, async (ctx, { params, query }) => {
    ctx.body = await getMarketplaceProduct(knex, params.id, query.language ?? 'en');
  });

  // The copy keeps gtin, gtin_type, marketplace, brand, image, product type and every translation;
  // vendor_sku and prices are the vendor's (the marketplace price is only the default price).
  api.post('/products/:id/copy-to-vendor', {
    summary: 'Copy a marketplace product into a vendor\'s catalogue (the vendor\'s SKU and prices)',
    params: IdParams, body: CopyToVendor, responses: { 201: VendorProductDetail },
    errors: [MarketplaceProductNotFoundException, VendorNotFoundException, ProductException, ConflictException, TierLimitExceededException],
  }, async (ctx, { params, body }) => {
    const source = await getMarketplaceProduct(knex, params.id);
    const vendor = await getVendorRef(knex, body.vendor_id);
    const translations = Object.fromEntries(Object.entries(source.translations).map(([lang, t]: [string, any]) => [lang, {
      title: t.title.slice(0, 300), description: t.description, short_description: t.short_description,
    }]));
    const fields = newProductFields({ ...body, gtin: source.gtin, gtin_type: source.gtin_type, marketplace: source.marketplace, brand: source.brand,
      image_link: source.image_link, product_type_raw: source.product_type_raw, translations, currency: body.currency ?? source.currency,
      vat_rate_category: (body as any).vat_rate_category ?? source.vat_rate_category ?? undefined } as any,
    { tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP, price_cents: source.price_cents });
    const { id, done } = await createVendorProduct({ store: services.store, db: knex },
      { vendor_id: vendor.id, fields, source_marketplace_product_id: source.id, quota: await productQuota(services, vendor.id) }, commandContext(ctx, ctx.state.admin.id));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getVendorProduct(knex, id, null);
  });

  return api.router;
}
