import { expect } from 'chai';
import { createApp } from '../../src/http/app.ts';
import { declaredRoutes } from '../../src/http/routeTable.ts';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { signedIn, signedInAdmin } from '../support/backOffice.ts';
import { registerCustomer, shopClient } from '../support/customers.ts';
import { browse } from '../support/storefront.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
/** Text a user may type that would run as script if a page did not escape it. */
const SCRIPT = '<script>document.title="pwned"</script>';
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
/** The sign-in, sign-out and language routes belong to everyone; every other /admin route is the back office. */
const OPEN = /^\/admin\/(login|logout|language|password|forgot|reset)/;

/**
 * Every admin page route, swept: a vendor's or a customer's session (cookie or token, even put in
 * the admin cookie) never opens one, every admin form refuses a missing or wrong form token, and
 * text a user typed (a company, vendor, user, with markup in its name) never comes back as markup
 * on any admin page that shows it.
 */
describe("admin back office: every page route against sessions that are not an admin's, forged forms and typed markup", function () {
  this.timeout(600_000);
  let app: TestApp;
  let v: VendorFixture;
  let userId: number;
  let gets: string[];
  let posts: string[];
  let customerToken: string;

  before(async function () {
    this.timeout(600_000);
    app = await testApp();
    const routes = declaredRoutes(createApp(app.services)).filter((r) => r.path.startsWith('/admin') && !OPEN.test(r.path));
    v = await createVendorWithOwner(app, { company: { name: `Co ${SCRIPT}` }, vendor: { name: `Shop ${ATTRIBUTE}` } });
    const token = await app.adminToken();
    const user = await app.call('POST', '/api/v1/admin/users', {
      token,
      body: {
        email: `${unique('xss')}@example.com`,
        username: unique('xss'),
        password: 'a-long-password-1',
        first_name: SCRIPT,
        last_name: ATTRIBUTE,
      },
    });
    userId = user.body.id;
    customerToken = (await registerCustomer(shopClient(app, v), { first_name: SCRIPT })).token;
    const ids: Record<string, number> = { companies: v.companyId, vendors: v.vendorId, users: userId };
    const fill = (path: string) =>
      path.replace(/\/([a-z-]+)\/:[a-z_]+/g, (_m, area: string) => `/${area}/${ids[area] ?? 1}`).replace(/:[a-z_]+/g, '1');
    gets = routes.filter((r) => r.method === 'GET').map((r) => fill(r.path));
    posts = routes.filter((r) => r.method === 'POST').map((r) => fill(r.path));
    expect(gets.length, 'admin page routes').to.be.greaterThan(30);
  });

  it("a vendor's or a customer's session, cookie or token, never opens an admin page: each is sent to the admin sign-in", async () => {
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const disguises: [string, Record<string, string>][] = [
      ['vendor cookie', {}],
      ['vendor token as the admin cookie', { cookie: `admin_token=${v.ownerToken}` }],
      ['vendor token as bearer', { authorization: `Bearer ${v.ownerToken}` }],
      ['customer token as the admin cookie', { cookie: `admin_token=${customerToken}` }],
      ['customer cookie', { cookie: `customer_token=${customerToken}` }],
      ['customer token as bearer', { authorization: `Bearer ${customerToken}` }],
    ];
    for (const path of gets) {
      for (const [name, headers] of disguises) {
        const res = name === 'vendor cookie' ? await member.get(path) : await browse(app, 'GET', path, headers);
        // A route whose query or path the request gets wrong refuses it (422) before anything is read.
        if (res.status === 422) continue;
        expect(res.status, `${name}: GET ${path}`).to.equal(303);
        expect(location(res), `${name}: GET ${path}`).to.match(/^\/admin\/login/);
      }
    }
    const adminCookie = (await signedInAdmin(app)).jar.get('admin_token');
    const api = await app.call('GET', '/api/v1/admin/users', { headers: { cookie: `admin_token=${adminCookie}` } });
    expect(api.status, 'the admin cookie is never accepted by the API').to.equal(401);
  });

  it('every admin form refuses a missing or a wrong form token with 403, and a visitor without a session is sent to sign in', async () => {
    const admin = await signedInAdmin(app);
    await admin.get('/admin');
    for (const path of posts) {
      for (const csrf of [undefined, 'x'.repeat(43)]) {
        const res = await admin.post(path, csrf ? { _csrf: csrf } : {});
        // 422: a path the forged request names wrongly (not a uuid) is refused before the form is read.
        expect(res.status, `POST ${path} ${csrf ? 'wrong' : 'missing'} token`).to.be.oneOf([403, 422]);
      }
      const anonymous = await browse(app, 'POST', path, {}, {});
      expect([303, 403, 422], `POST ${path} without a session`).to.include(anonymous.status);
    }
  });

  it('typed markup never comes back as markup on any admin page', async () => {
    const admin = await signedInAdmin(app);
    const shown: string[] = [];
    // Live streams (server-sent events) never end: they are not pages.
    for (const path of [
      ...gets.filter((p) => !/\/stream$|\/export$/.test(p)),
      `/admin/users?search=xss`,
      `/admin/companies?search=${encodeURIComponent(SCRIPT)}`,
      `/admin/vendors?search=Shop`,
    ]) {
      const res = await admin.get(path);
      expect(res.status, `GET ${path}`).to.be.below(500);
      expect(res.body, `GET ${path}`).to.not.contain(SCRIPT).and.not.contain(ATTRIBUTE);
      if (res.body.includes('&lt;script&gt;') || res.body.includes('&quot;&gt;&lt;img')) shown.push(path);
    }
    expect(shown, 'pages that show the typed text, escaped').to.include.members([
      `/admin/users/${userId}`,
      `/admin/companies/${v.companyId}`,
      `/admin/vendors/${v.vendorId}`,
    ]);
  });
});
