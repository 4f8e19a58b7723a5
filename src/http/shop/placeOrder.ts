import type { Static } from '@sinclair/typebox';
import { checkoutLines } from '../../modules/carts.ts';
import type { CustomerAddress } from '../../../commands/customers/events.ts';
import { loadCustomer } from '../../modules/customers.ts';
import type { OrderAddress } from '../../../commands/orders/events.ts';
import { placeShopOrder, placedShopOrder, type CheckoutResult } from '../../../commands/orders/handlers/shopCheckout.ts';
import { sellerVatProfileFor } from '../../modules/registry.ts';
import { viesVerifier } from '../../adapters/vies/viesClient.ts';
import { AddressNotFoundException, CartValidationException } from '../../core/errors.ts';
import { orderVat, vatNumberCountry } from '../../core/vat/index.ts';
import type { Services } from '../../runtime/services.ts';
import { customerCommandContext, customerCaller } from '../customerAuth.ts';
import { orderQuota } from '../planLimits.ts';
import type { InlineAddress, PlaceOrderBody } from '../schemas/shopOrders.ts';
import { storefrontUrl, shopVendorOf } from '../vendorContext.ts';
import type { Context } from 'koa';

/**
 * Checkout (SPEC.md 4.3 POST /orders): the session cart becomes an order of the signed-in
 * customer. The cart gives the lines at the prices the customer agreed to (a rise not accepted,
 * a product gone or short of stock refuses the order, naming the product); the addresses are
 * saved ones or given inline, the customer's default ones when none is named; VAT follows the
 * vendor's VAT situation and the destination (B2B reverse charge when VIES confirms the number).
 * Stock is reserved and the order recorded by commands/orders/shopCheckout.ts.
 *
 * A retry is idempotent: with an Idempotency-Key header the key names the order placed before,
 * even once the cart has been emptied by it; without one the cart's version does (the same cart,
 * unchanged, cannot be ordered twice).
 */
export interface PlacedOrder extends CheckoutResult {}

type Body = Static<typeof PlaceOrderBody>;

export async function placeOrderFromCart(
  services: Services,
  ctx: Context,
  body: Body,
  idempotencyKey: string | null,
  language: string,
): Promise<PlacedOrder> {
  const shop = shopVendorOf(ctx);
  const customer = customerCaller(ctx);
  const deps = { store: services.store, db: services.db.knex, clock: services.clock };
  if (idempotencyKey) {
    const before = await placedShopOrder(deps, shop.id, customer.id, `key:${idempotencyKey}`);
    if (before !== null) return { order_id: before, created: false, done: [] };
  }
  const now = services.clock.now();
  // Independent reads, at once: the cart against its products, the customer, the order limit.
  const [{ version, lines }, account, quota] = await Promise.all([
    checkoutLines(services, shop.id, body.session_id, language),
    loadCustomer(services.store, customer.id),
    orderQuota(services, shop.id),
  ]);
  const shipping = addressFor(account.addresses, 'shipping', body.shipping_address_id, body.shipping_address);
  const billing =
    body.billing_address_id || body.billing_address
      ? addressFor(account.addresses, 'billing', body.billing_address_id, body.billing_address)
      : (defaultOf(account.addresses, 'billing') ?? shipping);
  const destination = shipping.country_iso!;

  const vatNumber = body.vat_number?.trim() || null;
  let vatNumberValid = false;
  if (vatNumber && vatNumberCountry(vatNumber)) {
    // VIES down: the order is taxed as a consumer's for now, as for extmarket orders; the invoice checks the number again.
    vatNumberValid = await viesVerifier()
      .verify(vatNumber)
      .then(
        (r) => r.valid,
        () => false,
      );
  }
  const seller = await sellerVatProfileFor(services, shop.id, now, destination);
  const vat = orderVat(seller, lines, destination, vatNumber, vatNumberValid);
  const placedAt = now.toISOString();

  return placeShopOrder(
    deps,
    {
      vendor_id: shop.id,
      channel: 'shop',
      customer_id: customer.id,
      session_id: body.session_id,
      language,
      shop_url: storefrontUrl(ctx, shop, services.config.publicUrl),
      external_order_id: null,
      external_shipment_id: null,
      order_date: placedAt,
      placed_at: placedAt,
      customer_first_name: account.first_name ?? shipping.first_name,
      customer_last_name: account.last_name ?? shipping.last_name,
      customer_email: customer.email,
      customer_locale: language,
      shipping_country_iso: shipping.country_iso,
      billing_country_iso: billing.country_iso,
      shipping_address: shipping,
      billing_address: billing,
      currency: 'EUR',
      shipping_cents: 0,
      vat,
      sync_job_id: null,
      items: lines.map((l) => ({
        external_item_id: null,
        inventory_unit_ids: [],
        product_id: l.product_id,
        needs_product_match: false,
        product_name: l.product_name,
        ean: l.gtin,
        mpn: null,
        sku: l.sku,
        quantity: l.quantity,
        unit_price_cents: l.unit_price_cents,
        is_digital: l.is_digital,
        vat_rate_category: l.vat_rate_category,
      })),
    },
    idempotencyKey ? `key:${idempotencyKey}` : `cart:${body.session_id}:${version}`,
    quota,
    customerCommandContext(ctx),
  );
}

function toOrderAddress(a: CustomerAddress | Static<typeof InlineAddress>): OrderAddress {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    company: a.company ?? null,
    street: a.street,
    street_2: a.street_2 ?? null,
    postal_code: a.postal_code,
    city: a.city,
    country_iso: a.country_iso.toUpperCase(),
  };
}

function defaultOf(addresses: readonly CustomerAddress[], type: 'shipping' | 'billing'): OrderAddress | null {
  const found = addresses.find((a) => a.type === type && a.is_default);
  return found ? toOrderAddress(found) : null;
}

/** A saved address of the customer by id, an inline one, or the default of its type. */
function addressFor(
  addresses: readonly CustomerAddress[],
  type: 'shipping' | 'billing',
  id: number | undefined,
  inline: Static<typeof InlineAddress> | undefined,
): OrderAddress {
  if (id !== undefined && inline) {
    throw new CartValidationException(`Give the ${type} address by id or inline, not both`, [
      { pointer: `/body/${type}_address`, message: 'not both' },
    ]);
  }
  if (inline) return toOrderAddress(inline);
  if (id !== undefined) {
    const saved = addresses.find((a) => a.address_id === id);
    if (!saved) throw new AddressNotFoundException(`Address ${id} not found`, { field: `${type}_address_id` });
    return toOrderAddress(saved);
  }
  const fallback = defaultOf(addresses, type);
  if (!fallback) {
    throw new CartValidationException(
      `A ${type} address is needed: give ${type}_address_id or ${type}_address, or save a default ${type} address`,
      [{ pointer: `/body/${type}_address`, message: 'required' }],
    );
  }
  return fallback;
}
