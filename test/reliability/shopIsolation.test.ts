import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testApp, type TestApp } from '../support/app.ts';
import { quiet, type Tenant } from '../support/tenantData.ts';
import {
  changed,
  isProblem,
  leaks,
  openTwoTenants,
  send as sendTo,
  snapshot as snapshotOf,
  type Answer,
  type TwoTenants,
} from './isolationSupport.ts';
import { SHOP_CUSTOMER_CASES, type ShopReq } from './shopIsolationCases.ts';
import { SHOP_CASES } from './tenantIsolationCases.ts';

/**
 * Tenant isolation of the shop API (/api/v1/shop/**): two shops with real data in every area
 * (test/support/tenantData.ts), each with a customer holding an address, a cart and an order, and
 * a second customer. First the vendor context: each route is called with each vendor's Referer
 * path form, subdomain Host and verified custom domain Host, and with mixes (Host of one vendor and
 * Referer of the other, unknown or pending domains and unknown subdomains in front of a Referer,
 * vendor headers and query parameters, a vendor token of the other vendor): exactly the vendor the
 * rules name answers, with none of the other's data and none of either's private data. Then every
 * shop route with customer tokens (shopIsolationCases.ts): a customer of A at A's shop aimed at B's
 * products, carts, addresses and orders, A's customer token at B's shop and B's at A's, and B's
 * second customer aimed at B's first customer's addresses and orders: refused or answered with the
 * caller's own data only, nothing of B's changed, and B's customer still signed in at B's shop.
 * The case list's coverage of every mounted shop route is checked in tenantIsolation.test.ts.
 */
