import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { createVendorProduct } from '../../../commands/catalogue/createVendorProduct.ts';
import { getMarketplaceProductStats } from '../../../queries/catalogue/getMarketplaceProductStats.ts';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getMarketplaceProduct, listMarketplaceProducts } from '../../../queries/catalogue/listMarketplaceProducts.ts';
import { getVendorProduct } from '../../../queries/catalogue/listVendorProducts.ts';
import { percentToBasisPoints } from '../../core/money.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { Id, IdParams, input, Language, PageQuery } from '../validation.ts';
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
  const router = new Router();
  const knex = services.db.knex;

  router.get('/products/stats', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ marketplace: Type.Optional(Name), vendor_name: Type.Optional(Name), vendor_id: Type.Optional(Id) }) });
    ctx.body = await getMarketplaceProductStats(knex, query);
  });

  router.get('/products', async (ctx) => {
    const { query } = input(ctx, {
      query: Type.Object({
        ...PageQuery, marketplace: Type.Optional(Name), vendor_id: Type.Optional(Id), vendor_name: Type.Optional(Name), brand: Type.Optional(Name),
        gtin: Type.Optional(Type.String({ pattern: '^[0-9 -]{8,20}$' })), search: Type.Optional(Type.String({ maxLength: 100 })),
        language: Type.Optional(Language),
      }),
    });
    ctx.body = await listMarketplaceProducts(knex, { ...query, language: query.language ?? 'en' }, { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/products/:id', async (ctx) => {
    const { params, query } = input(ctx, { params: IdParams, query: Type.Object({ language: Type.Optional(Language) }) });
    ctx.body = await getMarketplaceProduct(knex, params.id, query.language ?? 'en');
  });

  // The copy keeps gtin, gtin_type, marketplace, brand, image, product type and every translation;
  // vendor_sku and prices are the vendor's (the marketplace price is only the default price).
  router.post('/products/:id/copy-to-vendor', async (ctx) => {
    const { params, body } = input(ctx, { params: IdParams, body: CopyToVendor });
    const source = await getMarketplaceProduct(knex, params.id);
    const vendor = await getVendorRef(knex, body.vendor_id);
    const translations = Object.fromEntries(Object.entries(source.translations).map(([lang, t]: [string, any]) => [lang, {
      title: t.title.slice(0, 300), description: t.description, short_description: t.short_description,
    }]));
    const fields = newProductFields({ ...body, gtin: source.gtin, gtin_type: source.gtin_type, marketplace: source.marketplace, brand: source.brand,
      image_link: source.image_link, product_type_raw: source.product_type_raw, translations, currency: body.currency ?? source.currency } as any,
    { tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP, price_cents: source.price_cents });
    const { id, done } = await createVendorProduct({ store: services.store, db: knex },
      { vendor_id: vendor.id, fields, source_marketplace_product_id: source.id }, commandContext(ctx, ctx.state.admin.id));
    await services.settle(done);
    ctx.status = 201;
    ctx.body = await getVendorProduct(knex, id, null);
  });

  return router;
}
