import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import {
  badRows,
  csv,
  expectUnknownSortRefused,
  goodRow,
  gtinFor,
  HEADER,
  JOB_SORT_KEYS,
  JOB_SORTS,
  newBase,
  productCsv,
  readAllPages,
  serveFiles,
  sortedBy,
  upload,
  waitForJob,
  type FileServer,
} from '../../support/catalogueFiles.ts';
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

  const start = (body: Record<string, unknown>) =>
    app.call('POST', '/api/v1/admin/marketplace-import-jobs', { token, body: { vendor_id: vendor.vendorId, ...body } });

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
    expect(first).to.include({
      gtin_type: 'EAN13',
      marketplace: market,
      product_type_raw: 'Home > Kitchen > Knives',
      language: 'en',
      currency: 'EUR',
    });
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
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId), language: 'de', marketplace: market },
      { name: '../../etc/passwd.csv', data: productCsv({ base: uploadBase, count: 30, language: 'de', marketplace: market }) },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body).to.include({ source_type: 'upload', file_name: '../../etc/passwd.csv', language: 'de' });
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job).to.include({ status: 'completed', imported_count: 30, created_count: 30 });
    expect(job.progress.percent).to.equal(100);
  });

  it("reads a product's VAT rate category from the file, refuses an unknown one on its line, and a copy keeps it", async () => {
    const b2 = newBase();
    // A vendor of its own, so the job counts of the other cases stay theirs.
    const own = await createVendorWithOwner(app);
    const lines = [
      'gtin,title,price_numeric,marketplace,vat_rate_category',
      `${gtinFor(b2, 1)},Atlas,10.30,${market},reduced`,
      `${gtinFor(b2, 2)},Lamp,117.00,${market},`,
      `${gtinFor(b2, 3)},Caviar,99.00,${market},luxury`,
      `${gtinFor(b2, 4)},Stamp,1.00,${market},Super-Reduced`,
    ];
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(own.vendorId), language: 'en', marketplace: market },
      { name: 'vat.csv', data: `${lines.join('\n')}\n` },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    expect(job).to.include({ status: 'completed', imported_count: 3, error_count: 1 });
    const errors = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${res.body.id}/errors`, { token });
    // The header is line 1: Caviar is line 4.
    expect(errors.body.items.map((e: any) => [e.row_number, e.error_type])).to.deep.equal([[4, 'invalid_vat_category']]);
    const category = async (i: number) =>
      (await app.call('GET', `/api/v1/admin/products?vendor_id=${own.vendorId}&gtin=${gtinFor(b2, i)}`, { token })).body.items[0];
    expect((await category(1)).vat_rate_category).to.equal('reduced');
    expect((await category(2)).vat_rate_category).to.equal(null);
    expect((await category(4)).vat_rate_category).to.equal('super_reduced');
    const copy = await app.call('POST', `/api/v1/admin/products/${(await category(1)).id}/copy-to-vendor`, {
      token,
      body: { vendor_id: own.vendorId },
    });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body).to.include({ vat_rate_category: 'reduced' });
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
    const both = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId), source_url: `${files.url}/en.csv` },
      { name: 'a.csv', data: 'x' },
    );
    expect(both.status).to.equal(422);
    const unknown = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
      token,
      body: { vendor_id: 999_999, source_url: `${files.url}/en.csv` },
    });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('VendorNotFoundException');
    expect((await app.call('GET', '/api/v1/admin/marketplace-import-jobs/abc', { token })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/admin/marketplace-import-jobs/999999', { token })).status).to.equal(404);
  });
});

describe('admin marketplace imports: a marketplace product belongs to the vendor whose import brought it', () => {
  let app: TestApp;
  let token: string;
  let a: VendorFixture;
  let b: VendorFixture;
  const base = newBase();
  const market = `Owned${base}`;
  const count = 5;
  const gtins = Array.from({ length: count }, (_, i) => gtinFor(base, i + 1));
  /** Vendor A's file: B's GTINs with A's own SKUs, titles and prices. */
  const aRows = (price: string) =>
    csv([HEADER, ...gtins.map((g, i) => [g, `A-${base}-${i + 1}`, `A's knife ${i + 1}`, '', '', '', '', price, '', 'Home', market])]);
  const products = async (query: string) =>
    (await app.call('GET', `/api/v1/admin/products?marketplace=${market}&limit=100&${query}`, { token })).body;
  /** Every product of a vendor in full (texts of every language), in GTIN order. */
  const catalogueOf = async (vendor: VendorFixture) => {
    const list = await products(`vendor_id=${vendor.vendorId}`);
    const all = await Promise.all(
      list.items.map(async (p: any) => (await app.call('GET', `/api/v1/admin/products/${p.id}`, { token })).body),
    );
    return all.sort((x: any, y: any) => x.gtin.localeCompare(y.gtin));
  };
  const adminImport = async (vendor: VendorFixture, language: string, data: string) => {
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId), language, marketplace: market },
      { name: 'f.csv', data },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    return waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
  };

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    expect(await adminImport(b, 'en', productCsv({ base, count, marketplace: market }))).to.include({
      status: 'completed',
      created_count: count,
    });
  });

  it("gives two vendors importing the same GTINs two products each: the second import creates its own and leaves the first vendor's as they were", async () => {
    const before = await catalogueOf(b);
    expect(before).to.have.length(count);
    const job = await adminImport(a, 'en', aRows('1.00'));
    expect(job).to.include({ status: 'completed', imported_count: count, created_count: count, updated_count: 0 });
    expect(await catalogueOf(b)).to.deep.equal(before);

    const both = await products(`gtin=${gtins[0]}`);
    expect(both.total).to.equal(2);
    const byVendor = new Map(both.items.map((p: any) => [p.vendor_id, p]));
    expect(byVendor.get(b.vendorId)).to.include({ sku: `SKU-${base}-1`, title: 'Chef knife 1', gtin: gtins[0] });
    expect(byVendor.get(a.vendorId)).to.include({ sku: `A-${base}-1`, title: "A's knife 1", price_cents: 100, gtin: gtins[0] });
  });

  it('filters the admin list and the stats by the importing vendor', async () => {
    for (const v of [a, b]) {
      const list = await products(`vendor_id=${v.vendorId}`);
      expect(list.total).to.equal(count);
      expect(list.items.map((p: any) => p.vendor_id)).to.deep.equal(Array(count).fill(v.vendorId));
      const stats = await app.call('GET', `/api/v1/admin/products/stats?marketplace=${market}&vendor_id=${v.vendorId}`, { token });
      expect(stats.body).to.include({ total_products: count, distinct_gtins: count, importing_vendors: 1 });
      expect(stats.body.filters).to.include({ vendor_id: v.vendorId });
    }
    const stats = await app.call('GET', `/api/v1/admin/products/stats?marketplace=${market}`, { token });
    expect(stats.body).to.include({ total_products: 2 * count, with_gtin: 2 * count, distinct_gtins: count, importing_vendors: 2 });
    expect((await app.call('GET', `/api/v1/admin/products?vendor_id=abc`, { token })).status).to.equal(422);
    expect((await app.call('GET', `/api/v1/admin/products?vendor_id=0`, { token })).status).to.equal(422);
  });

  it("updates only the re-importing vendor's own products, whoever imported the GTIN first", async () => {
    const [aBefore, bBefore] = [await catalogueOf(a), await catalogueOf(b)];
    // B again, in French and with new prices: B's products get the translation and the prices.
    const fr = csv([HEADER, ...gtins.map((g, i) => [g, '', `Couteau ${i + 1}`, '', '', '', '', '7.77', '', '', market])]);
    expect(await adminImport(b, 'fr', fr)).to.include({ status: 'completed', created_count: 0, updated_count: count });
    const bAfter = await catalogueOf(b);
    expect(bAfter.map((p: any) => p.id)).to.deep.equal(bBefore.map((p: any) => p.id));
    expect(bAfter.map((p: any) => [p.price_cents, p.sku, Object.keys(p.translations)])).to.deep.equal(
      gtins.map((_, i) => [777, `SKU-${base}-${i + 1}`, ['en', 'fr']]),
    );
    expect(await catalogueOf(a)).to.deep.equal(aBefore);

    // A again, through the vendor API with A's own token: A's products only.
    const res = await upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      a.ownerToken,
      { language: 'en', marketplace: market },
      { name: 'a.csv', data: aRows('2.00') },
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    const job = await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${res.body.id}`, a.ownerToken);
    expect(job).to.include({ status: 'completed', created_count: 0, updated_count: count });
    const aAfter = await catalogueOf(a);
    expect(aAfter.map((p: any) => p.id)).to.deep.equal(aBefore.map((p: any) => p.id));
    expect(aAfter.map((p: any) => p.price_cents)).to.deep.equal(Array(count).fill(200));
    expect(await catalogueOf(b)).to.deep.equal(bAfter);
  });

  it("copies either vendor's marketplace product; a vendor catalogue still holds a GTIN once", async () => {
    const [aProduct, bProduct] = [a, b].map(async (v) => (await products(`vendor_id=${v.vendorId}&gtin=${gtins[1]}`)).items);
    const [[mineA], [mineB]] = await Promise.all([aProduct, bProduct]);
    expect([mineA.vendor_id, mineB.vendor_id]).to.deep.equal([a.vendorId, b.vendorId]);
    const copy = await app.call('POST', `/api/v1/admin/products/${mineA.id}/copy-to-vendor`, { token, body: { vendor_id: a.vendorId } });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body).to.include({ vendor_id: a.vendorId, gtin: gtins[1], source_marketplace_product_id: mineA.id, price_cents: 200 });
    const again = await app.call('POST', `/api/v1/admin/products/${mineB.id}/copy-to-vendor`, { token, body: { vendor_id: a.vendorId } });
    expect(again.status).to.equal(409);
  });
});

describe('admin marketplace imports: the job list in the order asked (sort)', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  const base = newBase();

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    for (const data of [
      '',
      productCsv({ base, count: 2 }),
      '',
      productCsv({ base: base + 1, count: 2 }),
      productCsv({ base: base + 2, count: 1 }),
    ]) {
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId) },
        { name: 'jobs.csv', data },
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    }
  });

  it("sorts a vendor's jobs in every offered order, the id breaking ties; pages of 2 never repeat or skip a job", async () => {
    for (const sort of JOB_SORTS) {
      const path = `/api/v1/admin/marketplace-import-jobs?vendor_id=${vendor.vendorId}&sort=${sort}`;
      const res = await app.call('GET', path, { token });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.total, sort).to.equal(5);
      expect(
        sortedBy(res.body.items, JOB_SORT_KEYS[sort.replace(/^-/, '')], sort.startsWith('-')),
        `${sort}: ${JSON.stringify(res.body.items)}`,
      ).to.equal(true);
      expect(await readAllPages(app, path, token, 2), sort).to.deep.equal({ ids: res.body.items.map((j: any) => j.id), total: 5 });
    }
    // Across vendors too.
    const all = await app.call('GET', '/api/v1/admin/marketplace-import-jobs?sort=-created_at&limit=100', { token });
    expect(sortedBy(all.body.items, JOB_SORT_KEYS.created_at, true)).to.equal(true);
  });

  it('refuses an unknown sort with a 422 naming the allowed ones', async () => {
    await expectUnknownSortRefused(app, '/api/v1/admin/marketplace-import-jobs', token, JOB_SORTS);
  });
});
