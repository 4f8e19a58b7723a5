import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Translations, VendorProductCreated } from '../../commands/catalogue/events.ts';
import type { InventoryLocationOpened, StockReceived } from '../../commands/inventory/events.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import { sql } from '../../src/runtime/database.ts';
import { adminLogin, startService, type ChildService } from '../../test/support/childService.ts';
import type { Scenario, ScenarioContext } from '../harness.ts';
import { between, pick, seeded } from '../support/generators/random.ts';
import { ean, LAST, productText, THINGS, WORDS } from '../support/generators/vocabulary.ts';
import { load, waitReady } from '../support/http.ts';
import { openStore } from '../support/store.ts';

/**
 * The shop's catalogue search, the one a shopper waits on: GET /api/v1/shop/products over 100,000
 * products of one vendor, through the real stack (the vendor context from the storefront page's
 * Referer, the shopper's language from Accept-Language, queries/catalogue/listShopProducts.ts:
 * one statement for the page, its capped count and the page's stock and images, and the
 * planner's estimate when more than 100 products match).
 *
 * The vendor is created through the admin API; its products (English titles, 40 % also in
 * French, 30 % in German; 5 % digital, 90 % active, a fifth on sale) and the stock of 80 % of
 * the physical ones are appended as VendorProductCreated, InventoryLocationOpened and
 * StockReceived events, which the running service projects; then ANALYZE, as autovacuum would.
 *
 * Baseline, in the same run and alternating with the searches: the same route and page shape
 * without a search (the shop's first pages, newest first), 32 connections each. Cases:
 *   - "search": a shopper's terms (see `searchQuery`): a title with its number (a handful of
 *     products), a word of the titles (1 in 12), a brand (1 in 25), a SKU, a GTIN, a word in every
 *     French description, two letters (no trigram to look up); pages 1–3, in the four orders;
 *   - "search + filters": a word of the titles with in_stock=true, a price range and a sort.
 */
const PRODUCTS = 100_000;
/** Product and inventory ids of the bench, clear of what the service numbers itself. */
const FIRST_ID = 1_000_000;
const TYPES = ['Home > Kitchen', 'Home > Garden', 'Electronics > Audio', 'Sports > Outdoor', 'Books'];
const SORTS = [undefined, 'price', '-price', 'title'];

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

function productEvents(vendorId: number, n: number): { product: NewEvent; stock: NewEvent[] } {
  const id = FIRST_ID + n;
  const r = seeded(n + 1);
  const translations: Translations = { en: productText(r, 'en', n) };
  if (r() < 0.4) translations.fr = productText(r, 'fr', n);
  if (r() < 0.3) translations.de = productText(r, 'de', n);
  const price = between(r, 199, 49_999);
  const digital = r() < 0.05;
  const at = new Date(Date.UTC(2026, 0, 1) + n * 37_000).toISOString();
  const metadata = { vendor_id: vendorId, user_id: 'system:bench', correlation_id: randomUUID() };
  const data: VendorProductCreated['data'] = {
    product_id: id,
    vendor_id: vendorId,
    is_placeholder: false,
    source_marketplace_product_id: null,
    vendor_sku: `BS-${n}`,
    gtin: ean(r),
    gtin_type: 'EAN13',
    marketplace: null,
    brand: pick(r, LAST),
    image_link: `https://cdn.example.com/p/${n}.webp`,
    product_type_raw: pick(r, TYPES),
    is_digital: digital,
    is_active: r() < 0.9,
    translations,
    price_cents: price,
    sale_price_cents: r() < 0.2 ? Math.floor(price * 0.8) : null,
    cost_cents: Math.floor(price * 0.5),
    tax_rate_bp: 1700,
    vat_rate_category: 'standard',
    currency: 'EUR',
    created_at: at,
  };
  const stock: NewEvent[] = [];
  if (!digital && r() < 0.8) {
    const place = { product_id: id, vendor_id: vendorId, inventory_id: id, warehouse: 'main', bin_location: `A-${n % 500}` };
    const quantity = between(r, 0, 40);
    const opened: InventoryLocationOpened['data'] = { ...place, at };
    const received: StockReceived['data'] = {
      ...place,
      quantity_change: quantity,
      reserved_change: 0,
      quantity_after: quantity,
      reserved_after: 0,
      order_id: null,
      order_item_id: null,
      reference: null,
      note: null,
      at,
    };
    stock.push(
      { id: randomUUID(), type: 'InventoryLocationOpened', data: opened, metadata },
      { id: randomUUID(), type: 'StockReceived', data: received, metadata },
    );
  }
  return { product: { id: randomUUID(), type: 'VendorProductCreated', data, metadata }, stock };
}

async function appendCatalogue(store: EventStore, knex: Knex, vendorId: number, count: number, log: (text: string) => void): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const from = next;
        next = Math.min(count, next + 1000);
        const to = next;
        await knex.transaction(async (trx) => {
          for (let n = from; n < to; n++) {
            const { product, stock } = productEvents(vendorId, n);
            await store.append(`vendor_product-${FIRST_ID + n}`, [product], { expected: 'no_stream', tx: trx });
            if (stock.length > 0) await store.append(`stock-${FIRST_ID + n}`, stock, { expected: 'no_stream', tx: trx });
          }
        });
        if (to % 25_000 === 0) log(`    appended ${to.toLocaleString('en-US')} products`);
      }
    }),
  );
  await knex.raw(`SELECT setval('vendor_product_id_seq', ${FIRST_ID + count + 1000})`);
  await knex.raw(`SELECT setval('inventory_id_seq', ${FIRST_ID + count + 1000})`);
}

