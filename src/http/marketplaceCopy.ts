import { createVendorProduct } from '../../commands/catalogue/handlers.ts';
import { getVendorRef } from '../modules/vendors.ts';
import { getMarketplaceProduct } from '../../queries/catalogue/listMarketplaceProducts.ts';
import { percentToBasisPoints } from '../core/money.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { productQuota } from './planLimits.ts';
import { DEFAULT_TAX_RATE_BP, newProductFields, type ProductBody } from './vendorProductInput.ts';
import { sellerStateOf } from '../modules/registry.ts';

/** The vendor's own part of a copy: its SKU, prices and flags (the rest comes from the marketplace product). */
export type CopyChoices = Pick<
  ProductBody,
  | 'vendor_sku'
  | 'is_active'
  | 'is_digital'
  | 'price_cents'
  | 'price'
  | 'sale_price_cents'
  | 'sale_price'
  | 'cost_cents'
  | 'cost'
  | 'tax_rate_percent'
  | 'vat_rate_category'
  | 'currency'
>;

/**
 * Copies a marketplace product into a vendor's catalogue (the admin API's POST
 * /products/{id}/copy-to-vendor and the back offices' copy forms): the copy keeps the GTIN, its
 * type, the marketplace, brand, image, product type and every translation; the SKU and prices are
 * the vendor's (the marketplace price is only the default price). Returns the new product's id.
 */
export async function copyMarketplaceProduct(
  services: Services,
  sourceId: number,
  vendorId: number,
  choices: CopyChoices,
  ctx: CommandContext,
): Promise<number> {
  const knex = services.db.knex;
  const source = await getMarketplaceProduct(knex, sourceId);
  const vendor = await getVendorRef(knex, vendorId);
  const translations = Object.fromEntries(
    Object.entries(source.translations).map(([lang, t]) => [
      lang,
      {
        title: t.title.slice(0, 300),
        description: t.description,
        short_description: t.short_description,
      },
    ]),
  );
  const fields = newProductFields(
    {
      ...choices,
      gtin: source.gtin,
      gtin_type: source.gtin_type,
      marketplace: source.marketplace,
      brand: source.brand,
      image_link: source.image_link,
      product_type_raw: source.product_type_raw,
      translations,
      currency: choices.currency ?? source.currency,
      vat_rate_category: choices.vat_rate_category ?? source.vat_rate_category ?? undefined,
    } as ProductBody,
    await sellerStateOf(services, vendor.id),
    { tax_rate_bp: percentToBasisPoints(vendor.default_tax_rate ?? NaN) ?? DEFAULT_TAX_RATE_BP, price_cents: source.price_cents },
  );
  const { id, done } = await createVendorProduct(
    { store: services.store, db: knex, clock: services.clock },
    { vendor_id: vendor.id, fields, source_marketplace_product_id: source.id, quota: await productQuota(services, vendor.id) },
    ctx,
  );
  await services.settle(done);
  return id;
}
