import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { get } from 'node:http';
import type { Browser, Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../src/adapters/pdf/browser.ts';
import { ASSET_NAMES, DOCS_CSP } from '../../src/http/apiReference.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { describeInBrowser } from '../support/browserSuite.ts';
import { resolvedDocument } from '../support/openapi.ts';

/** The status of a GET with the given headers, the body left unread. */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    }).on('error', reject);
  });
}

/**
 * The API reference at /docs: Swagger UI from swagger-ui-dist, served by the service itself
 * (whitelisted files, content types, cache headers, a strict CSP), and rendered for real by
 * the headless Debian chromium the invoice PDFs use (src/adapters/pdf/browser.ts), which also
 * authorizes with an admin token and runs "Try it out". The screenshot goes to test-artifacts/.
 */
describe('the API reference (/docs)', () => {
  let app: TestApp;

  before(async () => {
    app = await testApp();
  });

  describe('over HTTP', () => {
    it("answers an HTML page at /docs and /docs/ that loads only the service's own files, under a strict CSP", async () => {
      for (const path of ['/docs', '/docs/']) {
        const res = await app.call('GET', path);
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^text\/html/);
        expect(res.headers.get('content-security-policy')).to.equal(DOCS_CSP);
        expect(DOCS_CSP)
          .to.include("script-src 'self'")
          .and.include("style-src 'self' 'unsafe-inline'")
          .and.include("img-src 'self' data:");
        const page = res.body as string;
        const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1])?.[1])).to.deep.equal([
          '/docs/assets/swagger-ui-bundle.js',
          '/docs/assets/init.js',
        ]);
        expect(
          scripts.every((m) => m[2].trim() === ''),
          'no inline script',
        ).to.equal(true);
        expect(page).to.include('href="/docs/assets/swagger-ui.css"');
        expect(page).not.to.match(/https?:\/\//);
      }
    });

    it('serves the whitelisted assets with their content types and cache headers, and revalidates them by ETag', async () => {
      const types: Record<string, RegExp> = {
        js: /^application\/javascript; charset=utf-8$/,
        css: /^text\/css; charset=utf-8$/,
        png: /^image\/png$/,
      };
      for (const name of ASSET_NAMES) {
        const res = await fetch(`${app.url}/docs/assets/${name}`);
        expect(res.status, name).to.equal(200);
        expect(res.headers.get('content-type'), name).to.match(types[name.split('.').pop()!]);
        expect(res.headers.get('cache-control'), name).to.equal('public, max-age=3600');
        expect(res.headers.get('x-content-type-options'), name).to.equal('nosniff');
        const etag = res.headers.get('etag');
        expect(etag, name).to.match(/^"[^"]+"$/);
        expect((await res.arrayBuffer()).byteLength, name).to.be.greaterThan(100);
        // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for the file again.
        expect(await statusOf(`${app.url}/docs/assets/${name}`, { 'if-none-match': etag! }), name).to.equal(304);
      }
      const init = await app.call('GET', '/docs/assets/init.js');
      expect(init.body).to.include('"/api/v1/openapi.json"').and.include('persistAuthorization: true');
      const bundle = await fetch(`${app.url}/docs/assets/swagger-ui-bundle.js`);
      expect(await bundle.text()).to.include('SwaggerUIBundle');
    });

    it('serves no other file of the package, nor anything outside it', async () => {
      for (const path of [
        '/docs/assets/index.html',
        '/docs/assets/swagger-ui-bundle.js.map',
        '/docs/assets/package.json',
        '/docs/assets/..%2F..%2Fpackage.json',
        '/docs/assets/%2e%2e/%2e%2e/package.json',
        '/docs/assets/',
        '/docs/swagger-ui-bundle.js',
      ]) {
        const res = await app.call('GET', path);
        expect(res.status, path).to.equal(404);
      }
    });

    it('is documented in the OpenAPI document as root routes with their media types', async () => {
      const document = await resolvedDocument(app);
      expect(document.paths['/docs'].get.responses['200'].content).to.have.key('text/html');
      expect(document.paths['/docs'].get.security).to.deep.equal([]);
      expect(document.paths['/docs/assets/init.js'].get.responses['200'].content).to.have.key('application/javascript');
      expect(document.paths['/docs/assets/swagger-ui.css'].get.responses['200'].content).to.have.key('text/css');
      expect(document.paths['/docs/assets/swagger-ui-bundle.js'].get.tags).to.deep.equal(['Docs']);
    });
  });

  describeInBrowser('in a headless chromium', function () {
    this.timeout(180_000);
    let chromium: Browser;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      chromium = await browser();
      page = await chromium.newPage();
      await page.setViewport({ width: 1280, height: 1400 });
      // Swagger UI renders hundreds of operations: on a machine loaded by parallel suites that takes more
      // than puppeteer's default 30 s. Nothing here is timed; a step that never comes still fails.
      page.setDefaultTimeout(60_000);
      page.setDefaultNavigationTimeout(60_000);
      page.on('pageerror', (err) => problems.push(`page error: ${(err as Error).message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
      });
      page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
      page.on('request', (req) => {
        if (!req.url().startsWith(app.url) && !req.url().startsWith('data:')) problems.push(`left the service: ${req.url()}`);
      });
    });

    after(async () => {
      await page?.close().catch(() => {});
      await closeBrowser();
    });

    it("renders Swagger UI with the service's routes and the Authorize button, without a CSP violation", async () => {
      await page.goto(`${app.url}/docs`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.opblock-summary-path');
      // Swagger UI renders the sections near the viewport: scroll down until the users list shows.
      const seen = new Set<string>();
      for (let step = 0; step < 60 && !seen.has('/api/v1/admin/users'); step++) {
        for (const p of await page.$$eval('.opblock-summary-path', (nodes) => nodes.map((n) => n.getAttribute('data-path') ?? '')))
          seen.add(p);
        await page.evaluate(() => window.scrollBy(0, 1500));
        await new Promise((r) => setTimeout(r, 100));
      }
      expect([...seen]).to.include('/api/v1/admin/users');
      expect([...seen]).to.include('/api/v1/admin/auth/login');
      // The operations were read off Swagger UI's rendering above (it mounts the sections near the viewport only).
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).to.include('Commerce back-office API');
      expect(await page.$('button.authorize'), 'the Authorize button').not.to.equal(null);
      mkdirSync('test-artifacts', { recursive: true });
      await page.screenshot({ path: 'test-artifacts/docs.png' });
      expect(problems).to.deep.equal([]);
    });

    it('authorizes with a pasted admin token and runs GET /api/v1/admin/users with "Try it out"', async () => {
      const token = await app.adminToken();
      await page.click('button.authorize');
      await page.waitForSelector('.modal-ux input[type=text], .modal-ux input[type=password]');
      // The first scheme of the dialog is adminBearer (schemes in the document's order).
      const dialog = await page.$$eval('.modal-ux .auth-container h4', (nodes) => nodes.map((n) => n.textContent?.trim()));
      expect(dialog[0]).to.match(/^adminBearer/);
      await page.type('.modal-ux .auth-container input', token);
      await page.click('.modal-ux .auth-container button.authorize');
      await page.waitForFunction(
        () => [...document.querySelectorAll('.modal-ux .auth-container')][0]?.querySelector('button')?.textContent === 'Logout',
      );
      await page.click('.modal-ux button.btn-done');
      const stored = await page.evaluate(() => localStorage.getItem('authorized'));
      expect(stored, 'persistAuthorization keeps the token').to.include('adminBearer');

      await page.goto(`${app.url}/docs#/Users/getAdminUsers`, { waitUntil: 'networkidle0' });
      await page.reload({ waitUntil: 'networkidle0' });
      const operation = '#operations-Users-getAdminUsers';
      await page.waitForSelector(`${operation} .try-out__btn`);
      await page.click(`${operation} .try-out__btn`);
      await page.click(`${operation} .execute`);
      await page.waitForSelector(`${operation} .live-responses-table tr.response .response-col_status`);
      const status = await page.$eval(`${operation} .live-responses-table tr.response .response-col_status`, (n) => n.textContent?.trim());
      expect(status).to.equal('200');
      const curl = await page.$eval(`${operation} .curl-command`, (n) => n.textContent ?? '');
      expect(curl).to.include(`Authorization: Bearer ${token}`);
      await page.screenshot({ path: 'test-artifacts/docs-try-it-out.png' });
      expect(problems).to.deep.equal([]);
    });
  });
});
