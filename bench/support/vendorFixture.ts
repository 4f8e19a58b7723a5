import type { Clock } from '../../src/core/clock.ts';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { importExtmarketOrder, type IncomingOrder } from '../../commands/orders/handlers/order.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { sleep } from '../harness.ts';
import type { Catalogue } from './generators/orderStreams.ts';
import { between, pick, seeded } from './generators/random.ts';
import { THINGS, WORDS } from './generators/vocabulary.ts';

/**
 * A vendor of the running service, set up as a client would (the admin opens a company and a
 * vendor, the owner signs in and replaces the temporary password), then a product with stock and
 * extmarket orders for it, confirmed: what the ShipItem and catalogue-write benchmarks need.
 */
/** Where the bench's shop orders ship: Luxembourg, the bench vendor's own country (a domestic sale). */
export const BENCH_SHIPPING_ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: '1 rue X',
  postal_code: 'L-1111',
  city: 'Luxembourg',
  country_iso: 'LU',
};

export interface BenchVendor {
  vendorId: number;
  token: string;
  productId: number;
}

export async function call(
  url: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...headers,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // In production the vendor login sets a Secure cookie: the service must believe the request
      // came over TLS (a proxy in front, TRUST_PROXY=1), or the login fails.
      'x-forwarded-proto': 'https',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new vendor of the running service and its owner, signed in with their own password. */
export interface VendorOwner {
  vendorId: number;
  code: string;
  email: string;
  password: string;
  token: string;
}

/** The admin opens a company and a vendor on the unlimited plan; the owner signs in and replaces the temporary password. */
async function openVendor(url: string, adminToken: string): Promise<VendorOwner> {
  const tag = randomUUID().slice(0, 8);
  const company = await call(url, 'POST', '/api/v1/admin/companies', adminToken, {
    name: `Bench ${tag}`,
    owner_email: `owner-${tag}@bench.example`,
  });
  const code = `B${tag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6)}`;
  const vendor = await call(url, 'POST', '/api/v1/admin/vendors', adminToken, {
    company_id: company.id,
    vendor_code: code,
    name: `Bench shop ${tag}`,
  });
  // A bench vendor creates far more products and orders than the legacy fallback's limits allow: Enterprise is unlimited.
  // (A service from before the plans has no subscriptions: then there is nothing to put it on.)
  await call(url, 'PUT', `/api/v1/admin/subscriptions/${vendor.id}`, adminToken, { tier_code: 'enterprise', status: 'active' }).catch(
    (err: Error) => {
      if (!/: 404 /.test(err.message)) throw err;
    },
  );
  const email = company.owner.email as string;
  const password = `bench-owner-${tag}`;
  const first = await call(url, 'POST', '/api/v1/vendor/auth/login', null, {
    email_or_username: email,
    password: company.temporary_password,
  });
  await call(url, 'PUT', '/api/v1/vendor/auth/password', first.access_token, {
    current_password: company.temporary_password,
    new_password: password,
  });
  return { vendorId: Number(vendor.id), code, email, password, token: first.access_token as string };
}

export async function benchVendor(url: string, adminToken: string): Promise<BenchVendor> {
  const { vendorId, token } = await openVendor(url, adminToken);
  const product = await call(url, 'POST', '/api/v1/vendor/products', token, { title: 'Bench kettle', price_cents: 3000 });
  await call(url, 'POST', '/api/v1/vendor/inventory', token, { product_id: product.id, bin_location: 'B-1', quantity: 10_000_000 });
  return { vendorId, token, productId: product.id };
}

/**
 * A vendor whose catalogue is `count` digital products (seeded names and prices, the same from run
 * to run), for the order pages: digital, so that its orders move no stock.
 */
export async function digitalCatalogueVendor(url: string, adminToken: string, count: number): Promise<VendorOwner & Catalogue> {
  const owner = await openVendor(url, adminToken);
  const r = seeded(7);
  const products: Catalogue['products'] = [];
  for (let i = 0; i < count; i++) {
    const name = `${pick(r, WORDS)} ${pick(r, THINGS)} e-guide ${i + 1}`;
    const price = between(r, 499, 9_999);
    const p = await call(url, 'POST', '/api/v1/vendor/products', owner.token, { title: name, price_cents: price, is_digital: true });
    products.push({ id: p.id, name, price });
  }
  return { ...owner, products };
}

/** Products of the vendor, created through the API (for the catalogue-write benchmark). */
export async function benchProducts(url: string, v: BenchVendor, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await call(url, 'POST', '/api/v1/vendor/products', v.token, { title: `Bench product ${i}`, price_cents: 1000 + i })).id);
  return ids;
}

/**
 * `count` extmarket orders of `items` items of `quantity` units each, imported with the command
 * the sync uses (from this process, on the bench database) and confirmed through the vendor API.
 * Returns an [order id, item id] pair per item, the first item of every order first, then the
 * second…: requests taken in turn meet each order's stream once per round.
 *
 * Marketplace orders name every unit (inventory_unit_ids), and the order's stream and its
 * order_items row carry those ids; an item of a thousand units makes every shipment of one unit
 * rewrite a 46 kB row. Keep `quantity` to what an order line holds.
 */
export async function benchOrders(
  url: string,
  deps: { store: EventStore; db: Knex; clock: Clock },
  v: BenchVendor,
  count: number,
  items: number,
  quantity: number,
): Promise<[number, number][]> {
  const orders: number[] = [];
  for (let n = 0; n < count; n++) {
    const ext = `bench-${randomUUID()}`;
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
      vendor_id: v.vendorId,
      channel: 'extmarket',
      external_order_id: ext,
      external_shipment_id: `ship-${ext}`,
      order_number: `EXT-${n}`,
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
        net_cents: 1000 * items * quantity,
        vat_cents: 170 * items * quantity,
        gross_cents: 1170 * items * quantity,
      },
      items: Array.from({ length: items }, (_, i) => ({
        external_item_id: `${ext}-${i}`,
        inventory_unit_ids: Array.from({ length: quantity }, (_, k) => `${ext}-${i}-u${k}`),
        product_id: v.productId,
        needs_product_match: false,
        product_name: 'Bench kettle',
        ean: null,
        mpn: null,
        sku: 'BENCH-1',
        quantity,
        unit_price_cents: 1170,
        is_digital: false,
      })),
    } as IncomingOrder;
    const { order_id } = await importExtmarketOrder(deps, incoming, v.productId, {
      userId: 'system:bench',
      vendorId: v.vendorId,
      correlationId: ext,
    });
    orders.push(order_id);
  }
  // The service projects the orders (it was told by NOTIFY); then each is confirmed through the API.
  const byItem: [number, number][][] = Array.from({ length: items }, () => []);
  for (const order of orders) {
    for (let i = 0; ; i++) {
      const rows = await deps.db('order_items').where('order_id', order).orderBy('id').select('id');
      if (rows.length === items) {
        rows.forEach((r, k) => byItem[k].push([order, Number(r.id)]));
        break;
      }
      if (i > 2000) throw new Error(`order ${order} was not projected`);
      await sleep(5);
    }
    await call(url, 'POST', `/api/v1/vendor/extmarket/orders/${order}/confirm`, v.token);
  }
  return byItem.flat();
}
