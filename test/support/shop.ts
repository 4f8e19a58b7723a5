import { randomBytes } from 'node:crypto';
import type { CallOptions, Reply, TestApp } from './app.ts';
import { unique } from './app.ts';
import { createVendorWithOwner, shopHeaders, type VendorFixture } from './tenancy.ts';

/**
 * The shop as its clients use it: a vendor with products and stock (through the vendor API), and
 * a shopper's calls from the storefront page (the Referer names the shop), with a customer token
 * once signed in.
 */
export interface ShopFixture extends VendorFixture {
  /** A shop API call from this vendor's storefront; `token` is a customer token. */
  shop(method: string, path: string, options?: CallOptions): Promise<Reply>;
  vendor(method: string, path: string, body?: unknown): Promise<Reply>;
}

export async function openShop(app: TestApp): Promise<ShopFixture> {
  return shopOf(app, await createVendorWithOwner(app));
}

/** The shop of a vendor made elsewhere. */
export function shopOf(app: TestApp, v: VendorFixture): ShopFixture {
  return {
    ...v,
    shop: (method, path, options = {}) =>
      app.call(method, `/api/v1/shop${path}`, { ...options, headers: { ...shopHeaders(v.vendorCode), ...(options.headers ?? {}) } }),
    vendor: (method, path, body) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body }),
  };
}

export async function ok(res: Promise<Reply> | Reply, what: string, status = [200, 201]): Promise<any> {
  const r = await res;
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A product of the shop, with `stock` units on a shelf (none for a digital product). */
export async function stockedProduct(s: ShopFixture, fields: Record<string, unknown>, stock: number): Promise<number> {
  const product = await ok(s.vendor('POST', '/products', { price_cents: 1000, vendor_sku: unique('SKU-'), ...fields }), 'product');
  if (stock > 0)
    await ok(
      s.vendor('POST', '/inventory', { product_id: product.id, warehouse: 'main', bin_location: unique('A-'), quantity: stock }),
      'stock',
    );
  return product.id;
}

/** A session id as a storefront makes one: 32 random bytes, base64url (256 bits). */
export const newSessionId = () => randomBytes(32).toString('base64url');

export interface Shopper {
  token: string;
  id: number;
  email: string;
  password: string;
}

export async function registerShopper(s: ShopFixture, over: Record<string, unknown> = {}, emailPrefix = 'shopper'): Promise<Shopper> {
  const email = `${unique(emailPrefix)}@customer.test`;
  const password = `secret-${unique('pw')}`;
  const body = await ok(
    s.shop('POST', '/auth/register', { body: { email, password, first_name: 'Ada', last_name: 'Lovelace', ...over } }),
    'register',
  );
  return { token: body.access_token, id: body.customer?.id ?? body.id, email, password };
}

export const LU_ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: '12 rue de la Gare',
  postal_code: 'L-1611',
  city: 'Luxembourg',
  country_iso: 'LU',
  country_name: 'Luxembourg',
};
