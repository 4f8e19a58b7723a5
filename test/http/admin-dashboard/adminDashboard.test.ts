import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { domesticVat, seedExtmarketOrder } from '../../support/orders.ts';
import { switchModules } from '../../support/platforms.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

describe("admin dashboard: the platform's figures, each counted by its own module", function () {
  this.timeout(60_000);
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  const dashboard = async () => {
    const res = await app.call('GET', '/api/v1/admin/dashboard', { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };

  it('counts companies, vendors, users, orders by status and channel, revenue and subscriptions as they change', async () => {
    const before = await dashboard();
    const vendor = await createVendorWithOwner(app);
    await seedExtmarketOrder(app, vendor.vendorId, [{ quantity: 1 }], { vat: domesticVat(2340) });
    const rejected = await seedExtmarketOrder(app, vendor.vendorId, [{ quantity: 1 }], { vat: domesticVat(1000), currency: 'CHF' });
    const reject = await app.call('POST', `/api/v1/admin/vendors/${vendor.vendorId}/orders/${rejected.orderId}/reject`, { token });
    expect(reject.status, JSON.stringify(reject.body)).to.equal(200);
    const after = await dashboard();

    expect(after.companies.total - before.companies.total).to.equal(1);
    expect(after.vendors.total - before.vendors.total).to.equal(1);
    expect(after.vendors.active + after.vendors.inactive).to.equal(after.vendors.total);
    expect(after.users.total - before.users.total).to.equal(1);
    expect(after.orders.total - before.orders.total).to.equal(2);
    expect(after.orders.by_channel.extmarket - before.orders.by_channel.extmarket).to.equal(2);
    expect(after.orders.by_status.unconfirmed - before.orders.by_status.unconfirmed).to.equal(1);
    expect(after.orders.by_status.declined - before.orders.by_status.declined).to.equal(1);
    // A declined order is no revenue.
    expect((after.revenue.by_currency.EUR ?? 0) - (before.revenue.by_currency.EUR ?? 0)).to.equal(2340);
    expect(after.revenue.by_currency.CHF ?? 0).to.equal(before.revenue.by_currency.CHF ?? 0);
    expect(after.subscriptions.total - before.subscriptions.total).to.equal(1);
    expect(Object.values(after.subscriptions.by_tier).reduce((a: number, b: any) => a + b, 0)).to.equal(after.subscriptions.total);
    expect(after.imports).to.have.keys('total', 'by_status');

    // The counts agree with the order list itself.
    const rows = await sql(app.services.db.knex, 'SELECT status, count(*)::int AS n FROM order_list GROUP BY status');
    for (const r of rows as any[]) expect(after.orders.by_status[r.status], r.status).to.equal(r.n);
  });

  it('leaves out the figures of a module switched off on the platform', async () => {
    await switchModules(app, 'main', 'disable', 'marketplace-imports');
    try {
      const body = await dashboard();
      expect(body.imports).to.equal(null);
      expect(body.modules_off).to.deep.equal(['marketplace-imports']);
      expect(body.orders).to.not.equal(null);
    } finally {
      await switchModules(app, 'main', 'enable-all');
    }
  });

  it('gives the orders and new vendors per day for the charts', async () => {
    const vendor = await createVendorWithOwner(app);
    const res = await app.call('GET', '/api/v1/admin/dashboard/stats/platform?days=7', { token });
    expect(res.status).to.equal(200);
    expect(res.body.orders).to.have.length(7);
    expect(res.body.vendors).to.have.length(7);
    const today = app.clock.now().toISOString().slice(0, 10);
    expect(res.body.to).to.equal(today);
    expect(res.body.vendors.at(-1)).to.include({ day: today });
    expect(res.body.totals.orders).to.equal(res.body.orders.reduce((a: number, d: any) => a + d.orders, 0));
    // The vendor is counted on the day it was created (the tests' clock may be ahead of it: a year's window holds it).
    const [{ created }] = await sql(
      app.services.db.knex,
      "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created FROM vendor_list WHERE id = $1",
      [vendor.vendorId],
    );
    const year = await app.call('GET', '/api/v1/admin/dashboard/stats/platform?days=366', { token });
    expect(year.body.vendors.find((d: any) => d.day === created)?.vendors).to.be.at.least(1);
    expect(year.body.totals.vendors).to.be.at.least(1);
    expect((await app.call('GET', '/api/v1/admin/dashboard/stats/platform?days=0', { token })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/admin/dashboard/stats/platform?days=367', { token })).status).to.equal(422);
  });
});
