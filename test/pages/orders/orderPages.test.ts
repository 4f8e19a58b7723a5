import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { teamMember } from '../../support/messaging.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The order pages of both back offices over HTTP (src/pages/orders): the vendor's list and order
 * page with the moves the state table allows, run through the API's commands and refused in words
 * when the state says no; the team permission and the form token checked on the server for every
 * form; another vendor's orders never shown; user-provided text never markup; the admins' list
 * across vendors with the vendor filter, their decisions and the order as it was before one.
 */
describe('order pages of the vendor and admin back offices', function () {
  this.timeout(120_000);
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let owner: Visitor;

  const status = async (orderId: number) => (await app.services.db.knex('order_list').where('id', orderId).first('status'))!.status;
  const itemStatuses = async (orderId: number) =>
    await app.services.db.knex('order_items').where('order_id', orderId).orderBy('id').select('status', 'shipped_quantity');
  const flashOf = async (who: Visitor, location: string) => (await who.get(location)).body as string;

  before(async function () {
    this.timeout(180_000);
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    owner = await signedIn(app, 'vendor', a.ownerEmail, a.ownerPassword);
  });

  it('a vendor confirms one item and declines another, ships part of one, adds tracking; the order page shows each step', async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 3 }, { quantity: 1 }]);
    const page = await owner.get(`/vendor/orders/${orderId}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('Unconfirmed').and.contain('Shipping address').and.contain('VAT regime').and.contain('Ada Lovelace');
    const token = owner.csrf(page.body);

    const confirmed = await owner.post(`/vendor/orders/${orderId}/items/${itemIds[0]}/confirm`, { _csrf: token });
    expect(confirmed.status).to.equal(303);
    expect(confirmed.headers.location).to.equal(`/vendor/orders/${orderId}`);
    await owner.post(`/vendor/orders/${orderId}/items/${itemIds[1]}/decline`, { _csrf: token });
    expect((await itemStatuses(orderId)).map((i) => i.status)).to.deep.equal(['confirmed', 'declined']);

    await owner.post(`/vendor/orders/${orderId}/items/${itemIds[0]}/ship`, { _csrf: token, quantity: '2' });
    expect(await status(orderId)).to.equal('partially_shipped');
    const tracked = await owner.post(`/vendor/orders/${orderId}/tracking`, {
      _csrf: token,
      tracking_number: 'LX123456789LU',
      carrier: 'Post',
    });
    expect(await flashOf(owner, String(tracked.headers.location)))
      .to.contain('Tracking saved.')
      .and.contain('LX123456789LU')
      .and.contain('2 of 3 units shipped');

    const history = await owner.get(`/vendor/orders/${orderId}?tab=history`);
    expect(history.body).to.contain('Order item confirmed').and.contain('Order item declined').and.contain('Order tracking set');
  });

  it('a move the state table refuses comes back in words, and nothing changes', async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 1 }]);
    const page = await owner.get(`/vendor/orders/${orderId}`);
    await owner.post(`/vendor/orders/${orderId}/items/${itemIds[0]}/decline`, { _csrf: owner.csrf(page.body) });
    const again = await owner.post(`/vendor/orders/${orderId}/items/${itemIds[0]}/confirm`, { _csrf: owner.csrf(page.body) });
    expect(again.status).to.equal(303);
    const shown = await flashOf(owner, String(again.headers.location));
    expect(shown)
      .to.match(/class="flash[^"]*error[^"]*"|role="alert"/)
      .and.match(/declined/i);
    expect((await itemStatuses(orderId))[0]!.status).to.equal('declined');
    const bad = await owner.post(`/vendor/orders/${orderId}/tracking`, { _csrf: owner.csrf(page.body), tracking_number: '<script>' });
    expect(await flashOf(owner, String(bad.headers.location)))
      .to.contain('tracking_number')
      .and.not.contain('<script>');
  });

  it('every form refuses a missing or wrong form token, and a member without the permission, on the server', async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 2 }], {});
    const forms = [
      `/vendor/orders/${orderId}/confirm`,
      `/vendor/orders/${orderId}/reject`,
      `/vendor/orders/${orderId}/items/${itemIds[0]}/confirm`,
      `/vendor/orders/${orderId}/items/${itemIds[0]}/decline`,
      `/vendor/orders/${orderId}/items/${itemIds[0]}/ship`,
      `/vendor/orders/${orderId}/tracking`,
      `/vendor/orders/${orderId}/exceptions/1/resolve`,
      `/vendor/orders/${orderId}/exceptions/1/ignore`,
    ];
    for (const path of forms) {
      expect((await owner.post(path, { quantity: '1' })).status, `${path} without a token`).to.equal(403);
      expect((await owner.post(path, { _csrf: 'x'.repeat(43), quantity: '1' })).status, `${path} with a wrong token`).to.equal(403);
    }
    const viewer = await teamMember(app, a, 'viewer', 'Vera');
    const member = await signedIn(app, 'vendor', viewer.email, viewer.password);
    const page = await member.get(`/vendor/orders/${orderId}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.not.contain(`action="/vendor/orders/${orderId}/confirm"`);
    for (const path of forms)
      expect((await member.post(path, { _csrf: member.csrf(page.body), quantity: '1' })).status, path).to.equal(403);
    expect(await status(orderId)).to.equal('unconfirmed');
  });

  it("vendor B never sees vendor A's orders, in the list or by address, and cannot act on them", async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 1 }], { order_number: 'EXT-ONLY-A-1' });
    const other = await signedIn(app, 'vendor', b.ownerEmail, b.ownerPassword);
    expect((await other.get('/vendor/orders?search=EXT-ONLY-A')).body).to.not.contain('EXT-ONLY-A-1');
    expect((await owner.get('/vendor/orders?search=EXT-ONLY-A')).body).to.contain('EXT-ONLY-A-1');
    expect((await other.get(`/vendor/orders/${orderId}`)).status).to.equal(404);
    const page = await other.get('/vendor/orders');
    await other.post(`/vendor/orders/${orderId}/items/${itemIds[0]}/confirm`, { _csrf: other.csrf(page.body) });
    expect(await status(orderId)).to.equal('unconfirmed');
  });

  it('customer names and order numbers are text, never markup', async () => {
    const { orderId } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 1 }], {
      customer_first_name: '<script>alert(1)</script>',
      customer_last_name: '"><img src=x onerror=alert(2)>',
    });
    for (const path of ['/vendor/orders', `/vendor/orders/${orderId}`]) {
      const body = (await owner.get(path)).body as string;
      expect(body, path).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;').and.not.contain('<script>alert').and.not.contain('<img src=x');
    }
  });

  it('an admin lists orders across vendors by vendor, confirms one, and sees the order as it was before', async () => {
    const { orderId } = await seedExtmarketOrder(app, b.vendorId, [{ quantity: 1 }, { quantity: 2 }]);
    const admin = await signedInAdmin(app);
    const list = await admin.get(`/admin/orders?vendor_id=${b.vendorId}`);
    expect(list.status).to.equal(200);
    expect(list.body).to.contain(`href="/admin/orders/${orderId}"`);
    expect((await admin.get(`/admin/orders?vendor_id=${a.vendorId}`)).body).to.not.contain(`href="/admin/orders/${orderId}"`);

    const page = await admin.get(`/admin/orders/${orderId}`);
    const before = (await app.services.store.readStream(`order-${orderId}`)).at(-1)!.recorded_at;
    await new Promise((r) => setTimeout(r, 20));
    const done = await admin.post(`/admin/orders/${orderId}/confirm`, { _csrf: admin.csrf(page.body) });
    expect(done.status).to.equal(303);
    expect(await status(orderId)).to.equal('confirmed');

    const now = await admin.get(`/admin/orders/${orderId}?tab=history`);
    expect(now.body).to.contain('Order confirmed').and.contain(`/admin/history/export?stream=order-${orderId}`);
    const asOf = await admin.get(`/admin/orders/${orderId}?as_of=${encodeURIComponent(before)}`);
    const then = asOf.body.slice(asOf.body.indexOf('As of'), asOf.body.indexOf('<ol class="timeline">'));
    expect(then).to.contain('Unconfirmed').and.not.contain('>Confirmed<');

    const member = await signedIn(app, 'vendor', a.ownerEmail, a.ownerPassword);
    expect((await member.get(`/admin/orders/${orderId}`)).status).to.equal(303);
    expect((await admin.post(`/admin/orders/${orderId}/reject`, {})).status).to.equal(403);
  });
});
