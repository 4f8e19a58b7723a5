import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { connectVendor, extmarketWorker, waitForJob } from '../../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { visitor } from '../../support/storefront.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
const jobIdOf = (path: string) => Number(/\/admin\/extmarket\/jobs\/(\d+)$/.exec(path)?.[1]);

/**
 * The admins' extmarket pages: every vendor's jobs in one list with the API's filters, a vendor's
 * credentials as an admin may see them (the hint, never the key), starting an order sync or a
 * product export for a vendor through the API's commands (a sync without a key refused in words),
 * and a job's page with its progress, its files and its error.
 */
describe('admin back office: extmarket jobs', function () {
  this.timeout(120_000);
  let app: TestApp;
  let server: ExtmarketServer;
  let connected: VendorFixture;
  let bare: VendorFixture;
  before(async function () {
    this.timeout(300_000);
    app = await testApp();
    extmarketWorker(app);
    server = await startExtmarketServer(`key-${Date.now()}`);
    connected = await createVendorWithOwner(app);
    await connectVendor(app, connected.ownerToken, server);
    bare = await createVendorWithOwner(app, { vendor: { name: 'Bare <img src=x onerror=alert(1)>' } });
  });
  after(() => server.close());

  it('starts an order sync for a vendor and follows it on the job page; the list filters by vendor and type', async () => {
    server.shipments.push({ id: 'SH-P1', orderId: 'OR-P1', number: 'R-P1', units: [{ id: 'IU-P1', ean: '4006381333931', price: '9.90' }] });
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/extmarket?vendor_id=${connected.vendorId}`);
    expect(page.status).to.equal(200);
    expect(page.body)
      .to.contain(`…${server.apiKey.slice(-4)}`)
      .and.not.contain(server.apiKey);
    const started = await admin.post('/admin/extmarket/jobs', {
      _csrf: admin.csrf(page.body),
      vendor_id: String(connected.vendorId),
      job_type: 'order_sync',
    });
    const id = jobIdOf(location(started));
    expect(id, location(started)).to.be.greaterThan(0);
    const job = await waitForJob(app, await app.adminToken(), id, 'admin');
    expect(job).to.include({ status: 'completed', job_type: 'order_sync', orders_imported: 1 });
    const jobPage = await admin.get(`/admin/extmarket/jobs/${id}`);
    expect(jobPage.body)
      .to.contain('Order sync #' + id)
      .and.contain('Completed')
      .and.not.match(/id="job-progress"[^>]*data-refresh/);
    const list = await admin.get(`/admin/extmarket?vendor_id=${connected.vendorId}&job_type=order_sync`);
    expect(list.body).to.contain(`href="/admin/extmarket/jobs/${id}"`);
    expect((await admin.get(`/admin/extmarket?vendor_id=${bare.vendorId}`)).body).to.not.contain(`href="/admin/extmarket/jobs/${id}"`);
  });

  it('a product export writes its files, listed on the job page with their downloads', async () => {
    const admin = await signedInAdmin(app);
    const page = await admin.get('/admin/extmarket');
    const started = await admin.post('/admin/extmarket/jobs', {
      _csrf: admin.csrf(page.body),
      vendor_id: String(connected.vendorId),
      job_type: 'product_export',
      languages: ['en', 'fr'],
    });
    const id = jobIdOf(location(started));
    const job = await waitForJob(app, await app.adminToken(), id, 'admin');
    expect(job.status, job.error_message).to.equal('completed');
    const jobPage = await admin.get(`/admin/extmarket/jobs/${id}`);
    expect(jobPage.body)
      .to.contain(`/admin/extmarket/vendors/${connected.vendorId}/feed?language=en`)
      .and.contain(`/admin/extmarket/vendors/${connected.vendorId}/feed?language=fr`)
      .and.not.contain('feed?language=de');
    const feed = await admin.get(`/admin/extmarket/vendors/${connected.vendorId}/feed?language=fr`);
    expect(feed.status).to.equal(200);
    expect(String(feed.headers['content-type'])).to.contain('text/tab-separated-values');
  });

  it("a sync for a vendor without a key is refused in the domain's words, and user text is escaped", async () => {
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/extmarket?vendor_id=${bare.vendorId}`);
    expect(page.body).to.contain('No key stored').and.contain('Bare &lt;img src=x onerror=alert(1)&gt;').and.not.contain('<img src=x');
    const refused = await admin.post('/admin/extmarket/jobs', {
      _csrf: admin.csrf(page.body),
      vendor_id: String(bare.vendorId),
      job_type: 'historical_import',
    });
    expect(location(refused)).to.equal(`/admin/extmarket?vendor_id=${bare.vendorId}`);
    expect((await admin.get(location(refused))).body).to.contain('No extmarket API key is stored for this vendor');
    const unknown = await admin.post('/admin/extmarket/jobs', {
      _csrf: admin.csrf(page.body),
      vendor_id: '999999',
      job_type: 'product_export',
    });
    expect((await admin.get(location(unknown))).body).to.contain('Vendor 999999 not found');
    expect((await admin.get('/admin/extmarket/jobs/999999')).status).to.equal(404);
  });

  it("the form refuses a missing or wrong form token and starts nothing; a vendor's session never opens the pages", async () => {
    const admin = await signedInAdmin(app);
    await admin.get('/admin/extmarket');
    const token = await app.adminToken();
    const before = (await app.call('GET', `/api/v1/admin/extmarket/jobs?vendor_id=${connected.vendorId}`, { token })).body.total;
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      const res = await admin.post('/admin/extmarket/jobs', {
        ...(csrf ? { _csrf: csrf } : {}),
        vendor_id: String(connected.vendorId),
        job_type: 'product_export',
      });
      expect(res.status).to.equal(403);
    }
    expect((await app.call('GET', `/api/v1/admin/extmarket/jobs?vendor_id=${connected.vendorId}`, { token })).body.total).to.equal(before);
    const member = await signedIn(app, 'vendor', connected.ownerEmail, connected.ownerPassword);
    for (const path of ['/admin/extmarket', `/admin/extmarket/vendors/${connected.vendorId}/feed`]) {
      expect(location(await member.get(path)), path).to.match(/^\/admin\/login/);
    }
    expect(location(await visitor(app).get('/admin/extmarket/jobs/1'))).to.match(/^\/admin\/login/);
  });
});
