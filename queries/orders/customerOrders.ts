import type { Knex } from 'knex';
import { OrderNotFoundException } from '../../commands/orders/errors.ts';
import { formatMoney } from '../../src/core/money.ts';
import type { Page, PageRequest } from '../../src/core/pagination.ts';
import { getOrderWithItems } from './getOrder.ts';
import { listOrders, type orderRow } from './listOrders.ts';

/**
 * A shop customer's own orders (SPEC.md 4.3 GET /orders, /orders/{id}): only orders this customer
 * placed at this vendor. Anybody else's order, at this shop or another, is "not found".
 */
type Row = ReturnType<typeof orderRow>;

function summary(o: Row, language: string) {
  return {
    id: o.id,
    order_number: o.order_number,
    status: o.status,
    order_date: o.order_date,
    item_count: o.item_count,
    currency: o.currency,
    total_cents: o.gross_cents,
    formatted: { total: formatMoney(o.gross_cents, o.currency, language) },
    tracking_number: o.tracking_number,
    carrier: o.carrier,
  };
}

export async function listCustomerOrders(
  knex: Knex,
  vendorId: number,
  customerId: number,
  page: PageRequest,
  language: string,
): Promise<Page<ReturnType<typeof summary>>> {
  const { total_exact: _exact, ...found } = await listOrders(knex, { vendor_id: vendorId, customer_id: customerId }, page);
  return { ...found, items: found.items.map((o) => summary(o, language)) };
}

export async function getCustomerOrder(knex: Knex, vendorId: number, customerId: number, orderId: number, language: string) {
  const o = await getOrderWithItems(knex, orderId, vendorId).catch((err) => {
    if (err instanceof OrderNotFoundException) return null;
    throw err;
  });
  if (!o || o.customer_id !== customerId) throw new OrderNotFoundException(`Order ${orderId} not found`);
  return {
    ...summary(o, language),
    items: o.items.map((i) => ({
      item_id: i.id,
      product_id: i.product_id,
      product_name: i.product_name,
      sku: i.sku,
      quantity: i.quantity,
      shipped_quantity: i.shipped_quantity,
      status: i.status,
      unit_price_cents: i.unit_price_cents,
      line_total_cents: i.line_total_cents,
      is_digital: i.is_digital,
    })),
    shipping_address: o.shipping_address,
    billing_address: o.billing_address,
    shipping_cents: o.shipping_cents,
    vat: {
      regime: o.vat_regime,
      rate: o.vat_rate,
      country_iso: o.vat_country_iso,
      buyer_vat_number: o.buyer_vat_number,
      exemption_reference: o.vat_exemption_reference,
      net_cents: o.net_cents,
      vat_cents: o.vat_cents,
      gross_cents: o.gross_cents,
    },
    shipments: o.items.map((i) => ({ item_id: i.id, shipped_quantity: i.shipped_quantity, remaining_quantity: i.remaining_quantity })),
  };
}
