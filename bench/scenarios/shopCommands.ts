import { randomBytes } from 'node:crypto';
import { adminLogin, startService, type ChildService } from '../../test/support/childService.ts';
import { connectionLevels, type Scenario } from '../harness.ts';
import { createBenchAdmin } from '../support/generators/index.ts';
import { CHILD_ADMIN } from '../../test/support/childService.ts';
import { load, waitSettled } from '../support/http.ts';
import { openStore } from '../support/store.ts';
import { BENCH_SHIPPING_ADDRESS, benchProducts, benchVendor } from '../support/vendorFixture.ts';

/**
 * Shop commands through the real stack (the service as a child process, as in scenario 5):
 * - POST /shop/cart/{session}/items: one unit of a product into one of 2,000 carts in turn (the
 *   product's availability is read from its stock, the cart's stream appended with its version);
 * - POST /shop/orders: one of 100 customers in turn orders a prepared cart of two products: the cart read and
 *   priced, VAT decided, the idempotency key claimed, the stock of each line reserved, the order
 *   appended, and the order read back once the projections have it.
 * The shop requests name their shop in the Referer, as a storefront page's calls do.
 * Baseline, measured next to each: the bare Koa route doing one INSERT (bench/support/bareServer.ts).
 */
const PRODUCTS = 100;
const SESSIONS = 2_000;
/** Shoppers who place the orders in turn: a shop's orders come from many customers, not one. */
const CUSTOMERS = 100;

const sessionId = () => randomBytes(32).toString('base64url');

async function call(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export const shopCommandsScenario: Scenario = {
  id: 'shop-commands',
  title: '9. Shop commands: add to cart, place order',
  async run(ctx) {
    const seconds = ctx.size(4, 2);
    const levels = connectionLevels();
    const seed = await openStore(ctx.databaseUrl, 4);
    await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
    await seed.db.knex.raw(
      'CREATE TABLE bare_writes (id bigserial PRIMARY KEY, user_id int NOT NULL, first_name text, at timestamptz NOT NULL DEFAULT now())',
    );
    let app: ChildService | null = null;
    let bare: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-shop', env: { TRUST_PROXY: '1' } });
      bare = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-bare', script: 'bench/support/bareServer.ts' });
      const url = app.url;
      const v = await benchVendor(url, await adminLogin(url));
      const products = await benchProducts(url, v, PRODUCTS);
      for (const id of products) {
        await call(
          url,
          'POST',
          '/api/v1/vendor/inventory',
          { authorization: `Bearer ${v.token}` },
          { product_id: id, bin_location: 'S-1', quantity: 10_000_000 },
        );
      }
      const { vendor_code: code } = await call(url, 'GET', '/api/v1/vendor/auth/me', { authorization: `Bearer ${v.token}` }).then(
        (me) => me.vendor ?? me,
      );
      const shop = { referer: `http://127.0.0.1/vendors/${code}/shop/` };
      const tokens: string[] = [];
      for (let i = 0; i < CUSTOMERS; i++) {
        const customer = await call(url, 'POST', '/api/v1/shop/auth/register', shop, {
          email: `bench-${i}-${randomBytes(4).toString('hex')}@customer.test`,
          password: 'bench-customer-password',
          first_name: 'Ada',
          last_name: 'Lovelace',
        });
        tokens.push(customer.access_token as string);
      }
      const address = BENCH_SHIPPING_ADDRESS;

      const sessions = Array.from({ length: SESSIONS }, sessionId);
      // Carts to order, prepared through the API: more than the runs can place.
      const cartsNeeded = ctx.size(4_000, 300);
      ctx.log(`  preparing ${cartsNeeded} carts`);
      const carts: string[] = [];
      for (let i = 0; i < cartsNeeded; i++) {
        const s = sessionId();
        await call(url, 'POST', `/api/v1/shop/cart/${s}/items`, shop, { product_id: products[i % PRODUCTS], quantity: 1 });
        await call(url, 'POST', `/api/v1/shop/cart/${s}/items`, shop, { product_id: products[(i + 1) % PRODUCTS], quantity: 2 });
        carts.push(s);
      }

      let n = 0;
      let placed = 0;
      const base = (connections: number) =>
        load({
          url: bare!.url,
          connections,
          seconds,
          method: 'PUT',
          request: () => ({ path: `/bare/users/${n++ % 1000}`, body: '{"first_name":"Bench"}' }),
        });
      const cases = [
        {
          name: 'POST /shop/cart/{session}/items (add to cart)',
          run: (connections: number) =>
            load({
              url,
              connections,
              seconds,
              method: 'POST',
              headers: shop,
              request: () => ({
                path: `/api/v1/shop/cart/${sessions[n % SESSIONS]}/items`,
                body: JSON.stringify({ product_id: products[n++ % PRODUCTS], quantity: 1 }),
              }),
            }),
        },
        {
          name: 'POST /shop/orders (place order, 2 lines)',
          run: (connections: number) =>
            load({
              url,
              connections,
              seconds,
              method: 'POST',
              headers: shop,
              request: () => ({
                path: '/api/v1/shop/orders',
                headers: { authorization: `Bearer ${tokens[placed % CUSTOMERS]}` },
                body: JSON.stringify({ session_id: carts[placed++ % carts.length], shipping_address: address }),
              }),
            }),
        },
      ];
      for (const c of cases) {
        const mineName = (k: number) => `${c.name}, ${k} conn.`;
        const baseName = (k: number) => `baseline for ${c.name.split(' (')[0]}: bare Koa + one INSERT, ${k} conn.`;
        for (const k of levels) {
          ctx.define({ name: baseName(k), unit: 'req/s', isBaseline: true });
          ctx.define({
            name: mineName(k),
            unit: 'req/s',
            baseline: baseName(k),
            targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }],
          });
        }
        // Each run starts once the service has done what the previous one left behind.
        const settled = async <T>(run: () => Promise<T>) => {
          if (!(await waitSettled(url))) ctx.log('  (a consumer of the service was still behind after 30 s: measured anyway)');
          return run();
        };
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          for (const k of levels) {
            if (rep % 2 === 0) {
              ctx.record(mineName(k), await settled(() => c.run(k)));
              ctx.record(baseName(k), await settled(() => base(k)));
            } else {
              ctx.record(baseName(k), await settled(() => base(k)));
              ctx.record(mineName(k), await settled(() => c.run(k)));
            }
          }
        }
      }
      ctx.note(
        `Shop commands: ${seconds} s per run; ${PRODUCTS} products with ample stock, ${SESSIONS} carts filled in turn, ` +
          `${placed.toLocaleString('en-US')} order requests over ${carts.length.toLocaleString('en-US')} prepared carts (a cart ordered twice answers 4xx and counts as non-2xx).`,
      );
    } finally {
      await app?.stop();
      await bare?.stop();
      await seed.close();
    }
  },
};
