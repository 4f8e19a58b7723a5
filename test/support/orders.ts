import type { RateCategory } from '../../src/core/vat/rates.ts';
import { importExtmarketOrder, type IncomingOrder } from '../../commands/orders/handlers/order.ts';
import { type TestApp, unique } from './app.ts';
import { eventually } from './eventually.ts';
import { putOnTier } from './plans.ts';

/** The vendor's placeholder product (created by a process manager when the vendor is created). */
export async function placeholderOf(app: TestApp, vendorId: number): Promise<number> {
  const row = await eventually(
    () => app.services.db.knex('vendor_product_list').where({ vendor_id: vendorId, is_placeholder: true }).first(),
    `the placeholder product of vendor ${vendorId}`,
    30_000,
  );
  return row.id;
}

export interface SeedItem {
  quantity?: number;
  product_id?: number;
  ean?: string | null;
  unmatched?: boolean;
  is_digital?: boolean;
  unit_price_cents?: number;
  vat_rate_category?: RateCategory;
  /** The product's name and SKU as the marketplace sends them (default: "Item <n>", "SKU-<n>"). */
  product_name?: string;
  sku?: string;
}

const onExtmarket = new WeakMap<TestApp, Set<number>>();

/**
 * A vendor that sells on the extmarket is on a tier with the extmarket features (the vendor API's
 * extmarket routes are gated by them): Enterprise, set once per vendor through the admin API.
 */
export async function sellsOnExtmarket(app: TestApp, vendorId: number) {
  const known = onExtmarket.get(app) ?? new Set<number>();
  onExtmarket.set(app, known);
  if (known.has(vendorId)) return;
  known.add(vendorId);
  await putOnTier(app, vendorId, 'enterprise');
}

/**
 * An extmarket order imported through the command handler the sync uses, settled in the
 * projections; the vendor is put on a tier with the extmarket features (sellsOnExtmarket).
 */
export async function seedExtmarketOrder(app: TestApp, vendorId: number, items: SeedItem[], over: Partial<IncomingOrder> = {}) {
  await sellsOnExtmarket(app, vendorId);
  const placeholder = await placeholderOf(app, vendorId);
  const ext = unique('ext');
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: null,
    street: '1 rue X',
    street_2: null,
    postal_code: '1111',
    city: 'Luxembourg',
    country_iso: 'LU',
  };
  const incoming: IncomingOrder = {
    vendor_id: vendorId,
    channel: 'extmarket',
    external_order_id: ext,
    external_shipment_id: `ship-${ext}`,
    order_number: `EXT-${ext}`,
    order_date: new Date().toISOString(),
    customer_first_name: 'Ada',
    customer_last_name: 'Lovelace',
    customer_email: 'ada@example.test',
    customer_locale: 'fr',
    shipping_country_iso: 'LU',
    billing_country_iso: 'LU',
    shipping_address: address,
    billing_address: address,
    currency: 'EUR',
    sync_job_id: null,
    vat: {
      vat_regime: 'domestic',
      vat_rate: 17,
      vat_country_iso: 'LU',
      seller_country_iso: 'LU',
      buyer_vat_number: null,
      vat_exemption_reference: null,
      net_cents: 1000,
      vat_cents: 170,
      gross_cents: 1170,
    },
    items: items.map((i, n) => ({
      external_item_id: `${ext}-u${n}-0`,
      inventory_unit_ids: Array.from({ length: i.quantity ?? 1 }, (_, k) => `${ext}-u${n}-${k}`),
      product_id: i.unmatched ? placeholder : (i.product_id ?? placeholder),
      needs_product_match: !!i.unmatched,
      product_name: i.product_name ?? `Item ${n}`,
      ean: i.ean ?? null,
      mpn: null,
      sku: i.sku ?? `SKU-${n}`,
      quantity: i.quantity ?? 1,
      unit_price_cents: i.unit_price_cents ?? 1170,
      is_digital: i.is_digital ?? false,
      ...(i.vat_rate_category ? { vat_rate_category: i.vat_rate_category } : {}),
    })),
    ...over,
  };
  const result = await importExtmarketOrder(
    { store: app.services.store, db: app.services.db.knex, clock: app.services.clock },
    incoming,
    placeholder,
    { userId: 'system:test', vendorId, correlationId: unique('seed') },
  );
  await app.services.settle(result.done);
  const itemIds = (await app.services.db.knex('order_items').where('order_id', result.order_id).orderBy('id').pluck('id')).map(Number);
  return { orderId: result.order_id, itemIds, externalOrderId: ext, placeholder };
}

/** The order-level VAT fields of a domestic Luxembourg order of this gross total (17 %), for `over`. */
export function domesticVat(gross_cents: number): IncomingOrder['vat'] {
  const net_cents = Math.round((gross_cents * 100) / 117);
  return {
    vat_regime: 'domestic',
    vat_rate: 17,
    vat_country_iso: 'LU',
    seller_country_iso: 'LU',
    buyer_vat_number: null,
    vat_exemption_reference: null,
    net_cents,
    vat_cents: gross_cents - net_cents,
    gross_cents,
  };
}
