import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ScenarioContext, Scenario } from '../harness.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import type { Translations, VendorProductCreated } from '../../commands/catalogue/events.ts';
import { appendUsers, createBenchAdmin, person } from '../support/generators/index.ts';
import { between, pick, seeded } from '../support/generators/random.ts';
import { LAST, MARKETPLACES, productText } from '../support/generators/vocabulary.ts';
import { load, waitReady } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { userList } from '../../projections/users/userList.ts';
import { vendorProductList } from '../../projections/catalogue/vendorProductList.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';

/**
 * Scenario 6: an HTTP list query on a projection of 100,000 rows, at 32 connections.
 * 100,000 users are appended as events and user_list is rebuilt from them (as the projections
 * CLI does); then the service starts and GET /api/v1/admin/users?… runs through the real stack
 * (auth, query validation, queries/users/listUsers.ts: one statement for the page and its capped
 * count, a second one for the estimate when more than 1,000 rows match, the items mapped).
 * Baseline: a bare Koa route (bench/support/bareServer.ts) sending the very statements of
 * listUsers (from its statement builders) through a bare pg.Pool. Two request mixes:
 *   - "search&role&page", as the issue first measured it: half the searches match one person
 *     (a surname with its number), half a first name shared by 1 in 16 users with a role filter
 *     (about 2,100 rows), pages 1–10;
 *   - "admin mix": what an admin does with the list (see `mixedQuery`): find a person by name or
 *     e-mail, search a first name or a surname shared by thousands, browse by role or everyone
 *     in every sort the API offers, deep pages, terms that match every user, a two-letter term
 *     the trigram index cannot serve.
 *
 * Then the catalogue's list (`products`): 100,000 products of one vendor, appended as
 * VendorProductCreated events and vendor_product_list rebuilt from them; GET
 * /api/v1/admin/vendor-products?vendor_id=… (the vendor's own GET /vendor/products runs the same
 * statements: queries/catalogue/listVendorProducts.ts) on middle pages (2,400–2,599 of 5,000),
 * unsorted (the id order, through (vendor_id, id)) and sorted (`sort=-price`, `sort=title`, each
 * through its (vendor_id, key, id) index). The sorted pages are reported as a ratio to the
 * unsorted ones measured in the same run, alternating.
 *
 *   BENCH_HTTP_LIST=users|products   only that part (default both)
 */
const USERS = 100_000;
const FIRST_USER = 1_000;

interface ListQuery {
  name: string;
  /** Query string of the n-th request (the same on the service and on the bare server). */
  query(n: number): string;
}

const userAt = (n: number) => FIRST_USER + ((n * 7_919) % USERS);
const roleOf = (id: number) => (id % 3 === 0 ? 'admin' : 'vendor');
const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The issue's first mix: one person, or a first name with a role filter on pages 1–10. */
export function issueQuery(n: number): string {
  const id = userAt(n);
  const p = person(id);
  const narrow = n % 2 === 0;
  return qs({ search: narrow ? p.last : p.first, role: roleOf(id), page: narrow ? 1 : 1 + (n % 10) });
}

const SORTS = ['id', '-id', 'created_at', '-created_at', 'email', '-email', 'username', '-username'];

/** An admin's requests, in proportions out of 20. */
export function mixedQuery(n: number): string {
  const id = userAt(n);
  const p = person(id);
  const k = n % 20;
  const m = Math.floor(n / 20);
  const sort = SORTS[m % SORTS.length];
  if (k < 6) return qs({ search: p.last, role: m % 3 === 0 ? roleOf(id) : undefined }); // a person by surname: 1 row
  if (k < 8) return qs({ search: p.email.split('@')[0] }); // a person by e-mail: 1 row
  if (k < 11) return qs({ search: p.first, role: roleOf(id), page: 1 + (m % 10) }); // first name + role: ~2,100 rows
  if (k < 13) return qs({ search: p.last.replace(/\d+$/, ''), page: 1 + (m % 5), sort: ['id', '-created_at', 'email'][m % 3] }); // surname stem: 4,000 rows
  if (k < 16) return qs({ role: roleOf(id), page: 1 + (m % 50), sort }); // browse a role: 33,000 / 67,000 rows
  if (k < 18) return qs({ page: 1 + (m % 5), sort }); // browse everyone: 100,000 rows
  if (k < 19) return qs({ search: 'bench', page: 1 + (m % 3) }); // a term in every e-mail
  return qs({ search: 'an', role: roleOf(id) }); // two letters: no trigram to look up
}

