import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { openShop, stockedProduct, type ShopFixture } from '../../support/shop.ts';

const run = promisify(execFile);
const FIXTURE = resolve('test/fixtures/generated-client');
// Under the repository, so the program finds openapi-fetch in node_modules; .tmp/ is not committed.
// One folder per test process: two runs side by side (CI's two passes) never clear each other's.
const DIR = resolve(`.tmp/generated-client-${process.pid}`);

/** Type-checks files of DIR with a strict compiler; the compiler's report, empty when they compile. */
async function typeCheck(files: string[]): Promise<string> {
  writeFileSync(join(DIR, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, allowImportingTsExtensions: true,
      skipLibCheck: true, types: [],
    },
    files,
  }));
  try {
    await run('npx', ['tsc', '-p', join(DIR, 'tsconfig.json')], { maxBuffer: 10 * 1024 * 1024 });
    return '';
  } catch (err: any) {
    return String(err.stdout ?? err.message);
  }
}

/**
 * A client generated from the OpenAPI document with a well-kept generator (openapi-typescript,
 * with openapi-fetch as its runtime) is a typed client of the API: a shopper's program written
 * against it compiles, a wrong field does not, and the program does what it says against the
 * running service.
 */
describe('a client generated from the OpenAPI document', function () {
  this.timeout(180_000);
  let app: TestApp;
  let shop: ShopFixture;

  before(async () => {
    app = await testApp();
    shop = await openShop(app);
    await stockedProduct(shop, { title: 'Enamel mug', price_cents: 1250 }, 5);
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, 'openapi.json'), JSON.stringify((await app.call('GET', '/api/v1/openapi.json')).body));
    await run('npx', ['openapi-typescript', join(DIR, 'openapi.json'), '--output', join(DIR, 'openapi.ts')], { maxBuffer: 10 * 1024 * 1024 });
    copyFileSync(join(FIXTURE, 'shopper.ts'), join(DIR, 'shopper.ts'));
  });

  after(() => rmSync(DIR, { recursive: true, force: true }));

  it('types the named schemas and a shopper\'s program compiles against it', async () => {
    expect(await typeCheck(['shopper.ts'])).to.equal('');
  });

  it('refuses at compile time a body the document does not describe', async () => {
    writeFileSync(join(DIR, 'wrong.ts'), `import createClient from 'openapi-fetch';
import type { paths } from './openapi.ts';
const shop = createClient<paths>({ baseUrl: 'http://localhost' });
await shop.POST('/api/v1/shop/cart/{session_id}/items', { params: { path: { session_id: 'x' } }, body: { product_id: 'seven', quantity: 1 } });
await shop.GET('/api/v1/shop/no-such-route');
export {};
`);
    const report = await typeCheck(['wrong.ts']);
    expect(report).to.match(/wrong\.ts\(4,\d+\).*'string' is not assignable to type 'number'/);
    expect(report).to.match(/wrong\.ts\(5,\d+\)/);
  });

  it('signs in, lists the products and places a shop order against the running service', async () => {
    const { visitShop } = await import(pathToFileURL(join(DIR, 'shopper.ts')).href);
    const email = `${unique('grace')}@client.test`;
    const { products, order } = await visitShop(app.url, shop.vendorCode, email, 'generated-client-secret');
    expect(products.map((p: any) => p.title)).to.include('Enamel mug');
    expect(order.items.map((i: any) => [i.product_name, i.quantity])).to.deep.equal([['Enamel mug', 2]]);
    // The vendor sees the shop order the generated client placed.
    const seen = await shop.vendor('GET', `/orders/${order.id}`);
    expect(seen.status).to.equal(200);
    expect(seen.body).to.include({ order_number: order.order_number, channel: 'shop' });
  });
});
