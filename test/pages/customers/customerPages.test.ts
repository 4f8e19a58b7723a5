import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import {
  LU_ADDRESS,
  newSessionId,
  ok,
  openShop,
  registerShopper,
  stockedProduct,
  type ShopFixture,
  type Shopper,
} from '../../support/shop.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The customer pages of both back offices (src/pages/customers): the list with search, sort and
 * pages, a customer's page with the statistics, saved addresses and shop orders; admins across
 * vendors with the vendor filter. A vendor never sees another's customers; names stay text.
 */
describe('back offices: customer pages', function () {
  this.timeout(120_000);
  let app: TestApp;
  let s: ShopFixture;
  let other: ShopFixture;
  let ada: Shopper;
  let evil: Shopper;
  let owner: Visitor;
  let orderNumber: string;

  before(async () => {
    app = await testApp();
    [s, other] = [await openShop(app), await openShop(app)];
    ada = await registerShopper(s, { first_name: 'Ada', last_name: 'Lovelace' });
    evil = await registerShopper(s, { first_name: '<img src=x onerror=alert(1)>', last_name: 'Mallory' });
    await registerShopper(other, { first_name: 'Otto', last_name: 'Elsewhere' });
    const pan = await stockedProduct(s, { title: 'Copper pan', price_cents: 2500 }, 5);
    const session = newSessionId();
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: pan, quantity: 2 } }), 'cart');
    await ok(s.shop('POST', '/addresses', { token: ada.token, body: { ...LU_ADDRESS, type: 'shipping', is_default: true } }), 'address');
    const order = await ok(
      s.shop('POST', '/orders', {
        token: ada.token,
        body: { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } },
      }),
      'order',
    );
    orderNumber = order.order_number;
    owner = await signedIn(app, 'vendor', s.ownerEmail, s.ownerPassword);
  });

  it("lists the shop's customers, searched and sorted, and opens one with the orders and addresses", async () => {
    const list = await owner.get('/vendor/customers');
    expect(list.status).to.equal(200);
    expect(list.body).to.contain(`href="/vendor/customers/${ada.id}"`).and.contain('Ada Lovelace').and.not.contain('Otto');
    const searched = await owner.get('/vendor/customers?search=lovelace');
    expect(searched.body).to.contain('Ada Lovelace').and.not.contain('Mallory');
    const sorted = await owner.get('/vendor/customers?sort=-order_count');
    expect(sorted.body.indexOf('Ada Lovelace')).to.be.lessThan(sorted.body.indexOf('Mallory'));

    const page = await owner.get(`/vendor/customers/${ada.id}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain(ada.email).and.contain(orderNumber).and.contain('/vendor/orders/');
    expect(page.body).to.contain('12 rue de la Gare').and.contain('€50.00');
  });

  it("shows a customer's name as text, never as markup", async () => {
    for (const path of ['/vendor/customers', `/vendor/customers/${evil.id}`]) {
      const page = await owner.get(path);
      expect(page.body, path).to.contain('&lt;img src=x onerror=alert(1)&gt;').and.not.contain('<img src=x');
    }
  });

  it("never shows another vendor's customer, and asks for the customers permission on the server", async () => {
    const b = await signedIn(app, 'vendor', other.ownerEmail, other.ownerPassword);
    expect((await b.get(`/vendor/customers/${ada.id}`)).status).to.equal(404);
    expect((await b.get('/vendor/customers?search=Lovelace')).body)
      .not.to.contain('Ada Lovelace')
      .and.not.contain(`/vendor/customers/${ada.id}"`);

    const custom = await app.call('POST', '/api/v1/vendor/team/invitations', {
      token: s.ownerToken,
      body: { email: 'no-customers@team.test', role: 'custom', permissions: ['dashboard.view', 'orders.view'] },
    });
    expect(custom.status, JSON.stringify(custom.body)).to.equal(201);
    const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: custom.body.invitation_token, password: 'member-password-1', first_name: 'Nora' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    const member = await signedIn(app, 'vendor', 'no-customers@team.test', 'member-password-1');
    const refused = await member.get(`/vendor/customers/${ada.id}`);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('customers.view').and.not.contain(ada.email);
    expect((await member.get('/vendor/customers')).status).to.equal(403);
  });

  it('admins see the customers of every shop with the vendor filter', async () => {
    const admin = await signedInAdmin(app);
    const all = await admin.get('/admin/customers?search=Elsewhere');
    expect(all.status).to.equal(200);
    expect(all.body).to.contain('Otto Elsewhere');
    const filtered = await admin.get(`/admin/customers?vendor_id=${s.vendorId}`);
    expect(filtered.body).to.contain('Ada Lovelace').and.not.contain('Otto Elsewhere');
    const page = await admin.get(`/admin/customers/${ada.id}`);
    expect(page.body).to.contain(orderNumber).and.contain(`/admin/orders/`).and.contain(s.vendorCode);
    const vendorCookie = await signedIn(app, 'vendor', s.ownerEmail, s.ownerPassword);
    const asVendor = await vendorCookie.get('/admin/customers');
    expect(asVendor.status).to.equal(303);
    expect(asVendor.headers.location).to.match(/^\/admin\/login/);
  });
});