const QUERIES: ListQuery[] = [
  { name: 'GET /admin/users?search&role&page', query: issueQuery },
  { name: 'GET /admin/users, admin mix', query: mixedQuery },
];

const PRODUCTS = 100_000;
/** The vendor whose catalogue holds the products (no vendor_list row is needed for the list). */
const PRODUCT_VENDOR = 1;
const PRODUCT_LIMIT = 20;

/** A product as a vendor creates it: an English title (some French and German ones too), a price, a SKU. */
function productCreated(id: number): NewEvent {
  const r = seeded(id);
  const translations: Translations = { en: productText(r, 'en', id) };
  if (r() < 0.4) translations.fr = productText(r, 'fr', id);
  if (r() < 0.3) translations.de = productText(r, 'de', id);
  const price = between(r, 199, 49_999);
  const data: VendorProductCreated['data'] = {
    product_id: id,
    vendor_id: PRODUCT_VENDOR,
    is_placeholder: false,
    source_marketplace_product_id: null,
    vendor_sku: `BV-${id}`,
    gtin: null,
    gtin_type: null,
    marketplace: r() < 0.6 ? pick(r, MARKETPLACES) : null,
    brand: pick(r, LAST),
    image_link: `https://cdn.example.com/p/${id}.webp`,
    product_type_raw: null,
    is_digital: false,
    is_active: r() < 0.9,
    translations,
    price_cents: price,
    sale_price_cents: r() < 0.2 ? Math.floor(price * 0.8) : null,
    cost_cents: Math.floor(price * 0.5),
    tax_rate_bp: 1700,
    currency: 'EUR',
    created_at: new Date(Date.UTC(2026, 0, 1) + id * 37_000).toISOString(),
  };
  return {
    id: randomUUID(),
    type: 'VendorProductCreated',
    data,
    metadata: { vendor_id: PRODUCT_VENDOR, user_id: 'system:bench', correlation_id: randomUUID() },
  };
}

async function appendProducts(store: EventStore, knex: Knex, count: number, log: (text: string) => void): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const from = next;
        next = Math.min(count, next + 1000);
        const to = next;
        await knex.transaction(async (trx) => {
          for (let i = from; i < to; i++)
            await store.append(`vendor_product-${i + 1}`, [productCreated(i + 1)], { expected: 'no_stream', tx: trx });
        });
        if (to % 25_000 === 0) log(`    appended ${to.toLocaleString('en-US')} products`);
      }
    }),
  );
  await knex.raw(`SELECT setval('vendor_product_id_seq', ${count + 1000})`);
}

/** A middle page of the product list: pages 2,400–2,599 of 5,000 at full size. */
const middlePage = (n: number, pages: number) => Math.floor(pages * 0.48) + ((n * 7) % Math.max(1, Math.floor(pages * 0.04)));

const PRODUCT_CASES = [
  { name: 'unsorted (id)', sort: undefined },
  { name: 'sort=-price', sort: '-price' },
  { name: 'sort=title', sort: 'title' },
] as const;

