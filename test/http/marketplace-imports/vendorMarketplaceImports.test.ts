import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import {
  expectUnknownSortRefused,
  JOB_SORT_KEYS,
  JOB_SORTS,
  newBase,
  productCsv,
  readAllPages,
  sortedBy,
  upload,
  waitForJob,
} from '../../support/catalogueFiles.ts';
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

  it("starts an import from an uploaded file; the job belongs to the token's vendor", async () => {
    const res = await upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      a.ownerToken,
      { language: 'fr', marketplace: `Vendor${base}` },
      { name: 'catalogue-fr.csv', data: productCsv({ base, count: 25, language: 'fr', marketplace: `Vendor${base}` }) },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body).to.include({ vendor_id: a.vendorId, vendor_code: a.vendorCode, language: 'fr', file_name: 'catalogue-fr.csv' });
    job = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, a.ownerToken);
    expect(job).to.include({ status: 'completed', imported_count: 25 });
  });

  it('takes the vendor from the token only: a vendor_id in the body is refused', async () => {
    const res = await app.call('POST', '/api/v1/vendor/marketplace-import-jobs', {
      token: a.ownerToken,
      body: { vendor_id: b.vendorId, source_url: 'http://127.0.0.1:9/x.csv' },
    });
    expect(res.status).to.equal(422);
    expect(res.body.errors.map((e: any) => e.pointer)).to.include('/body/vendor_id');
  });

  it("lists, counts and shows only the vendor's own jobs; another vendor's job is not found", async () => {
    const mine = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: a.ownerToken });
    expect(mine.body.items.map((j: any) => j.id)).to.deep.equal([job.id]);
    const theirs = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: b.ownerToken });
    expect(theirs.body.total).to.equal(0);
    expect((await app.call('GET', `/api/v1/vendor/marketplace-import-jobs/${job.id}`, { token: b.ownerToken })).status).to.equal(404);
    expect((await app.call('GET', `/api/v1/vendor/marketplace-import-jobs/${job.id}/errors`, { token: b.ownerToken })).status).to.equal(
      404,
    );
    const stats = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs/stats', { token: b.ownerToken });
    expect(stats.body).to.include({ total_jobs: 0 });
    const statsA = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs/stats', { token: a.ownerToken });
    expect(statsA.body).to.include({ total_jobs: 1, completed: 1, total_imported: 25 });
  });

  it("imports the GTINs another vendor imported as the vendor's own products, leaving the other vendor's as they were", async () => {
    const admin = await app.adminToken();
    const catalogueOf = async (v: VendorFixture) => {
      const list = await app.call('GET', `/api/v1/admin/products?vendor_id=${v.vendorId}&marketplace=Vendor${base}&limit=100`, {
        token: admin,
      });
      return Promise.all(
        list.body.items.map(async (p: any) => (await app.call('GET', `/api/v1/admin/products/${p.id}`, { token: admin })).body),
      );
    };
    const before = await catalogueOf(a);
    expect(before).to.have.length(25);
    // B's file: A's GTINs, B's SKUs, titles and prices, in A's language.
    const rows = productCsv({ base, count: 25, language: 'fr', marketplace: `Vendor${base}` })
      .replace(/SKU-/g, 'B-SKU-')
      .replace(/Couteau/g, 'Lame');
    const res = await upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      b.ownerToken,
      { language: 'fr', marketplace: `Vendor${base}` },
      { name: 'b.csv', data: rows },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    const bJob = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, b.ownerToken);
    expect(bJob).to.include({ status: 'completed', imported_count: 25, created_count: 25, updated_count: 0 });
    expect(await catalogueOf(a)).to.deep.equal(before);
    const mine = await catalogueOf(b);
    expect(mine).to.have.length(25);
    expect(
      mine.every((p: any) => p.vendor_id === b.vendorId && p.sku.startsWith('B-SKU-') && p.translations.fr.title.startsWith('Lame')),
    ).to.equal(true);
    expect(new Set(mine.map((p: any) => p.gtin))).to.deep.equal(new Set(before.map((p: any) => p.gtin)));
  });
});

describe('vendor marketplace imports: the job list in the order asked (sort)', () => {
  let app: TestApp;
  let v: VendorFixture;
  const base = newBase();

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
    // Completed, failed (an empty file), completed, failed: statuses and end times interleave.
    for (const data of [productCsv({ base, count: 2 }), '', productCsv({ base: base + 1, count: 3 }), '']) {
      const res = await upload(app, '/api/v1/vendor/marketplace-import-jobs', v.ownerToken, { language: 'en' }, { name: 'jobs.csv', data });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, v.ownerToken);
    }
  });

  for (const sort of JOB_SORTS) {
    it(`sort=${sort}: the vendor's jobs in that order, the id breaking ties; pages of 2 never repeat or skip a job`, async () => {
      const res = await app.call('GET', `/api/v1/vendor/marketplace-import-jobs?sort=${sort}`, { token: v.ownerToken });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.total).to.equal(4);
      expect(new Set(res.body.items.map((j: any) => j.status))).to.deep.equal(new Set(['completed', 'failed']));
      expect(
        sortedBy(res.body.items, JOB_SORT_KEYS[sort.replace(/^-/, '')], sort.startsWith('-')),
        JSON.stringify(res.body.items),
      ).to.equal(true);
      const pages = await readAllPages(app, `/api/v1/vendor/marketplace-import-jobs?sort=${sort}`, v.ownerToken, 2);
      expect(pages).to.deep.equal({ ids: res.body.items.map((j: any) => j.id), total: 4 });
    });
  }

  it('keeps newest first without a sort, and refuses an unknown sort with a 422 naming the allowed ones', async () => {
    const plain = await app.call('GET', '/api/v1/vendor/marketplace-import-jobs', { token: v.ownerToken });
    const ids = plain.body.items.map((j: any) => j.id);
    expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
    await expectUnknownSortRefused(app, '/api/v1/vendor/marketplace-import-jobs', v.ownerToken, JOB_SORTS);
  });
});
