import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../src/adapters/pdf/browser.ts';
import { freePort, ROOT } from '../support/childService.ts';

/**
 * `npm run demo` as a newcomer runs it, on embedded PGlite in an empty data folder: it loads the
 * demo platform, starts the service and prints the links; every printed link opens in headless
 * chromium and shows what it promises (screenshots in test-artifacts/demo/). A second run on the
 * same folder is refused in one line. Run by `npm run test:demo` (minutes on a busy machine).
 */
const SHOTS = 'test-artifacts/demo';

function run(dataDir: string, port: number, args: string[] = []): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/demo.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  let text = '';
  child.stdout!.on('data', (c) => { text += c; });
  child.stderr!.on('data', (c) => { text += c; });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => text, exited };
}

async function until(what: string, check: () => boolean, output: () => string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen; the demo printed:\n${output()}`);
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
    await until('the demo\'s links', () => /API reference/.test(demo.output()), demo.output, 14 * 60_000);
  });

  after(async () => {
    await closeBrowser();
    demo?.child.kill('SIGTERM');
    await demo?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const visit = async (url: string, name: string, prepare?: (page: Page) => Promise<void>) => {
    const page = await (await (await browser()).createBrowserContext()).newPage();
    await page.setViewport({ width: 1280, height: 860 });
    if (prepare) await prepare(page);
    const res = await page.goto(url, { waitUntil: 'load' });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
    return { page, status: res?.status() ?? 0, text: await page.evaluate(() => document.body.innerText) };
  };

  const signIn = async (page: Page, url: string, login: string, password: string) => {
    await page.goto(url, { waitUntil: 'load' });
    await page.type('#login', login);
    await page.type('#password', password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('form[action$="/login"] button[type=submit]')]);
  };

  it('prints what it loaded and where to go, the admin\'s and the owner\'s sign-ins with their passwords', () => {
    const out = demo.output();
    expect(out).to.match(/Demo platform loaded in [\d.]+ s: 1 company, 2 shops, 50 products, 4 customers with 4 shop orders, 1 marketplace order waiting for confirmation, a conversation/);
    expect(row(out, 'Admin sign-in').url).to.equal(`http://127.0.0.1:${port}/admin/login`);
    expect(row(out, 'Vendor sign-in').rest).to.match(/^owner@demo\.example \/ owner-\S+ \(vendor code VERTE or KAEREL\)/);
    expect(row(out, 'Shop Maison Verte').url).to.equal(`http://127.0.0.1:${port}/vendors/VERTE/shop/`);
    expect(row(out, 'Shop Atelier').url).to.equal(`http://atelier.localhost:${port}/`);
  });

  it('the admin signs in with the printed password and finds the company, its two vendors and a notification', async () => {
    const { url, rest } = row(demo.output(), 'Admin sign-in');
    const [email, , password] = rest.split(' ');
    const page = await (await (await browser()).createBrowserContext()).newPage();
    await page.setViewport({ width: 1280, height: 860 });
    await signIn(page, url, email, password);
    expect(new URL(page.url()).pathname).to.not.match(/login/);
    await page.screenshot({ path: `${SHOTS}/admin-home.png` });
    await page.goto(url.replace('/admin/login', '/admin/notifications'), { waitUntil: 'load' });
    await page.screenshot({ path: `${SHOTS}/admin-notifications.png` });
    expect(await page.evaluate(() => document.body.innerText)).to.match(/Maison Verte|Atelier|Demo Trading/);
  });

  /** The owner, signed in to Maison Verte's back office with the printed password (once, for the tests below). */
  let owner: Promise<Page> | undefined;
  const ownerPage = () => (owner ??= (async () => {
    const { url, rest } = row(demo.output(), 'Vendor sign-in');
    const [email, , password] = rest.split(' ');
    const page = await (await (await browser()).createBrowserContext()).newPage();
    await page.setViewport({ width: 1280, height: 860 });
    await page.goto(url, { waitUntil: 'load' });
    await page.type('#login', email);
    await page.type('#password', password);
    if (await page.$('#vendor_code')) await page.type('#vendor_code', 'VERTE');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('form[action$="/login"] button[type=submit]')]);
    return page;
  })());
  // The API answers the same data the pages show, with the cookie the sign-in set.
  const api = async (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path);

  it('the owner signs in to a shop\'s back office: its orders in three states, the conversation', async () => {
    const page = await ownerPage();
    expect(new URL(page.url()).pathname).to.not.match(/login/);
    await page.screenshot({ path: `${SHOTS}/vendor-home.png` });
    const orders = await api(page, '/api/v1/vendor/orders?limit=100');
    expect(orders.items.map((o: { status: string }) => o.status)).to.include.members(['confirmed', 'partially_shipped', 'shipped']);
    const messages = await api(page, '/api/v1/vendor/messages');
    expect(messages.items[0].subject).to.match(/Sencha/);
  });

  it('an order from the external marketplace waits for confirmation; confirmed in the back office, the marketplace is told', async () => {
    const page = await ownerPage();
    const waiting = await api(page, '/api/v1/vendor/extmarket/orders?status=unconfirmed');
    expect(waiting.items, 'the marketplace order, brought in by the order sync').to.have.length(1);
    const order = waiting.items[0];
    await page.goto(new URL(`/vendor/orders/${order.id}`, page.url()).href, { waitUntil: 'load' });
    expect(await page.evaluate(() => document.body.innerText)).to.match(/EM-2026-0042/);
    await page.screenshot({ path: `${SHOTS}/vendor-marketplace-order.png` });
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`form[action$="/orders/${order.id}/confirm"] button[type=submit]`)]);
    expect((await api(page, `/api/v1/vendor/extmarket/orders/${order.id}`)).status).to.equal('confirmed');
    // The confirmation goes to the demo's marketplace through the extmarket client, as to the real one.
    let synced = '';
    for (let i = 0; i < 300 && synced !== 'in_sync'; i++) {
      synced = (await api(page, `/api/v1/vendor/extmarket/orders/${order.id}`)).extmarket_sync_status;
      if (synced !== 'in_sync') await new Promise((r) => setTimeout(r, 200));
    }
    expect(synced, 'the confirmation pushed to the marketplace').to.equal('in_sync');
  });

  it('each printed shop opens: the path-form shop and the subdomain shop, with their products\' pictures', async () => {
    for (const [label, name] of [['Shop Maison Verte', 'shop-verte'], ['Shop Atelier', 'shop-atelier']]) {
      const { url } = row(demo.output(), label);
      const { page, status, text } = await visit(url, name);
      expect(status, url).to.equal(200);
      expect(text).to.match(label.includes('Verte') ? /Sencha/ : /Mug/);
      const pictures = await page.$$eval('img', (imgs) => imgs.filter((i) => !/placeholder/.test(i.src) && i.naturalWidth > 0).length);
      expect(pictures, `${url}: pictures shown`).to.be.greaterThan(2);
    }
  });

  it('the API reference opens', async () => {
    const { status } = await visit(row(demo.output(), 'API reference').url, 'docs');
    expect(status).to.equal(200);
  });

  it('a second run on the same data is refused in one line, exit code 2, nothing loaded twice', async () => {
    demo.child.kill('SIGTERM');
    await demo.exited;
    const again = run(dataDir, await freePort(), ['--load-only']);
    const code = await again.exited;
    expect(code).to.equal(2);
    expect(again.output().trim().split('\n')).to.have.length(1);
    expect(again.output()).to.match(/empty database only, and this one holds \d+ users, companies or vendors/);
  });
});
