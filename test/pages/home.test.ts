import { expect } from 'chai';
import { request } from 'node:http';
import { describeDatabase, HOW_TO_CREATE_ADMIN, startupMessages } from '../../src/bootstrap.ts';
import { SERVICE_VERSION } from '../../src/http/openapiDocument.ts';
import { homeInfo, renderHome } from '../../src/pages/home.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';
import { resolvedDocument } from '../support/openapi.ts';

/** A GET with a Host header of the caller's choosing (fetch does not let one set it). */
function getWithHost(url: string, host: string, accept = 'text/html'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET /: the service, its version, where to go next, and whether a first admin exists; HTML or JSON. */
describe('the home page (GET /)', () => {
  let app: TestApp;

  before(async () => {
    app = await testApp();
  });

  it('answers JSON to a client that asks for it, with the links and first_admin_exists', async () => {
    const res = await app.call('GET', '/', { headers: { accept: 'application/json' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(res.headers.get('vary')).to.match(/accept/i);
    const { shops, ...rest } = res.body;
    expect(rest).to.deep.equal({
      service: 'Commerce back-office',
      version: SERVICE_VERSION,
      docs: `${app.url}/docs`,
      openapi: `${app.url}/api/v1/openapi.json`,
      health: `${app.url}/health`,
      admin_sign_in_page: `${app.url}/admin/login`,
      vendor_sign_in_page: `${app.url}/vendor/login`,
      admin_login: {
        method: 'POST',
        url: `${app.url}/api/v1/admin/auth/login`,
        docs: `${app.url}/docs#/Auth/postAdminAuthLogin`,
        body: { email_or_username: '…', password: '…' },
      },
      first_admin_exists: true,
    });
    expect(shops.total).to.be.at.least(shops.items.length);
  });

  it('links the admin and vendor sign-in pages and each open shop, by name, to its storefront', async () => {
    const vendor = await createVendorWithOwner(app, { vendor: { name: 'Aaa first shop' } });
    const json = (await app.call('GET', '/', { headers: { accept: 'application/json' } })).body;
    const url = `${app.url}/vendors/${vendor.vendorCode}/shop/`;
    // By name: other tests' vendors of the same database may sort beside it, so it is found, not assumed first.
    expect(json.shops.items).to.deep.include({ vendor_code: vendor.vendorCode, name: 'Aaa first shop', url });
    const page = (await app.call('GET', '/', { headers: { accept: 'text/html' } })).body as string;
    expect(page).to.include(`<a href="${app.url}/admin/login" id="admin-sign-in">`);
    expect(page).to.include(`<a href="${app.url}/vendor/login" id="vendor-sign-in">`);
    expect(page).to.include(`<a href="${url}">Aaa first shop</a>`);
    expect(page).to.include('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect((await app.call('GET', new URL(url).pathname, { headers: { accept: 'text/html' } })).status).to.equal(200);
  });

  it('links the sign-in to its section of the API reference, which the OpenAPI document names', async () => {
    const document = await resolvedDocument(app);
    const login = document.paths['/api/v1/admin/auth/login'].post;
    expect(`/docs#/${login.tags[0]}/${login.operationId}`).to.equal('/docs#/Auth/postAdminAuthLogin');
    const home = document.paths['/'].get;
    expect(home.security).to.deep.equal([]);
    expect(home.responses['200'].description).to.include('text/html');
    expect(home.responses['200'].content['application/json'].schema.anyOf[0].required).to.include.members([
      'service',
      'version',
      'first_admin_exists',
    ]);
  });

  it('answers the HTML page by default, with its links, and says an admin exists', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { accept: '*/*' },
      { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    ]) {
      const res = await app.call('GET', '/', { headers });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html; charset=utf-8/);
      expect(res.headers.get('content-security-policy')).to.include("default-src 'none'");
      const page = res.body as string;
      expect(page).to.match(/^<!doctype html>/);
      expect(page).to.include(`<title>Commerce back-office ${SERVICE_VERSION}</title>`);
      expect(page).to.include(`href="${app.url}/docs"`);
      expect(page).to.include(`href="${app.url}/api/v1/openapi.json"`);
      expect(page).to.include(`href="${app.url}/health"`);
      expect(page).to.include(`href="${app.url}/docs#/Auth/postAdminAuthLogin"`);
      expect(page).to.include('POST /api/v1/admin/auth/login');
      expect(page).to.include('An admin account exists.');
      expect(page).not.to.include('No admin exists yet');
      expect(page).not.to.include('<script');
    }
  });

  it('answers an unknown page with HTML to a browser, and a problem body to an API client', async () => {
    const browserAccept = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const page = await app.call('GET', '/no/such/page', { headers: browserAccept });
    expect(page.status).to.equal(404);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.body).to.include('Page not found').and.include('<code>/no/such/page</code>');
    for (const [path, headers] of [
      ['/no/such/page', { accept: '*/*' }],
      ['/no/such/page', { accept: 'application/json' }],
      ['/api/v1/no-such-route', browserAccept],
    ] as const) {
      const res = await app.call('GET', path, { headers });
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('content-type'), path).to.match(/^application\/problem\+json/);
      expect(res.body.code, path).to.equal('RouteNotFound');
    }
  });

  it('escapes what comes from the request (the Host header) in the page', async () => {
    const res = await getWithHost(`${app.url}/`, 'evil.test"><script>alert(1)</script>');
    expect(res.status).to.equal(200);
    expect(res.body).not.to.include('<script>');
    expect(res.body).to.include('http://evil.test&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;/docs');
  });

  it('says how to create an admin while none exists', () => {
    const info = homeInfo('http://127.0.0.1:3000', '/docs#/Auth/postAdminAuthLogin', false, { shops: [], total: 0 });
    expect(info.first_admin_exists).to.equal(false);
    expect(info.how_to_create_admin).to.equal(HOW_TO_CREATE_ADMIN);
    expect(HOW_TO_CREATE_ADMIN).to.include('ADMIN_EMAIL=').and.include('ADMIN_PASSWORD=').and.include('npm run admin:create -- --email');
    const page = renderHome(info);
    expect(page).to.include('No admin exists yet.');
    expect(page).to.include('ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=&#39;choose-10+-chars&#39; npm start');
    expect(page).to.include('npm run admin:create -- --email admin@example.com');
    expect(page).to.include('No shop is open yet');
  });
});

describe('the start-up lines', () => {
  it('name the URL and the database, never a password', () => {
    const embedded = { dataDir: `${process.cwd()}/data`, databaseUrl: undefined, eventstoreUrl: undefined };
    expect(startupMessages(embedded, '127.0.0.1', 3000)).to.deep.equal([
      'Listening on http://127.0.0.1:3000 (database: embedded PGlite in ./data/pglite)',
      'API reference: http://127.0.0.1:3000/docs',
    ]);
    expect(describeDatabase({ dataDir: '/srv/app-data' }, '/home/app')).to.equal('embedded PGlite in /srv/app-data/pglite');
    const server = {
      dataDir: '/x',
      databaseUrl: 'postgres://shop:s3cret@db.internal:5433/commerce?sslmode=require',
      eventstoreUrl: 'esdb://events:2113?tls=false',
    };
    const line = startupMessages(server, '0.0.0.0', 8080)[0];
    expect(line).to.equal(
      'Listening on http://localhost:8080 (database: PostgreSQL at db.internal:5433/commerce; events in EventStoreDB at events:2113)',
    );
    expect(line).not.to.include('s3cret');
    expect(startupMessages(embedded, '::1', 3000)[1]).to.equal('API reference: http://[::1]:3000/docs');
  });
});