describe('reliability: tenant isolation on every shop route', function () {
  this.timeout(300_000);
  let app: TestApp;
  let tenants: TwoTenants;
  let a: Tenant;
  let b: Tenant;
  let vendorTables: string[];
  let sent = 0;

  before(async () => {
    app = await testApp();
    tenants = await openTwoTenants(app);
    ({ a, b, vendorTables } = tenants);
  });

  after(async () => {
    await tenants?.close();
    console.log(`      ${sent} shop requests`);
  });

  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> =>
    sendTo(app.url, method, path, headers, body);
  const snapshot = (t: Tenant) => snapshotOf(app.services.db.knex, vendorTables, t);

  it('shop API: the vendor the context names answers, never the other, whatever mix of Host, Referer and headers', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      const path = (t: Tenant) => `http://localhost/vendors/${t.vendorCode}/shop/`;
      const scenarios: [string, Record<string, string>, Tenant | null][] = [
        ['Referer path form', { referer: path(x) }, x],
        ['Host subdomain', { host: `${x.subdomain}.localhost` }, x],
        ['Host verified custom domain', { host: x.domain.name }, x],
        ['Referer custom domain', { referer: `https://${x.domain.name}/cart` }, x],
        ['Referer subdomain, Host an IP', { host: '127.0.0.1', referer: `https://${x.subdomain}.localhost/` }, x],
        ["Host subdomain, other's Referer", { host: `${x.subdomain}.localhost`, referer: path(y) }, x],
        ["Host custom domain, other's Referer", { host: x.domain.name, referer: path(y) }, x],
        [
          "Referer path form, other's subdomain as the Referer host",
          { referer: `http://${y.subdomain}.localhost/vendors/${x.vendorCode}/shop/` },
          x,
        ],
        ['unknown domain in Host, Referer', { host: `unknown-${x.tag}.example`, referer: path(x) }, x],
        ["other's pending domain in Host, Referer", { host: y.pendingDomain.name, referer: path(x) }, x],
        ["Referer, other's vendor headers", { referer: path(x), 'x-vendor-id': String(y.vendorId), 'x-vendor-code': y.vendorCode }, x],
        [
          "Host subdomain, other's vendor token (header and cookie)",
          { host: `${x.subdomain}.localhost`, authorization: `Bearer ${y.ownerToken}`, cookie: `vendor_token=${y.ownerToken}` },
          x,
        ],
        ["unknown subdomain in Host, other's Referer", { host: `nosuch-${randomUUID().slice(0, 8)}.localhost`, referer: path(y) }, null],
        ['unknown code in the Referer path', { referer: `http://localhost/vendors/NOSUCH${randomUUID().slice(0, 8)}/shop/` }, null],
        ['no context, vendor headers only', { 'x-vendor-id': String(x.vendorId), 'x-vendor-code': x.vendorCode }, null],
      ];
      for (const [key, shopPath] of Object.entries(SHOP_CASES)) {
        for (const [label, headers, expected] of scenarios) {
          for (const query of ['', `?vendor_id=${y.vendorId}&vendor_code=${y.vendorCode}`]) {
            const res = await send(key.split(' ')[0], shopPath + query, headers);
            sent++;
            checked++;
            const where = `${key} [${label}${query ? ", other's query" : ''}, ${x === a ? 'A' : 'B'}] → ${res.status}`;
            const privateOf = (t: Tenant) =>
              [t.ownerEmail, t.member.email, t.invitation.email, t.server.apiKey, t.server.url].map((s) => s.toLowerCase());
            // The named vendor's public data only; none of the other's, and nobody's private data.
            const leaked =
              expected === null ? [...leaks(res, x), ...leaks(res, y)] : [...leaks(res, y), ...leaks(res, x, privateOf(x), false)];
            if (expected === null) {
              if (res.status !== 404 || res.body?.code !== 'VendorNotFoundException' || !isProblem(res))
                problems.push(`${where}: expected VendorNotFoundException`);
            } else if (res.status !== 200 || res.body?.id !== expected.vendorId || !res.text.toLowerCase().includes(expected.tag)) {
              problems.push(`${where}: expected vendor ${expected.vendorId}, ${res.text.slice(0, 160)}`);
            }
            if (leaked.length > 0) problems.push(`${where}: holds ${leaked.join(', ')}`);
          }
        }
      }
    }
    expect(problems).to.deep.equal([]);
    expect(checked).to.be.greaterThan(50);
  });

  it('the shop fixtures are real: each customer finds its own address, cart and order at its own shop', async () => {
    for (const t of [a, b]) {
      const headers = { referer: `http://localhost/vendors/${t.vendorCode}/shop/`, authorization: `Bearer ${t.shopper.token}` };
      const order = await send('GET', `/api/v1/shop/orders/${t.shopper.order}`, headers);
      expect(order.status, order.text).to.equal(200);
      const addresses = await send('GET', '/api/v1/shop/addresses', headers);
      expect(addresses.text.toLowerCase()).to.include(`${t.tag} customer street 1`);
      const cart = await send('GET', `/api/v1/shop/cart/${t.shopper.cart}`, headers);
      expect(cart.body.items.map((i: any) => i.product_id)).to.deep.equal([t.products[0]]);
    }
  });

  for (const direction of ['A attacks B', 'B attacks A']) {
    it(`shop API with customer tokens, ${direction}: nothing of the other shop or the other customer, nothing of theirs changed`, async () => {
      const [m, v] = direction === 'A attacks B' ? [a, b] : [b, a];
      await quiet(app);
      const start = await snapshot(v);
      const problems: string[] = [];
      let checked = 0;
      const tokens = { customer: m.shopper.token, victim: v.shopper.token, sibling: v.sibling.token };
      for (const [key, build] of Object.entries(SHOP_CUSTOMER_CASES)) {
        const [method] = key.split(' ');
        for (const r of build(m, v) as ShopReq[]) {
          const shop = r.shop === 'own' ? m : v;
          const headers: Record<string, string> = {
            referer: `http://localhost/vendors/${shop.vendorCode}/shop/`,
            'x-vendor-id': String(v.vendorId),
            'x-vendor-code': v.vendorCode,
            ...(r.as ? { authorization: `Bearer ${tokens[r.as]}` } : {}),
            ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
          };
          const sep = r.path.includes('?') ? '&' : '?';
          const res = await send(
            method,
            `/api/v1/shop${r.path}${sep}vendor_id=${v.vendorId}`,
            headers,
            r.body === undefined ? undefined : Buffer.from(JSON.stringify(r.body)),
          );
          sent++;
          checked++;
          const where = `${key} ${r.label ?? r.path} [${r.as ?? 'anonymous'} at ${r.shop} shop] → ${res.status}`;
          if (res.status >= 500) problems.push(`${where}: ${res.text.slice(0, 200)}`);
          if (r.expect === 'refused' && (![400, 401, 403, 404, 409, 422].includes(res.status) || !isProblem(res)))
            problems.push(`${where}: expected a refusal`);
          if (r.expect === 'empty' && !(res.status === 200 && Array.isArray(res.body?.items) && res.body.items.length === 0))
            problems.push(`${where}: expected no rows`);
          // The sibling is a customer of the victim's shop: the shop's own texts are its to see, the first customer's are not.
          const leaked = r.as === 'sibling' ? v.shopperMarkers.filter((mk) => res.text.toLowerCase().includes(mk)) : leaks(res, v);
          if (leaked.length > 0) problems.push(`${where}: holds ${leaked.join(', ')}`);
        }
      }
      await quiet(app);
      problems.push(...changed(start, await snapshot(v)).map((k) => `the victim's ${k} changed`));
      const still = await send('GET', '/api/v1/shop/profile', {
        referer: `http://localhost/vendors/${v.vendorCode}/shop/`,
        authorization: `Bearer ${v.shopper.token}`,
      });
      if (still.status !== 200) problems.push(`the victim's customer is no longer signed in at its shop: ${still.status}`);
      expect(problems).to.deep.equal([]);
      expect(checked).to.be.greaterThan(30);
    });
  }
});
