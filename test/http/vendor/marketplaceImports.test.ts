import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { newBase, productCsv, upload, waitForJob } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('vendor marketplace imports: a vendor imports for itself and sees only its own jobs', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let job: any;
  const base = newBase();

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
  });

  it('starts an import from an uploaded file; the job belongs to the token\'s vendor', async () => {
    const res = await upload(app, '/api/v1/vendor/marketplace-import-jobs', a.ownerToken, { language: 'fr', marketplace: `Vendor${base}` },
      { name: 'catalogue-fr.csv', data: productCsv({ base, count: 25, language: 'fr', marketplace: `Vendor${base}` }) });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body).to.include({ vendor_id: a.vendorId, vendor_code: a.vendorCode, language: 'fr', file_name: 'catalogue-fr.csv' });
    job = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, a.ownerToken);
    expect(job).to.include({ status: 'completed', imported_count: 25 });
  });

  it('takes the vendor from the token only: a vendor_id in the body is refused', async () => {
    const res = await app.call('POST', '/api/v1/vendor/marketplace-import-jobs', { token: a.ownerToken, body: { vendor_id: b.vendorId, source_url: 'http://127.0.0.1:9/x.csv' } });
    expect(res.status).to.equal(422);
    expect(res.body.errors.map((e: any) => e.pointer)).to.include('/body/vendor_id');
  });

  it('lists, counts and shows only the vendor\'s own jobs; another vendor\'s job is not found', async () => {
    const mine = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: a.ownerToken });
    expect(mine.body.items.map((j: any) => j.id)).to.deep.equal([job.id]);
    const theirs = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: b.ownerToken });
    expect(theirs.body.total).to.equal(0);
    expect((await app.call('GET', `/api/v1/vendor/marketplace-import-jobs/${job.id}`, { token: b.ownerToken })).status).to.equal(404);
    expect((await app.call('GET', `/api/v1/vendor/marketplace-import-jobs/${job.id}/errors`, { token: b.ownerToken })).status).to.equal(404);
    const stats = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs/stats', { token: b.ownerToken });
    expect(stats.body).to.include({ total_jobs: 0 });
    const statsA = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs/stats', { token: a.ownerToken });
    expect(statsA.body).to.include({ total_jobs: 1, completed: 1, total_imported: 25 });
  });

  it("imports the GTINs another vendor imported as the vendor's own products, leaving the other vendor's as they were", async () => {
    const admin = await app.adminToken();
    const catalogueOf = async (v: VendorFixture) => {
      const list = await app.call('GET', `/api/v1/admin/products?vendor_id=${v.vendorId}&marketplace=Vendor${base}&limit=100`, { token: admin });
      return Promise.all(list.body.items.map(async (p: any) => (await app.call('GET', `/api/v1/admin/products/${p.id}`, { token: admin })).body));
    };
    const before = await catalogueOf(a);
    expect(before).to.have.length(25);
    // B's file: A's GTINs, B's SKUs, titles and prices, in A's language.
    const rows = productCsv({ base, count: 25, language: 'fr', marketplace: `Vendor${base}` }).replace(/SKU-/g, 'B-SKU-').replace(/Couteau/g, 'Lame');
    const res = await upload(app, '/api/v1/vendor/marketplace-import-jobs', b.ownerToken, { language: 'fr', marketplace: `Vendor${base}` }, { name: 'b.csv', data: rows });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    const bJob = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, b.ownerToken);
    expect(bJob).to.include({ status: 'completed', imported_count: 25, created_count: 25, updated_count: 0 });
    expect(await catalogueOf(a)).to.deep.equal(before);
    const mine = await catalogueOf(b);
    expect(mine).to.have.length(25);
    expect(mine.every((p: any) => p.vendor_id === b.vendorId && p.sku.startsWith('B-SKU-') && p.translations.fr.title.startsWith('Lame'))).to.equal(true);
    expect(new Set(mine.map((p: any) => p.gtin))).to.deep.equal(new Set(before.map((p: any) => p.gtin)));
  });
});
