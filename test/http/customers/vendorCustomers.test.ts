import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { ADDRESS, registerCustomer, shopClient, type Customer, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner, vendorLogin } from '../../support/tenancy.ts';

/**
 * The vendor's shop customers: the list with search, sort and pages, a customer's detail with
 * order statistics and saved addresses, the customer's orders. Only the token's vendor's customers.
 */
describe('vendor customers', () => {
  let app: TestApp;
  let shop: ShopClient;
  let otherShop: ShopClient;
  let ada: Customer;
  let bob: Customer;
  let cy: Customer;
  let foreign: Customer;
  const tag = unique('vc');

  const vendor = (path: string, token = shop.vendor.ownerToken) => app.call('GET', `/api/v1/vendor${path}`, { token });

  before(async () => {
    app = await testApp();
    shop = shopClient(app, await createVendorWithOwner(app));
    otherShop = shopClient(app, await createVendorWithOwner(app));
    ada = await registerCustomer(shop, { email: `ada.${tag}@shopper.test`, first_name: 'Ada', last_name: 'Lovelace' });
    bob = await registerCustomer(shop, { email: `bob.${tag}@shopper.test`, first_name: 'Bob', last_name: 'Babbage' });
    cy = await registerCustomer(shop, { email: `cy.${tag}@shopper.test`, first_name: 'Cy', last_name: 'Clarke' });
    // The same e-mail at another shop is another shop's customer.
    foreign = await registerCustomer(otherShop, { email: `ada.${tag}@shopper.test`, first_name: 'Ada', last_name: 'Elsewhere' });
  });

  it("lists the vendor's customers only, newest first, with their statistics", async () => {
    const res = await vendor('/customers');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ total: 3, page: 1, limit: 20 });
    expect(res.body.items.map((c: any) => c.id)).to.deep.equal([cy.id, bob.id, ada.id]);
    expect(res.body.items[0]).to.include({
      email: cy.email,
      vendor_id: shop.vendor.vendorId,
      order_count: 0,
      total_spent_cents: 0,
      last_order_at: null,
    });
  });

  it('searches the e-mail and the names, any case', async () => {
    expect((await vendor(`/customers?search=BABBAGE`)).body.items.map((c: any) => c.id)).to.deep.equal([bob.id]);
    expect((await vendor(`/customers?search=ada.${tag}`)).body.items.map((c: any) => c.id)).to.deep.equal([ada.id]);
    expect((await vendor('/customers?search=Elsewhere')).body.total).to.equal(0);
  });

  it('sorts on a documented order and pages without repeating a customer; another sort is a 422', async () => {
    const asc = (await vendor('/customers?sort=last_name')).body.items.map((c: any) => c.last_name);
    expect(asc).to.deep.equal(['Babbage', 'Clarke', 'Lovelace']);
    const desc = (await vendor('/customers?sort=-email')).body.items.map((c: any) => c.id);
    expect(desc).to.deep.equal([cy.id, bob.id, ada.id]);
    const page1 = (await vendor('/customers?sort=email&limit=2')).body;
    const page2 = (await vendor('/customers?sort=email&limit=2&page=2')).body;
    expect([...page1.items, ...page2.items].map((c: any) => c.id)).to.deep.equal([ada.id, bob.id, cy.id]);
    expect(page1.total).to.equal(3);
    const bad = await vendor('/customers?sort=password');
    expect(bad.status).to.equal(422);
  });

  it("shows a customer with saved addresses; another vendor's customer is a 404", async () => {
    await shop.call('POST', '/addresses', { token: ada.token, body: ADDRESS });
    const res = await vendor(`/customers/${ada.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: ada.id, email: ada.email, order_count: 0 });
    expect(res.body.addresses).to.have.length(1);
    expect(res.body.addresses[0]).to.include({ type: 'shipping', is_default: true, country_iso: 'LU' });
    for (const path of [`/customers/${foreign.id}`, `/customers/${foreign.id}/orders`, '/customers/2147483000']) {
      const other = await vendor(path);
      expect(other.status, path).to.equal(404);
      expect(other.body.code).to.equal('CustomerNotFoundException');
    }
  });

  it("counts a shop order once in the customer's statistics and lists it among the customer's orders", async () => {
    const product = await app.call('POST', '/api/v1/vendor/products', {
      token: shop.vendor.ownerToken,
      body: { title: 'Teapot', price_cents: 2500, vendor_sku: unique('TEA-') },
    });
    expect(product.status).to.equal(201);
    const stock = await app.call('POST', '/api/v1/vendor/inventory', {
      token: shop.vendor.ownerToken,
      body: { product_id: product.body.id, warehouse: 'main', bin_location: unique('B-'), quantity: 5 },
    });
    expect(stock.status).to.equal(201);
    const session = randomBytes(32).toString('base64url');
    expect((await shop.call('POST', `/cart/${session}/items`, { body: { product_id: product.body.id, quantity: 2 } })).status).to.be.oneOf([
      200, 201,
    ]);
    const address = (await shop.call('GET', '/addresses', { token: ada.token })).body.items[0];
    const placed = await shop.call('POST', '/orders', { token: ada.token, body: { session_id: session, shipping_address_id: address.id } });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const orderId = placed.body.id;

    let detail: any = null;
    for (let i = 0; i < 100; i++) {
      detail = (await vendor(`/customers/${ada.id}`)).body;
      if (detail.order_count > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(detail).to.include({ order_count: 1, total_spent_cents: placed.body.total_cents });
    expect(placed.body.total_cents).to.be.greaterThan(0);
    expect(detail.last_order_at).to.be.a('string');
    const listed = (await vendor('/customers?sort=-order_count')).body.items[0];
    expect(listed).to.include({ id: ada.id, order_count: 1 });

    const orders = await vendor(`/customers/${ada.id}/orders`);
    expect(orders.status).to.equal(200);
    expect(orders.body.items.map((o: any) => o.id)).to.deep.equal([orderId]);
    expect(orders.body.items[0]).to.include({ channel: 'shop', vendor_id: shop.vendor.vendorId, gross_cents: placed.body.total_cents });
    expect((await vendor(`/customers/${bob.id}/orders`)).body.total).to.equal(0);

    // Recorded once: the customer stream holds one CustomerOrderRecorded for the order.
    const events = await app.services.store.readStream(`customer-${ada.id}`);
    expect(events.filter((e) => e.type === 'CustomerOrderRecorded').map((e) => (e.data as any).order_id)).to.deep.equal([orderId]);
  });

  it("needs customers.view for the list and detail, orders.view for the customer's orders", async () => {
    const member = async (role: string, permissions?: string[]) => {
      const email = `${unique(role)}@team.test`;
      const invited = await app.call('POST', '/api/v1/vendor/team/invitations', {
        token: shop.vendor.ownerToken,
        body: { email, role, permissions },
      });
      await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
        body: { token: invited.body.invitation_token, password: 'member-password-1' },
      });
      return (await vendorLogin(app, email, 'member-password-1')).access_token;
    };
    // Marketing sees customers but not orders; a custom role without customers.view sees neither.
    const marketing = await member('marketing');
    expect((await vendor('/customers', marketing)).status).to.equal(200);
    expect((await vendor(`/customers/${ada.id}`, marketing)).status).to.equal(200);
    const orders = await vendor(`/customers/${ada.id}/orders`, marketing);
    expect(orders.status).to.equal(403);
    expect(orders.body.code).to.equal('InsufficientVendorPermissionsException');
    const settingsOnly = await member('custom', ['settings.view']);
    expect((await vendor('/customers', settingsOnly)).status).to.equal(403);
  });
});
