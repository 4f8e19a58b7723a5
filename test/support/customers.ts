import type { CallOptions, Reply, TestApp } from './app.ts';
import { unique } from './app.ts';
import { shopHeaders, type VendorFixture } from './tenancy.ts';

/**
 * A shopper's side of the customers area: calls from a vendor's storefront page (the Referer names
 * the shop), registration and sign-in, as the storefront's own code makes them.
 */
export interface ShopClient {
  vendor: VendorFixture;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
}

export const shopClient = (app: TestApp, vendor: VendorFixture): ShopClient => ({
  vendor,
  call: (method, path, options = {}) =>
    app.call(method, `/api/v1/shop${path}`, {
      ...options,
      headers: { ...shopHeaders(vendor.vendorCode), ...(options.headers ?? {}) },
    }),
});

export interface Customer {
  id: number;
  email: string;
  password: string;
  token: string;
}

export const newEmail = () => `${unique('cust')}@shopper.test`;

export async function registerCustomer(shop: ShopClient, over: Record<string, unknown> = {}): Promise<Customer> {
  const body = { email: newEmail(), password: `pw-${unique('secret')}`, first_name: 'Ada', last_name: 'Lovelace', ...over };
  const res = await shop.call('POST', '/auth/register', { body });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.customer.id,
    email: String(body.email).toLowerCase(),
    password: String(body.password),
    token: res.body.access_token,
  };
}

export async function signIn(shop: ShopClient, email: string, password: string): Promise<string> {
  const res = await shop.call('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/** The attributes of one Set-Cookie header, by lower-cased name (`value` holds the cookie's value). */
export function cookieAttributes(reply: Reply, name: string): Record<string, string | true> | null {
  const header = reply.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) return null;
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const out: Record<string, string | true> = { value: pair.slice(name.length + 1) };
  for (const a of attrs) {
    const eq = a.indexOf('=');
    if (eq < 0) out[a.toLowerCase()] = true;
    else out[a.slice(0, eq).toLowerCase()] = a.slice(eq + 1);
  }
  return out;
}

export const ADDRESS = {
  type: 'shipping',
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: '12 rue de la Gare',
  postal_code: 'L-1611',
  city: 'Luxembourg',
  country_iso: 'LU',
  country_name: 'Luxembourg',
};
