import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { deliver, invoiceObject, stripeEvent, unix } from '../../support/stripeWebhooks.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * Billing history (SPEC.md part 2 "Billing history holds invoices with PDF links"; 4.1
 * /subscriptions/billing/history): the invoices Stripe's webhooks reported, for the vendor (its
 * own only) and for the admins (every vendor's, filtered by vendor, status and period), paginated.
 */
describe('billing history from the webhooks', function () {
  this.timeout(60_000);
  let app: TestApp;
  let admin: string;
  let a: VendorFixture;
  let b: VendorFixture;
  const ids: Record<string, string> = {};
  const DAY = 86400;
  let t0: number;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    t0 = unix(app);
    // Vendor a: three months paid, the fourth failed; vendor b: one paid.
    for (let m = 0; m < 4; m++) {
      const start = t0 - (4 - m) * 30 * DAY;
      const lines = { object: 'list', data: [{ period: { start, end: start + 30 * DAY } }] };
      const inv = invoiceObject(app, a.vendorId, { lines });
      ids[`a${m}`] = inv.id;
      const kind = m === 3 ? 'invoice.payment_failed' : 'invoice.paid';
      await deliver(
        app,
        stripeEvent(app, kind, m === 3 ? { ...inv, status: 'open', amount_paid: 0, amount_due: 7900, attempt_count: 2 } : inv),
      );
    }
    const invB = invoiceObject(app, b.vendorId);
    ids.b0 = invB.id;
    await deliver(app, stripeEvent(app, 'invoice.paid', invB));
  });

  const iso = (s: number) => new Date(s * 1000).toISOString();

  it('the vendor sees its own invoices, newest first, each with its PDF and payment page', async () => {
    const res = await app.call('GET', '/api/v1/vendor/billing/history', { token: a.ownerToken });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ total: 4, page: 1, limit: 20 });
    expect(res.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a3, ids.a2, ids.a1, ids.a0]);
    expect(res.body.items.every((i: any) => i.vendor_id === a.vendorId)).to.equal(true);
    const paid = res.body.items[1];
    expect(paid.invoice_pdf).to.match(/^https:\/\/pay\.stripe\.test\/invoice\/.+\/pdf$/);
    expect(paid.hosted_invoice_url).to.match(/^https:\/\/invoice\.stripe\.test\//);
    expect(res.body.items[0]).to.include({ status: 'failed', amount_cents: 7900, attempt_count: 2 });
  });

  it('the vendor filters by status and by period, and pages', async () => {
    const failed = await app.call('GET', '/api/v1/vendor/billing/history?status=failed', { token: a.ownerToken });
    expect(failed.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a3]);
    // The second and third months only: periods ending after t0-3 months+1 day and starting before t0-1 month.
    const from = iso(t0 - 3 * 30 * DAY + DAY);
    const to = iso(t0 - 30 * DAY);
    const period = await app.call('GET', `/api/v1/vendor/billing/history?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
      token: a.ownerToken,
    });
    expect(period.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a2, ids.a1]);
    const page2 = await app.call('GET', '/api/v1/vendor/billing/history?page=2&limit=3', { token: a.ownerToken });
    expect(page2.body).to.include({ total: 4, page: 2, limit: 3 });
    expect(page2.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a0]);
  });

  it("a vendor never sees another vendor's invoices, whatever it asks", async () => {
    const res = await app.call('GET', `/api/v1/vendor/billing/history?limit=100`, { token: b.ownerToken });
    expect(res.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.b0]);
    const named = await app.call('GET', `/api/v1/vendor/billing/history?vendor_id=${a.vendorId}`, { token: b.ownerToken });
    expect(named.status).to.equal(422);
  });

  it("the admins see every vendor's invoices and filter by vendor, status and period", async () => {
    const all = await app.call('GET', '/api/v1/admin/subscriptions/billing/history?limit=100', { token: admin });
    expect(all.status).to.equal(200);
    expect(all.body.items.map((i: any) => i.invoice_id)).to.include.members(Object.values(ids));
    const ofA = await app.call('GET', `/api/v1/admin/subscriptions/billing/history?vendor_id=${a.vendorId}`, { token: admin });
    expect(ofA.body.total).to.equal(4);
    const paidOfA = await app.call('GET', `/api/v1/admin/subscriptions/billing/history?vendor_id=${a.vendorId}&status=paid`, {
      token: admin,
    });
    expect(paidOfA.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a2, ids.a1, ids.a0]);
    const failedOfB = await app.call('GET', `/api/v1/admin/subscriptions/billing/history?vendor_id=${b.vendorId}&status=failed`, {
      token: admin,
    });
    expect(failedOfB.body).to.include({ total: 0 });
    const from = iso(t0 - 4 * 30 * DAY);
    const to = iso(t0 - 3 * 30 * DAY);
    const first = await app.call(
      'GET',
      `/api/v1/admin/subscriptions/billing/history?vendor_id=${a.vendorId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { token: admin },
    );
    expect(first.body.items.map((i: any) => i.invoice_id)).to.deep.equal([ids.a0]);
  });

  it('is declared before /subscriptions/{vendor_id}: never a 422, and bad filters are a 422 naming them', async () => {
    const res = await app.call('GET', '/api/v1/admin/subscriptions/billing/history', { token: admin });
    expect(res.status).to.equal(200);
    const bad = await app.call('GET', '/api/v1/admin/subscriptions/billing/history?status=refunded&from=yesterday', { token: admin });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors.map((e: any) => e.pointer)).to.include.members(['/query/status', '/query/from']);
  });

  it('needs a vendor token with billing.view, and an admin token', async () => {
    expect((await app.call('GET', '/api/v1/vendor/billing/history')).status).to.equal(401);
    expect((await app.call('GET', '/api/v1/admin/subscriptions/billing/history', { token: a.ownerToken })).status).to.equal(401);
  });
});
