import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../src/adapters/pdf/browser.ts';
import { CUSTOMERS, SHOPS } from '../../src/demo/data.ts';
import { freePort, ROOT } from '../support/childService.ts';

/**
 * `npm run demo` as a newcomer runs it, on embedded PGlite in an empty data folder: it loads the
 * demo platform, starts the service and prints the links; every printed link opens in headless
 * chromium and shows what it promises (screenshots in test-artifacts/demo/). A second run on the
 * same folder is refused in one line. Run by `npm run test:demo` (minutes on a busy machine).
 */
const SHOTS = 'test-artifacts/demo';

function run(
  dataDir: string,
  port: number,
  args: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/demo.ts'), ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  let text = '';
  child.stdout!.on('data', (c) => {
    text += c;
  });
  child.stderr!.on('data', (c) => {
    text += c;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => text, exited };
}

/**
 * Waits for `check`, polling, for at most `ms` (limits are generous: on a loaded two-core machine
 * each step can take many times its usual time); a demo that exited meanwhile fails at once, with
 * what it printed.
 */
async function until(what: string, check: () => boolean, demo: { child: ChildProcess; output: () => string }, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (demo.child.exitCode !== null || demo.child.signalCode !== null)
      throw new Error(`the demo exited (${demo.child.exitCode ?? demo.child.signalCode}) before ${what}; it printed:\n${demo.output()}`);
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms / 60_000} minutes; the demo printed:\n${demo.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Polls `read` until it answers what `done` accepts, for at most `ms`; the last answer either way. */
async function polled<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The printed row whose label starts with `label`: its link and what follows it. */
function row(output: string, label: string): { url: string; rest: string } {
  const line = output.split('\n').find((l) => l.trimStart().startsWith(label));
  const m = line?.match(/(https?:\/\/\S+)\s+(.*)$/);
  if (!m) throw new Error(`no "${label}" line in:\n${output}`);
  return { url: m[1], rest: m[2] };
}

describe('npm run demo: a demo platform in one command', function () {
  this.timeout(15 * 60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-'));
  let demo: ReturnType<typeof run>;
  let port: number;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    port = await freePort();
    demo = run(dataDir, port);
    // The last printed row: the links are printed once the service answers ready.
    const began = Date.now();
    await until("the demo's links", () => /API reference .* under "Authorize"/.test(demo.output()), demo, 14 * 60_000);
    // Where the time goes, for the CI log: loading, then starting the service that serves the links.
    const loaded = /Demo platform loaded in ([\d.]+) s;/.exec(demo.output())?.[1];
    process.stdout.write(
      `  (the demo loaded in ${loaded ?? '?'} s; its links were printed after ${((Date.now() - began) / 1000).toFixed(1)} s)\n`,
    );
  });

  after(async () => {
    await closeBrowser();
    await stop(demo);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A page of its own (no cookies shared), with limits for a loaded machine rather than puppeteer's 30 s. */
  const newPage = async () => {
    const page = await (await (await browser()).createBrowserContext()).newPage();
    page.setDefaultTimeout(120_000);
    page.setDefaultNavigationTimeout(120_000);
    await page.setViewport({ width: 1280, height: 860 });
    return page;
  };
  const textOf = (page: Page) => page.evaluate(() => document.body.innerText);

  /** Opens a printed link: its status, then the sign-in form filled and sent; the page after it. */
  const signIn = async (url: string, fields: Record<string, string>, shot: string) => {
    const page = await newPage();
    const res = await page.goto(url, { waitUntil: 'load' });
    expect(res?.status(), url).to.equal(200);
    await page.screenshot({ path: `${SHOTS}/${shot}.png` });
    for (const [selector, value] of Object.entries(fields)) await page.type(selector, value);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('form[action$="/login"] button[type=submit]')]);
    return page;
  };
  /** "email / password …" of a printed row. */
  const credentials = (rest: string) => {
    const [login, slash, password] = rest.split(' ');
    expect(slash, rest).to.equal('/');
    return { login, password };
  };

  it('prints what it loaded and where to go: the sign-ins with their passwords, the shops, the API reference', () => {
    const out = demo.output();
    expect(out).to.match(
      /Demo platform loaded in [\d.]+ s: 1 company, 2 shops, 50 products, 4 customers with 4 shop orders, 1 marketplace order waiting for confirmation, a conversation/,
    );
    expect(row(out, 'Admin sign-in').url).to.equal(`http://127.0.0.1:${port}/admin/login`);
    expect(row(out, 'Admin sign-in').rest).to.match(/^admin@demo\.example \/ admin-\S+$/);
    expect(row(out, 'Vendor sign-in').url).to.equal(`http://127.0.0.1:${port}/vendor/login`);
    expect(row(out, 'Vendor sign-in').rest).to.match(/^owner@demo\.example \/ owner-\S+ \(vendor code VERTE or KAEREL\)$/);
    expect(row(out, 'Shop Maison Verte')).to.deep.equal({ url: `http://127.0.0.1:${port}/vendors/VERTE/shop/`, rest: '25 products' });
    expect(row(out, 'Shop Atelier Kärel')).to.deep.equal({
      url: `http://atelier.localhost:${port}/`,
      rest: '25 products, on its subdomain',
    });
    expect(row(out, 'Shop customer').url).to.equal(`http://127.0.0.1:${port}/vendors/VERTE/shop/login`);
    expect(row(out, 'Shop customer').rest).to.match(/^ada@customer\.example \/ shopper-\S+$/);
    expect(row(out, 'API reference').url).to.equal(`http://127.0.0.1:${port}/docs`);
  });

  it('the admin signs in with the printed password and finds the company, its two vendors and a notification', async () => {
    const { url, rest } = row(demo.output(), 'Admin sign-in');
    const { login, password } = credentials(rest);
    const page = await signIn(url, { '#login': login, '#password': password }, 'admin-login');
    expect(new URL(page.url()).pathname).to.not.match(/login/);
    await page.screenshot({ path: `${SHOTS}/admin-home.png` });
    const res = await page.goto(new URL('/admin/notifications', url).href, { waitUntil: 'load' });
    expect(res?.status()).to.equal(200);
    await page.screenshot({ path: `${SHOTS}/admin-notifications.png` });
    expect(await textOf(page)).to.match(/Maison Verte|Atelier Kärel|Demo Trading/);
  });

  /** The owner, signed in to Maison Verte's back office with the printed password (once, for the tests below). */
  let owner: Promise<Page> | undefined;
  const ownerPage = () =>
    (owner ??= (async () => {
      const { url, rest } = row(demo.output(), 'Vendor sign-in');
      const { login, password } = credentials(rest);
      return signIn(url, { '#login': login, '#password': password, '#vendor_code': 'VERTE' }, 'vendor-login');
    })());
  // The API answers the same data the pages show, with the cookie the sign-in set.
  const api = async (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path);

  it("the owner signs in to a shop's back office: its orders in three states, the conversation", async () => {
    const page = await ownerPage();
    expect(new URL(page.url()).pathname).to.not.match(/login/);
    expect(await textOf(page)).to.match(/Maison Verte/);
    await page.screenshot({ path: `${SHOTS}/vendor-home.png` });
    const orders = await api(page, '/api/v1/vendor/orders?limit=100');
    expect(orders.items.map((o: { status: string }) => o.status)).to.include.members(['confirmed', 'partially_shipped', 'shipped']);
    const messages = await api(page, '/api/v1/vendor/messages');
    expect(messages.items[0].subject).to.match(/Sencha/);
  });

  it("the printed owner's password opens the other vendor too (vendor code KAEREL)", async () => {
    const { url, rest } = row(demo.output(), 'Vendor sign-in');
    const { login, password } = credentials(rest);
    const page = await signIn(url, { '#login': login, '#password': password, '#vendor_code': 'KAEREL' }, 'vendor-login-kaerel');
    expect(new URL(page.url()).pathname).to.not.match(/login/);
    expect(await textOf(page)).to.match(/Atelier Kärel/);
  });

  it('an order from the external marketplace waits for confirmation; confirmed in the back office, the marketplace is told', async () => {
    const page = await ownerPage();
    const waiting = await api(page, '/api/v1/vendor/extmarket/orders?status=unconfirmed');
    expect(waiting.items, 'the marketplace order, brought in by the order sync').to.have.length(1);
    const order = waiting.items[0];
    await page.goto(new URL(`/vendor/orders/${order.id}`, page.url()).href, { waitUntil: 'load' });
    expect(await textOf(page)).to.match(/EM-2026-0042/);
    await page.screenshot({ path: `${SHOTS}/vendor-marketplace-order.png` });
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click(`form[action$="/orders/${order.id}/confirm"] button[type=submit]`),
    ]);
    expect((await api(page, `/api/v1/vendor/extmarket/orders/${order.id}`)).status).to.equal('confirmed');
    // The confirmation goes to the demo's marketplace through the extmarket client, as to the real one.
    const pushed = await polled(
      () => api(page, `/api/v1/vendor/extmarket/orders/${order.id}`),
      (o) => o.extmarket_sync_status === 'in_sync',
      5 * 60_000,
    );
    expect(pushed.extmarket_sync_status, 'the confirmation pushed to the marketplace').to.equal('in_sync');
  });

  for (const [s, shop] of SHOPS.entries()) {
    it(`the shop ${shop.name} opens at its printed link (${shop.subdomain ? 'its subdomain' : 'the path form'}): its products with their pictures`, async () => {
      const { url, rest } = row(demo.output(), `Shop ${shop.name}`);
      const page = await newPage();
      const res = await page.goto(url, { waitUntil: 'load' });
      expect(res?.status(), url).to.equal(200);
      // The subdomain's root leads to its shop at /shop/: on the printed host, under the printed path.
      const [printed, shown] = [new URL(url), new URL(page.url())];
      expect(shown.host, "the shop's own host").to.equal(printed.host);
      expect(shown.pathname, 'under the printed link').to.match(new RegExp(`^${printed.pathname}`));
      const count = rest.match(/^(\d+) products/)![1];
      expect(await textOf(page))
        .to.include(shop.name)
        .and.to.include(`${count} products`);
      const titles = await page.$$eval('li.product h2', (h) => h.map((e) => (e as HTMLElement).innerText.trim()));
      expect(titles, 'the first page of the catalogue').to.have.length.greaterThan(2);
      expect(
        shop.products.flatMap((p) => p.names),
        "the shop's own products, in one of their languages",
      ).to.include.members(titles);
      // The thumbnails are lazy images: the first row's, in view, load; each is the 200 px WebP variant of an uploaded picture.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('li.product img')].filter(
            (i) => /\/images\/\d+\/200$/.test(i.src) && i.complete && i.naturalWidth > 0,
          ).length >= 4,
      );
      await page.screenshot({ path: `${SHOTS}/shop-${s + 1}-${shop.code.toLowerCase()}.png` });
    });
  }

  it('the shop customer signs in at the printed link with the printed password and finds the order', async () => {
    const { url, rest } = row(demo.output(), 'Shop customer');
    const { login, password } = credentials(rest);
    const page = await signIn(url, { 'input[name=email]': login, 'input[name=password]': password }, 'shop-login');
    expect(new URL(page.url()).pathname).to.equal('/vendors/VERTE/shop/account');
    expect(await page.$eval('#hello', (e) => (e as HTMLElement).innerText)).to.include(
      `${CUSTOMERS[0].first_name} ${CUSTOMERS[0].last_name}`,
    );
    expect(await page.$$('tr.order'), 'the order placed in the demo').to.have.length(1);
    await page.screenshot({ path: `${SHOTS}/shop-account.png` });
  });

  it('the API reference opens and offers "Authorize" and the admin sign-in route', async () => {
    const { url } = row(demo.output(), 'API reference');
    const page = await newPage();
    const res = await page.goto(url, { waitUntil: 'load' });
    expect(res?.status(), url).to.equal(200);
    // Swagger UI draws the document in the page (served by the service, no CDN).
    await page.waitForSelector('.swagger-ui button.authorize');
    await page.waitForFunction(() => document.body.innerText.includes('/api/v1/admin/auth/login'));
    await page.screenshot({ path: `${SHOTS}/docs.png` });
  });

  it('a second run on the same data is refused in one line, exit code 2, nothing loaded twice', async () => {
    await stop(demo);
    const again = run(dataDir, await freePort(), ['--load-only']);
    const code = await again.exited;
    expect(again.output().trim().split('\n'), again.output()).to.have.length(1);
    expect(again.output()).to.match(/empty database only, and this one holds \d+ users, companies or vendors/);
    expect(code).to.equal(2);
  });
});

/** SIGTERM, as Ctrl-C would, and the wait for the demo and its service to stop (killed after two minutes). */
async function stop(demo: ReturnType<typeof run> | undefined): Promise<void> {
  if (!demo) return;
  demo.child.kill('SIGTERM');
  const timer = setTimeout(() => demo.child.kill('SIGKILL'), 120_000);
  await demo.exited;
  clearTimeout(timer);
}
