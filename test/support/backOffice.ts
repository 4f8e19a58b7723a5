import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { browser } from '../../src/adapters/pdf/browser.ts';
import { ADMIN, type TestApp } from './app.ts';
import { visitor } from './storefront.ts';

/**
 * The back offices as their users reach them: over HTTP with a cookie jar (a signed-in admin or
 * team member, the form token of the page they read) and in headless chromium (people in browser
 * profiles of their own, screenshots under test-artifacts/<folder>/, every 4xx/5xx answer, console
 * error and failed request collected as a problem the test can assert empty).
 */
export type Area = 'admin' | 'vendor';

/** A visitor signed in to a back office through its sign-in form. */
export async function signedIn(app: TestApp, area: Area, login: string, password: string, vendorCode = '') {
  const v = visitor(app);
  const form = await v.get(`/${area}/login`);
  const res = await v.post(`/${area}/login`, { login, password, vendor_code: vendorCode, return: `/${area}`, _csrf: v.csrf(form.body) });
  if (res.status !== 303) throw new Error(`${area} sign-in failed: ${res.status} ${res.body.slice(0, 300)}`);
  return v;
}

/** The test app's first admin, signed in to the admin back office. */
export const signedInAdmin = (app: TestApp) => signedIn(app, 'admin', ADMIN.email, ADMIN.password);

export interface BrowserPeople {
  chromium: Browser;
  /** Everything that went wrong in any page: answers ≥ 400, console errors, failed requests. */
  problems: string[];
  person(viewport?: { width: number; height: number }): Promise<Page>;
  signIn(page: Page, area: Area, login: string, password: string, vendorCode?: string): Promise<void>;
  submit(page: Page, selector: string): Promise<unknown>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Browser profiles in the one headless chromium of the test process. `expected` lists answers a
 * test provokes on purpose (a refused form), so that they are not counted as problems.
 */
export async function browserPeople(app: TestApp, folder: string, expected: RegExp[] = []): Promise<BrowserPeople> {
  const chromium = await browser();
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const dir = `test-artifacts/${folder}`;
  mkdirSync(dir, { recursive: true });
  const note = (text: string) => {
    if (!expected.some((e) => e.test(text))) problems.push(text);
  };
  const submit = (page: Page, selector: string) => Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  return {
    chromium,
    problems,
    async person(viewport = { width: 1280, height: 860 }) {
      const context = await chromium.createBrowserContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.setViewport(viewport);
      // The stories are not timed: a machine loaded by parallel suites renders a page in seconds, not the 30 s
      // puppeteer allows by default; a step that never comes still fails, within the suite's own time.
      page.setDefaultTimeout(60_000);
      page.setDefaultNavigationTimeout(60_000);
      // Chromium also logs a page answered with an error status as "Failed to load resource" (without its
      // address): that one is judged as the answer itself, so an expected refusal is expected here too.
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(msg.text());
        const url = msg.location().url;
        if (failed && url) note(`${failed[1]} ${url}`);
        else note(`console: ${msg.text()}`);
      });
      page.on('response', (res) => {
        if (res.status() >= 400) note(`${res.status()} ${res.url()}`);
      });
      page.on('requestfailed', (req) => {
        if (!/\/stream$/.test(req.url())) note(`request failed: ${req.url()} ${req.failure()?.errorText}`);
      });
      return page;
    },
    async signIn(page, area, login, password, vendorCode = '') {
      await page.goto(`${app.url}/${area}/login`, { waitUntil: 'load' });
      await page.type('#login', login);
      await page.type('#password', password);
      if (vendorCode) await page.type('#vendor_code', vendorCode);
      await submit(page, 'form[action$="/login"] button[type=submit]');
      if (new URL(page.url()).pathname.endsWith('/login')) throw new Error(`${area} sign-in of ${login} failed`);
    },
    submit,
    async shot(page, name) {
      // A page scrolled to the field just typed into would be captured with its sticky bar and menu halfway down.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
    },
  };
}
