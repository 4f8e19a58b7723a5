import { request } from 'node:http';
import type { TestApp } from './app.ts';
import { shopOf, stockedProduct, type ShopFixture } from './shop.ts';
import { createVendorWithOwner } from './tenancy.ts';

/**
 * The storefront pages as a browser reaches them (test/pages/storefront/*.test.ts): raw HTTP
 * requests whose Host can name a vendor's subdomain, a visitor with a cookie jar, and the shop
 * those specifications share (four languages, a copper pan, and a product whose title is markup).
 */
export interface PageReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A browser's request: node:http, so the Host header can name a vendor's subdomain. */
export function browse(
  app: TestApp,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  form?: Record<string, string | string[]>,
): Promise<PageReply> {
  return new Promise((resolve, reject) => {
    // A list is a repeated field (checkboxes of one name).
    const body = form ? new URLSearchParams(Object.entries(form).flatMap(([k, v]) => [v].flat().map((x) => [k, x]))).toString() : undefined;
    const req = request(
      `${app.url}${path}`,
      {
        method,
        headers: {
          ...headers,
          ...(body !== undefined
            ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A visitor with a cookie jar, on one host. */
export function visitor(app: TestApp, host?: string) {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, form?: Record<string, string | string[]>, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (host) headers.host = host;
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await browse(app, method, path, headers, form);
    for (const c of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, form: Record<string, string | string[]>) => send('POST', path, form),
    /** The form token the pages put in every form. */
    csrf: (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '',
  };
}

export interface StorefrontShop {
  s: ShopFixture;
  pan: number;
  evil: number;
}

export async function storefrontShop(app: TestApp): Promise<StorefrontShop> {
  const s = shopOf(
    app,
    await createVendorWithOwner(app, { vendor: { storefront_language: 'en', storefront_languages: ['en', 'fr', 'de', 'lb'] } }),
  );
  const pan = await stockedProduct(
    s,
    { title: 'Copper pan', brand: 'Cuivre', price_cents: 4599, translations: { de: { title: 'Kupferpfanne' } } },
    3,
  );
  const evil = await stockedProduct(s, { title: '<script>alert("x")</script> Knife' }, 2);
  return { s, pan, evil };
}
