import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { badRows, csv, goodRow, HEADER, newBase, productCsv, serveFiles, upload, waitForJob, type FileServer } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin marketplace imports: a product CSV from a URL or an upload, in the background', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  let files: FileServer;
  const base = newBase();
  const market = `Market${base}`;
  const opts = { base, count: 240, marketplace: market };
  const bad = badRows(opts);

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    const mixed = [HEADER];
    for (let i = 1; i <= 120; i++) mixed.push(goodRow(opts, i));
    for (const b of bad) mixed.push(b.row);
    for (let i = 121; i <= 240; i++) mixed.push(goodRow(opts, i));
    files = await serveFiles({
      '/en.csv': csv(mixed),
      '/fr.tsv': productCsv({ ...opts, language: 'fr', delimiter: '\t' }),
    });
  });
  after(() => files.close());

  const start = (body: Record<string, unknown>) => app.call('POST', '/api/v1/admin/marketplace-import-jobs', { token, body: { vendor_id: vendor.vendorId, ...body } });

  it('answers 202 at once with a pending job, imports the good rows and records every bad one', async () => {
    const res = await start({ language: 'en', source_url: `${files.url}/en.csv` });
    expect(res.status).to.equal(202);
    expect(res.body).to.include({ vendor_id: vendor.vendorId, vendor_code: vendor.vendorCode, language: 'en', source_type: 'url' });
    expect(res.body.id).to.equal(res.body.job_id);
    expect(['pending', 'processing', 'completed']).to.include(res.body.status);
    expect(res.body.created_by_name).to.be.a('string');

    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job.status, JSON.stringify(job)).to.equal('completed');
    expect(job).to.include({ imported_count: 240, created_count: 240, error_count: bad.length, total_processed: 240 + bad.length });
    expect(job.error_details.errors_by_type).to.deep.equal(Object.fromEntries(bad.map((b) => [b.type, 1])));

    const errors = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${job.id}/errors?limit=50`, { token });
    expect(errors.body.total).to.equal(bad.length);
    // The header is row 1, good rows 1..120 are rows 2..121: the first bad row is row 122.
    expect(errors.body.items.map((e: any) => [e.row_number, e.error_type])).to.deep.equal(bad.map((b, i) => [122 + i, b.type]));
    const gtinError = errors.body.items[0];
    expect(gtinError).to.include({ identifier: '4006381333932' });
    expect(gtinError.error_message).to.match(/check digit/);
    expect(gtinError.row_data).to.include({ gtin: '4006381333932', title: 'Chef knife 9999' });

    const filtered = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${job.id}/errors?error_type=invalid_price`, { token });
    expect(filtered.body.items.map((e: any) => e.error_type)).to.deep.equal(['invalid_price']);

    const products = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&limit=5`, { token });
    expect(products.body.total).to.equal(240);
    const first = products.body.items[0];
    expect(first).to.include({ gtin_type: 'EAN13', marketplace: market, product_type_raw: 'Home > Kitchen > Knives', language: 'en', currency: 'EUR' });
    expect(first.title).to.match(/^Chef knife \d+$/);
    expect(first.price_cents).to.be.a('number');
    expect(first.price_numeric).to.equal(first.price_cents / 100);
  });

  it('adds French translations on a second import of the same products, without duplicating them', async () => {
    const res = await start({ language: 'fr', source_url: `${files.url}/fr.tsv` });
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job).to.include({ status: 'completed', imported_count: 240, created_count: 0, updated_count: 240, error_count: 0 });
    const products = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&language=fr&limit=1`, { token });
    expect(products.body.total).to.equal(240);
    expect(products.body.items[0].title).to.match(/^Couteau de chef/);
    expect(products.body.items[0].languages).to.deep.equal(['en', 'fr']);
    const detail = await app.call('GET', `/api/v1/admin/products/${products.body.items[0].id}`, { token });
    expect(Object.keys(detail.body.translations)).to.deep.equal(['en', 'fr']);
    expect(detail.body.translations.en.title).to.match(/^Chef knife/);

    const stats = await app.call('GET', `/api/v1/admin/products/stats?marketplace=${market}`, { token });
    expect(stats.body).to.include({ total_products: 240, with_gtin: 240 });
    expect(stats.body.translations_by_language).to.deep.equal({ en: 240, fr: 240 });
  });

  it('imports an uploaded file (multipart) the same way', async () => {
    const uploadBase = newBase();
    const res = await upload(app, '/api/v1/admin/marketplace-import-jobs', token, { vendor_id: String(vendor.vendorId), language: 'de', marketplace: market },
      { name: '../../etc/passwd.csv', data: productCsv({ base: uploadBase, count: 30, language: 'de', marketplace: market }) });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body).to.include({ source_type: 'upload', file_name: '../../etc/passwd.csv', language: 'de' });
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job).to.include({ status: 'completed', imported_count: 30, created_count: 30 });
    expect(job.progress.percent).to.equal(100);
  });

  it('lists jobs with vendor_code, vendor_name, error_details and created_by_name, and counts them in /stats', async () => {
    const list = await app.call('GET', `/api/v1/admin/marketplace-import-jobs?vendor_id=${vendor.vendorId}`, { token });
    expect(list.status).to.equal(200);
    expect(list.body.total).to.equal(3);
    for (const item of list.body.items) {
      expect(item).to.have.all.keys(Object.keys(item));
      expect(item).to.include({ vendor_code: vendor.vendorCode, vendor_id: vendor.vendorId });
      for (const key of ['id', 'job_id', 'vendor_name', 'error_details', 'created_by_name']) expect(item).to.have.property(key);
    }
    const stats = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/stats?vendor_id=${vendor.vendorId}`, { token });
    expect(stats.body).to.include({ total_jobs: 3, completed: 3, failed: 0, total_imported: 510, total_errors: bad.length });
  });

  it('refuses a request without a source, with both sources, or for an unknown vendor', async () => {
    expect((await start({ language: 'en' })).status).to.equal(422);
    expect((await start({ language: 'en', source_url: 'ftp://example.test/a.csv' })).status).to.equal(422);
    const both = await upload(app, '/api/v1/admin/marketplace-import-jobs', token, { vendor_id: String(vendor.vendorId), source_url: `${files.url}/en.csv` }, { name: 'a.csv', data: 'x' });
    expect(both.status).to.equal(422);
    const unknown = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', { token, body: { vendor_id: 999_999, source_url: `${files.url}/en.csv` } });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('VendorNotFoundException');
    expect((await app.call('GET', '/api/v1/admin/marketplace-import-jobs/abc', { token })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/admin/marketplace-import-jobs/999999', { token })).status).to.equal(404);
  });
});