/** A shopper's search, the n-th of the run (the product numbers spread over the catalogue). */
export function searchQuery(n: number, products: number): string {
  const k = n % 10;
  const m = Math.floor(n / 10);
  const r = seeded(((m * 7_919) % products) + 1);
  const product = (m * 7_919) % products;
  const sort = SORTS[m % SORTS.length];
  const page = 1 + (m % 3);
  if (k < 3) return qs({ search: `${pick(r, THINGS)} ${product % 997}`, sort }); // a title with its number: a handful
  if (k < 5) return qs({ search: pick(r, k === 3 ? THINGS : WORDS).toLowerCase(), page, sort }); // a word of the titles: 1 in 12
  if (k < 6) return qs({ search: LAST[m % LAST.length], page, sort }); // a brand: 1 in 25
  if (k < 7) return qs({ search: `BS-${product}` }); // a SKU (and the SKUs it begins)
  if (k < 8) return qs({ search: (productEvents(1, product).product.data as VendorProductCreated['data']).gtin! }); // a GTIN: one product
  if (k < 9) return qs({ search: 'qualité', page, sort }); // a word of every French description
  return qs({ search: 'ch', sort }); // two letters: no trigram to look up
}

/** A search narrowed as a shopper narrows it: in stock, a price range, an order. */
export function filteredQuery(n: number): string {
  const m = Math.floor(n / 2);
  const low = 1000 + (m % 20) * 1000;
  return qs({
    search: (m % 2 === 0 ? THINGS : WORDS)[m % 12].toLowerCase(),
    in_stock: 'true',
    min_price_cents: low,
    max_price_cents: low + 10_000,
    sort: SORTS[m % SORTS.length] ?? 'price',
  });
}

/** The baseline: the shop's first pages, newest first, no search. */
export const browseQuery = (n: number) => qs({ page: 1 + (n % 10) });

async function adminCall(url: string, token: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function measure(ctx: ScenarioContext, url: string, vendorCode: string, products: number, seconds: number, connections: number) {
  const headers = { referer: `http://127.0.0.1/vendors/${vendorCode}/shop/`, 'accept-language': 'fr-LU,fr;q=0.9,en;q=0.5' };
  const probe = (await (await fetch(`${url}/api/v1/shop/products?limit=1`, { headers })).json()) as any;
  if (probe.total < products * 0.8) throw new Error(`the shop shows ${probe.total} products, about ${Math.round(products * 0.9)} expected`);
  const size = `${products.toLocaleString('en-US')} products`;
  const baseline = `baseline: GET /shop/products?page (first 10 pages, no search), ${size}, ${connections} conn.`;
  const cases = [
    {
      name: `GET /shop/products?search (shopper's terms, pages 1–3, 4 orders), ${size}, ${connections} conn.`,
      query: (n: number) => searchQuery(n, products),
    },
    { name: `GET /shop/products?search&in_stock&min/max_price&sort, ${size}, ${connections} conn.`, query: filteredQuery },
  ];
  ctx.define({ name: baseline, unit: 'req/s', isBaseline: true });
  for (const c of cases) {
    ctx.define({
      name: c.name,
      unit: 'req/s',
      baseline,
      targets: [
        { label: '≥ 50 % of the unsearched page', metric: 'ratio', min: 0.5 },
        { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
  }
  let n = 0;
  const run = (query: (n: number) => string) =>
    load({
      url,
      connections,
      seconds,
      method: 'GET',
      headers,
      request: () => ({ path: `/api/v1/shop/products?${query(n++)}` }),
    });
  await run(browseQuery); // warm-up
  for (const c of cases) await run(c.query);
  for (let rep = 0; rep < ctx.repetitions; rep++) {
    const order = [{ name: baseline, query: browseQuery }, ...cases];
    for (const c of rep % 2 === 0 ? order : order.reverse()) ctx.record(c.name, await run(c.query));
  }
  ctx.note(
    `Shop catalogue: ${probe.total.toLocaleString('en-US')} shown products of one vendor (of ${size}; the rest inactive) in vendor_product_list, ` +
      `stock rows for 80 % of the physical ones; ${seconds} s per run, the cases alternating with the baseline; Accept-Language fr. ` +
      "Totals past 100 matches are the planner's estimate (total_exact false; the admin lists count up to 1,000).",
  );
}

export const shopCatalogueScenario: Scenario = {
  id: 'shop-catalogue',
  title: '8. Shop catalogue search, 100k products',
  async run(ctx) {
    const seconds = ctx.size(5, 2);
    const products = ctx.size(PRODUCTS, 10_000);
    const connections = 32;
    let app: ChildService | null = null;
    const seed = await openStore(ctx.databaseUrl, 6);
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-shop', readyTimeoutMs: 300_000 });
      const token = await adminLogin(app.url);
      const tag = randomUUID()
        .slice(0, 6)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X');
      const company = await adminCall(app.url, token, '/api/v1/admin/companies', {
        name: `Bench shop ${tag}`,
        owner_email: `shop-${tag.toLowerCase()}@bench.example`,
      });
      const vendor = await adminCall(app.url, token, '/api/v1/admin/vendors', {
        company_id: company.id,
        vendor_code: `BSHOP${tag}`,
        name: `Bench shop ${tag}`,
      });
      ctx.log(`  appending ${products.toLocaleString('en-US')} products and their stock`);
      await appendCatalogue(seed.store, seed.db.knex, vendor.id, products, ctx.log);
      await waitReady(app.url, 600_000);
      await sql(seed.db.knex, 'VACUUM ANALYZE vendor_product_list');
      await sql(seed.db.knex, 'VACUUM ANALYZE inventory_list');
      await measure(ctx, app.url, vendor.vendor_code, products, seconds, connections);
    } finally {
      await app?.stop();
      await seed.close();
    }
  },
};
