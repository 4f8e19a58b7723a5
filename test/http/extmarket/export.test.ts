import { expect } from 'chai';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testApp, type TestApp } from '../../support/app.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('product feed export and the jobs lists', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  let exportsDir: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
    // The product feed is a feature of the Business tier and above.
    await putOnTier(app, v.vendorId, 'enterprise');
    exportsDir = mkdtempSync(join(tmpdir(), 'exports-'));
    process.env.EXPORTS_DIR = exportsDir;
    const body = (over: object) => ({
      price_cents: 4990,
      brand: 'Acme',
      image_link: 'https://cdn.example/42.jpg',
      ...over,
      translations: {
        en: { title: 'Chef knife 20 cm', description: 'Forged\tsteel <b>blade</b>\nline two' },
        fr: { title: 'Couteau de chef 20 cm', description: 'Acier forgé' },
      },
    });
    for (const over of [
      { vendor_sku: 'SKU-42', gtin: '4006381333931' },
      { vendor_sku: 'SKU-43', is_active: false, sale_price_cents: 3990 },
    ]) {
      const res = await app.call('POST', '/api/v1/vendor/products', { token: v.ownerToken, body: body(over) });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    }
  });
  after(() => {
    delete process.env.EXPORTS_DIR;
  });

  it('downloads a tab-delimited shopping feed in the asked language (vendor and admin)', async () => {
    const res = await fetch(`${app.url}/api/v1/vendor/extmarket/export?language=fr`, {
      headers: { authorization: `Bearer ${v.ownerToken}` },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/text\/tab-separated-values/);
    const [header, ...rows] = (await res.text()).trim().split('\n');
    expect(header.split('\t')).to.include.members([
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'brand',
      'gtin',
      'condition',
    ]);
    expect(rows).to.have.length(1);
    const cells = Object.fromEntries(header.split('\t').map((h, i) => [h, rows[0].split('\t')[i]]));
    expect(cells).to.include({
      id: 'SKU-42',
      title: 'Couteau de chef 20 cm',
      price: '49.90 EUR',
      gtin: '4006381333931',
      availability: 'out_of_stock',
      condition: 'new',
      brand: 'Acme',
    });
    expect(cells.link).to.match(new RegExp(`/vendors/${v.vendorCode}/shop/products/\\d+$`));

    const all = await fetch(`${app.url}/api/v1/admin/vendors/${v.vendorCode}/export/extmarket?language=en&include_inactive=true`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const lines = (await all.text()).trim().split('\n');
    expect(lines).to.have.length(3);
    expect(lines[1]).to.include('Forged steel blade line two').and.not.include('<b>');
    expect(lines[2]).to.include('39.90 EUR');
    expect((await app.call('GET', '/api/v1/vendor/extmarket/export?language=xx', { token: v.ownerToken })).status).to.equal(422);
  });

  it('writes one file per language to exports/extmarket/{vendor_code}/ and records a product_export sync log', async () => {
    const res = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/export/extmarket`, { token: admin, body: {} });
    expect(res.status).to.equal(200);
    expect(res.body, JSON.stringify(res.body)).to.include({
      success: true,
      vendor_code: v.vendorCode,
      total_products: 1,
      files_processed: 3,
      files_succeeded: 3,
      files_failed: 0,
      record_count: '3/3',
    });
    expect(res.body.files.map((f: any) => f.language)).to.deep.equal(['fr', 'de', 'en']);
    const dir = join(exportsDir, 'extmarket', v.vendorCode);
    expect(readdirSync(dir).sort()).to.deep.equal(['de', 'en', 'fr'].map((l) => `${v.vendorCode}_products_${l}.tsv`));
    expect(readFileSync(join(dir, `${v.vendorCode}_products_de.tsv`), 'utf8')).to.include('SKU-42');

    const jobs = await app.call('GET', `/api/v1/admin/vendors/${v.vendorId}/jobs`, { token: admin });
    const job = jobs.body.items.find((j: any) => j.job_id === res.body.job_id);
    expect(job).to.include({ job_type: 'product_export', status: 'completed', record_count: '3/3', vendor_code: v.vendorCode });
    expect(job.error_details.products).to.equal(1);
    const byType = await app.call('GET', '/api/v1/admin/extmarket/jobs?job_type=product_export', { token: admin });
    expect(byType.body.items.every((j: any) => j.job_type === 'product_export')).to.equal(true);
    expect(byType.body.items.map((j: any) => j.job_id)).to.include(res.body.job_id);
    expect((await app.call('GET', '/api/v1/admin/extmarket/jobs?job_type=bogus', { token: admin })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/admin/vendors/999999/jobs', { token: admin })).status).to.equal(404);
  });

  it('sorts the job lists by creation, status or type (ties by id), pages without a repeat or a gap, and refuses an unknown sort', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/export/extmarket`, { token: admin, body: { languages: ['en'] } }))
          .status,
      ).to.equal(200);
    const lists = [
      { path: `/api/v1/admin/vendors/${v.vendorId}/jobs`, token: admin },
      { path: `/api/v1/admin/extmarket/jobs?vendor_id=${v.vendorId}`, token: admin },
      { path: '/api/v1/vendor/extmarket/jobs', token: v.ownerToken },
    ];
    const get = async (path: string, token: string, query: string) => {
      const res = await app.call('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body;
    };
    for (const { path, token } of lists) {
      const asc = (await get(path, token, 'limit=100&sort=created_at')).items;
      expect(asc).to.have.length(3);
      const key = (j: any) => `${j.created_at}|${String(j.id).padStart(10, '0')}`;
      expect(asc.map(key)).to.deep.equal(asc.map(key).sort());
      const desc = (await get(path, token, 'limit=100&sort=-created_at')).items.map((j: any) => j.job_id);
      expect(desc).to.deep.equal(asc.map((j: any) => j.job_id).reverse());
      expect((await get(path, token, 'limit=100')).items.map((j: any) => j.job_id)).to.deep.equal(desc);
      for (const sort of ['created_at', '-created_at', 'status', '-status', 'job_type', '-job_type']) {
        const full = (await get(path, token, `limit=100&sort=${sort}`)).items.map((j: any) => j.job_id);
        const paged: number[] = [];
        for (let page = 1; page <= 2; page++) {
          const body = await get(path, token, `limit=2&page=${page}&sort=${sort}`);
          expect(body).to.include({ total: 3, page, limit: 2 });
          paged.push(...body.items.map((j: any) => j.job_id));
        }
        expect(paged, `${path} ${sort}`).to.deep.equal(full);
      }
      const bogus = await app.call('GET', `${path}${path.includes('?') ? '&' : '?'}sort=bogus`, { token });
      expect(bogus.status).to.equal(422);
      expect(bogus.body.errors[0]).to.include({ pointer: '/query/sort' });
      expect(bogus.body.errors[0].message).to.include('created_at, -created_at, status, -status, job_type, -job_type');
    }
  });
});