async function productListPart(ctx: ScenarioContext, url: string, token: string, products: number, seconds: number, connections: number) {
  // Every consumer caught up, the process managers that read product events too.
  await waitReady(url, 300_000);
  const pages = Math.ceil(products / PRODUCT_LIMIT);
  const path = (sort: string | undefined, n: number) =>
    `/api/v1/admin/vendor-products?${qs({ vendor_id: PRODUCT_VENDOR, page: middlePage(n, pages), limit: PRODUCT_LIMIT, sort })}`;
  const probe = (await (
    await fetch(`${url}/api/v1/admin/vendor-products?vendor_id=${PRODUCT_VENDOR}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as any;
  if (probe.total !== products) throw new Error(`vendor_product_list holds ${probe.total} products of the vendor, ${products} expected`);
  const caseName = (c: (typeof PRODUCT_CASES)[number]) =>
    `GET /admin/vendor-products?vendor_id&page (middle of ${products.toLocaleString('en-US')}) ${c.name}, ${connections} conn.`;
  const baseline = caseName(PRODUCT_CASES[0]);
  ctx.define({ name: baseline, unit: 'req/s', isBaseline: true });
  for (const c of PRODUCT_CASES.slice(1)) {
    ctx.define({
      name: caseName(c),
      unit: 'req/s',
      baseline,
      targets: [
        { label: '≥ 80 % of the unsorted page', metric: 'ratio', min: 0.8 },
        { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
  }
  let n = 0;
  const run = (c: (typeof PRODUCT_CASES)[number]) =>
    load({
      url,
      connections,
      seconds,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
      request: () => ({ path: path(c.sort, n++) }),
    });
  for (const c of PRODUCT_CASES) await run(c); // warm-up
  for (let rep = 0; rep < ctx.repetitions; rep++) {
    const order = rep % 2 === 0 ? PRODUCT_CASES : [...PRODUCT_CASES].reverse();
    for (const c of order) ctx.record(caseName(c), await run(c));
  }
  ctx.note(
    `Product list: ${products.toLocaleString('en-US')} products of one vendor in vendor_product_list (rebuilt from VendorProductCreated events); ` +
      `pages ${middlePage(0, pages)}–${middlePage(0, pages) + Math.max(1, Math.floor(pages * 0.04)) - 1} of ${pages} at limit ${PRODUCT_LIMIT}; ` +
      "the sorted cases' ratio is to the unsorted page measured in the same run (the cases alternate); every page also counts the vendor's products for `total`.",
  );
}

export const httpListScenario: Scenario = {
  id: 'http-list',
  title: '6. HTTP list query, 100k rows',
  async run(ctx) {
    const seconds = ctx.size(5, 2);
    const users = ctx.size(USERS, 10_000);
    const products = ctx.size(PRODUCTS, 10_000);
    const connections = 32;
    const parts = (process.env.BENCH_HTTP_LIST ?? 'users,products').split(',').map((p) => p.trim());
    const withUsers = parts.includes('users');
    const withProducts = parts.includes('products');
    const seed = await openStore(ctx.databaseUrl, 6);
    if (withUsers) {
      ctx.log(`  appending ${users.toLocaleString('en-US')} users`);
      await appendUsers(seed.store, seed.db.knex, FIRST_USER, users, 0, { log: ctx.log });
    }
    await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
    await seed.db.knex.raw(`SELECT setval('user_id_seq', ${FIRST_USER + users + 1000})`);
    // user_list built as `npm run projections -- rebuild` would (which ends with VACUUM ANALYZE).
    await rebuildProjection(seed.db.knex, seed.store, userList, silent);
    if (withProducts) {
      ctx.log(`  appending ${products.toLocaleString('en-US')} products`);
      await appendProducts(seed.store, seed.db.knex, products, ctx.log);
      await rebuildProjection(seed.db.knex, seed.store, vendorProductList, silent);
    }
    await seed.close();

    let app: ChildService | null = null;
    let bare: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-app', readyTimeoutMs: 300_000 });
      const token = await adminLogin(app.url);
      if (withUsers) {
        bare = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-bare', script: 'bench/support/bareServer.ts' });
        const probe = (await (
          await fetch(`${app.url}/api/v1/admin/users?limit=1&exact_total=true`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as any;
        if (probe.total < users) throw new Error(`user_list holds ${probe.total} users, ${users} expected`);
        for (const query of QUERIES) {
          let n = 0;
          const ours = () =>
            load({
              url: app!.url,
              connections,
              seconds,
              method: 'GET',
              headers: { authorization: `Bearer ${token}` },
              request: () => ({ path: `/api/v1/admin/users?${query.query(n++)}` }),
            });
          const base = () =>
            load({ url: bare!.url, connections, seconds, method: 'GET', request: () => ({ path: `/bare/users?${query.query(n++)}` }) });
          const mine = `${query.name}, ${connections} conn.`;
          const baseline = `baseline for ${query.name.replace('GET /admin/users', '…')}: bare Koa + the same SQL, ${connections} conn.`;
          ctx.define({ name: baseline, unit: 'req/s', isBaseline: true });
          ctx.define({
            name: mine,
            unit: 'req/s',
            baseline,
            targets: [
              { label: '≥ 70 % of baseline', metric: 'ratio', min: 0.7 },
              { label: 'p99 < 20 ms', metric: 'p99', max: 20 },
              { label: 'no non-2xx', metric: 'non2xx', max: 1 },
            ],
          });
          await ours();
          await base();
          for (let rep = 0; rep < ctx.repetitions; rep++) {
            if (rep % 2 === 0) {
              ctx.record(mine, await ours());
              ctx.record(baseline, await base());
            } else {
              ctx.record(baseline, await base());
              ctx.record(mine, await ours());
            }
          }
        }
        ctx.note(
          `HTTP list: ${probe.total.toLocaleString('en-US')} rows in user_list; ${seconds} s per run; "search&role&page": half the searches match one person, half about 1/48 of the users (a first name and a role, pages 1–10); "admin mix": see bench/scenarios/httpList.ts mixedQuery.`,
        );
      }
      if (withProducts) await productListPart(ctx, app.url, token, products, seconds, connections);
    } finally {
      await app?.stop();
      await bare?.stop();
    }
  },
};
