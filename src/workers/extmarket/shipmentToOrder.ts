import type { Knex } from 'knex';
import type { IncomingOrder } from '../../modules/orders.ts';
import type { OrderAddress } from '../../../commands/orders/events.ts';
import type { SellerVatProfile } from '../../core/vat/sellerVatProfile.ts';
import type { ExtmarketAddress, ExtmarketShipment } from '../../adapters/extmarket/port.ts';
import type { VatNumberVerifier } from '../../adapters/vies/viesClient.ts';
import { cleanGtin, gtin14, gtinProblem } from '../../core/gtin.ts';
import { orderVat, vatNumberCountry, type OrderVatLine, type RateCategory } from '../../core/vat/index.ts';
import type { VendorProductListRow } from '../../modules/catalogue.ts';

/**
 * An extmarket shipment as one of our orders. Inventory units of one variant at one price become
 * one item with a quantity (and their unit ids, which confirm and decline use). An item is linked
 * to the vendor product with its GTIN, or to the placeholder with needs_product_match. The VAT
 * fields follow eu-vat-rules.md; a buyer VAT number counts only when VIES confirms it.
 */
export interface MappingContext {
  knex: Knex;
  vendorId: number;
  placeholderProductId: number;
  vat: SellerVatProfile;
  vies: VatNumberVerifier;
  syncJobId: number | null;
}

export interface MappedShipment {
  incoming: IncomingOrder;
  /** Decisions the extmarket already holds (historical orders), per item index. */
  decided: { index: number; confirmed: boolean }[];
}

const address = (a: ExtmarketAddress): OrderAddress => ({
  first_name: a.firstName,
  last_name: a.lastName,
  company: a.company,
  street: [a.streetName, a.streetNumber].filter(Boolean).join(' ') || null,
  street_2: null,
  postal_code: a.zipCode,
  city: a.city,
  country_iso: a.countryIso?.toUpperCase() ?? null,
});

const gtinKey = (ean: string | null) => (ean && !gtinProblem(cleanGtin(ean)) ? gtin14(cleanGtin(ean)) : null);

export async function shipmentToOrder(s: ExtmarketShipment, ctx: MappingContext): Promise<MappedShipment> {
  const groups = new Map<string, typeof s.inventoryUnits>();
  for (const u of s.inventoryUnits) {
    const key = JSON.stringify([u.ean, u.sku, u.mpn, u.priceCents, u.productName]);
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  const keys = [...new Set(s.inventoryUnits.map((u) => gtinKey(u.ean)).filter((k): k is string => !!k))];
  const products =
    keys.length === 0
      ? []
      : await ctx
          .knex<VendorProductListRow>('vendor_product_list')
          .select('id', 'gtin14', 'is_digital', 'vat_rate_category')
          .where({ vendor_id: ctx.vendorId, is_placeholder: false })
          .whereIn('gtin14', keys)
          .orderBy('id');
  const byGtin = new Map<string, { id: number; is_digital: boolean; vat_rate_category: RateCategory }>();
  for (const p of products)
    // Matched by gtin14, so it is never null here.
    if (p.gtin14 !== null && !byGtin.has(p.gtin14))
      byGtin.set(p.gtin14, { id: p.id, is_digital: p.is_digital, vat_rate_category: p.vat_rate_category ?? 'standard' });

  const items = [...groups.values()].map((units) => {
    const u = units[0];
    const product = gtinKey(u.ean) ? byGtin.get(gtinKey(u.ean)!) : undefined;
    return {
      external_item_id: u.id,
      inventory_unit_ids: units.map((x) => x.id),
      product_id: product?.id ?? ctx.placeholderProductId,
      needs_product_match: !product,
      product_name: u.productName,
      ean: u.ean ? cleanGtin(u.ean) : null,
      mpn: u.mpn,
      sku: u.sku,
      quantity: units.length,
      unit_price_cents: u.priceCents,
      is_digital: product?.is_digital ?? false,
      // The matched product's rate category; an unmatched line is taxed at the standard rate until it is resolved.
      vat_rate_category: product?.vat_rate_category ?? 'standard',
    };
  });
  const decided = [...groups.values()].flatMap((units, index) => {
    if (units.every((x) => x.state === 'confirmed_available')) return [{ index, confirmed: true }];
    if (units.every((x) => x.state === 'confirmed_unavailable')) return [{ index, confirmed: false }];
    return [];
  });

  const ship = address(s.shipAddress);
  const bill = address(s.billAddress);
  const vat = await shipmentVat(
    ctx,
    items,
    ship.country_iso ?? bill.country_iso ?? ctx.vat.seller_country_iso,
    s.billAddress.vatNumber ?? s.shipAddress.vatNumber,
  );
  const incoming: IncomingOrder = {
    vendor_id: ctx.vendorId,
    channel: 'extmarket',
    external_order_id: s.orderId,
    external_shipment_id: s.id,
    order_number: s.orderNumber,
    order_date: new Date(s.completedAt).toISOString(),
    customer_first_name: bill.first_name ?? ship.first_name,
    customer_last_name: bill.last_name ?? ship.last_name,
    customer_email: s.email,
    customer_locale: s.locale,
    shipping_country_iso: ship.country_iso,
    billing_country_iso: bill.country_iso,
    shipping_address: ship,
    billing_address: bill,
    currency: 'EUR',
    items,
    vat,
    sync_job_id: ctx.syncJobId,
  };
  return { incoming, decided };
}

async function shipmentVat(
  ctx: MappingContext,
  items: OrderVatLine[],
  destination: string,
  vatNumber: string | null,
): Promise<IncomingOrder['vat']> {
  let valid = false;
  if (vatNumber && vatNumberCountry(vatNumber)) {
    // VIES down: the order is taxed as B2C for now; the invoice checks the number again.
    valid = await ctx.vies.verify(vatNumber).then(
      (r) => r.valid,
      () => false,
    );
  }
  return orderVat(ctx.vat, items, destination, vatNumber, valid);
}
