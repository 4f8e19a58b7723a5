import { expect } from 'chai';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../support/app.ts';
import { gtinFor, newBase, upload } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin inventory: TSV/CSV import matched by EAN, lists and the ledger across vendors', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  const base = newBase();
  const products: Record<number, any> = {};

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    for (const i of [1, 2, 3]) {
      const res = await app.call('POST', '/api/v1/admin/vendor-products', {
        token,
        body: { vendor_id: vendor.vendorId, title: `Product ${i}`, price_cents: 100 * i, gtin: gtinFor(base, i), is_digital: i === 3 },
      });
      products[i] = res.body;
    }
  });

  const importFile = (name: string, data: string | Buffer, fields: Record<string, string> = {}) =>
    upload(
      app,
      '/api/v1/admin/inventory/import',
      token,
      { vendor_id: String(vendor.vendorId), warehouse: 'Strassen', ...fields },
      { name, data, type: 'text/tab-separated-values' },
    );

  it('imports a TSV: rows summed per EAN and bin, a row without QUANTITY is one unit, unmatched EANs reported', async () => {
    const unknownEan = gtinFor(base, 77);
    const tsv = [
      'BIN\tEAN\tPRODUCT\tQUANTITY',
      `A-01\t${gtinFor(base, 1)}\tProduct 1\t4`,
      `A-01\t${gtinFor(base, 1)}\tProduct 1\t`,
      `B-07\t${gtinFor(base, 1)}\tProduct 1\t2`,
      `C-03\t0${gtinFor(base, 2)}\tProduct 2 as GTIN-14\t3`,
      `C-03\t${unknownEan}\tMystery item\t5`,
      `D-01\t${unknownEan}\tMystery item\t`,
      `E-01\t${gtinFor(base, 3)}\tE-book\t9`,
      `F-01\tnot-an-ean\tBroken\t1`,
      `\t${gtinFor(base, 2)}\tNo bin\t1`,
      '',
    ].join('\n');
    const res = await importFile('stock.tsv', tsv);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({
      success: true,
      vendor_id: vendor.vendorId,
      warehouse: 'Strassen',
      mode: 'set',
      total_rows: 9,
      matched_rows: 4,
      unmatched_rows: 2,
      invalid_rows: 2,
      products_updated: 2,
      locations_created: 3,
      locations_updated: 0,
      total_quantity: 10,
    });
    expect(res.body.unmatched).to.deep.equal([
      { ean: unknownEan, product: 'Mystery item', rows: [6, 7], quantity: 6, bins: ['C-03', 'D-01'] },
    ]);
    expect(res.body.skipped_digital.map((s: any) => s.product_id)).to.deep.equal([products[3].id]);
    expect(res.body.errors.map((e: any) => e.row)).to.deep.equal([9, 10]);

    const list = await app.call('GET', `/api/v1/admin/inventory?vendor_id=${vendor.vendorId}`, { token });
    expect(list.body.items.map((r: any) => [r.product_id, r.bin_location, r.quantity])).to.deep.equal([
      [products[1].id, 'A-01', 5],
      [products[1].id, 'B-07', 2],
      [products[2].id, 'C-03', 3],
    ]);
    expect(list.body.items[0]).to.include({ vendor_code: vendor.vendorCode, warehouse: 'Strassen' });
  });

  it('re-imports as a stock count (set), or adds on top with mode=add', async () => {
    const csv = `bin,ean,quantity\nA-01,${gtinFor(base, 1)},1\n`;
    const set = await importFile('count.csv', csv);
    expect(set.body).to.include({ locations_created: 0, locations_updated: 1 });
    const add = await importFile('more.csv', csv, { mode: 'add' });
    expect(add.status).to.equal(200);
    const row = (await app.call('GET', `/api/v1/admin/inventory?vendor_id=${vendor.vendorId}&bin_location=A-01`, { token })).body.items[0];
    expect(row.quantity).to.equal(2);
  });

  it('refuses a file that is not TSV/CSV, or lacks BIN or EAN, with a 422 that says why', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const image = await importFile('stock.tsv', png);
    expect(image.status).to.equal(422);
    expect(image.body.detail).to.match(/not a TSV or CSV/);
    const noEan = await importFile('stock.csv', 'BIN,PRODUCT,QUANTITY\nA-01,Pen,1\n');
    expect(noEan.status).to.equal(422);
    expect(noEan.body.detail).to.match(/lacks the column EAN/);
    const json = await importFile('stock.json', '{"bin":"A-01","ean":"4006381333931"}');
    expect(json.status).to.equal(422);
    expect((await importFile('empty.tsv', '')).status).to.equal(422);
    const noFile = await upload(app, '/api/v1/admin/inventory/import', token, { vendor_id: String(vendor.vendorId) });
    expect(noFile.status).to.equal(422);
    const unknownVendor = await upload(
      app,
      '/api/v1/admin/inventory/import',
      token,
      { vendor_id: '999999' },
      { name: 'a.tsv', data: 'BIN\tEAN\n' },
    );
    expect(unknownVendor.status).to.equal(404);
  });

  it('lists the ledger across vendors with vendor and product details, and counts it by type', async () => {
    const res = await app.call('GET', `/api/v1/admin/inventory/transactions?vendor_id=${vendor.vendorId}&limit=100`, { token });
    expect(res.status).to.equal(200);
    expect(res.body.total).to.equal(5);
    const first = res.body.items[res.body.items.length - 1];
    expect(first).to.include({ transaction_type: 'count', vendor_id: vendor.vendorId });
    expect(first.vendor).to.deep.equal({ id: vendor.vendorId, vendor_code: vendor.vendorCode, name: `Shop ${vendor.vendorCode}` });
    expect(first.product.title).to.match(/^Product/);
    expect(first.reference).to.equal('inventory-import:stock.tsv');
    const stats = await app.call('GET', `/api/v1/admin/inventory/transactions/stats?vendor_id=${vendor.vendorId}`, { token });
    expect(stats.body).to.include({ total_transactions: 5, vendors: 1, products: 2 });
    expect(stats.body.counts_by_type).to.deep.equal({ count: 5 });
    const all = await app.call('GET', '/api/v1/admin/inventory/transactions/stats', { token });
    expect(all.body.total_transactions).to.be.at.least(5);
  });

  it('answers the stock of a product at a past date for admins', async () => {
    const res = await app.call(
      'GET',
      `/api/v1/admin/inventory/stock-at?product_id=${products[1].id}&at=${encodeURIComponent(new Date().toISOString())}`,
      { token },
    );
    expect(res.body.locations.map((l: any) => [l.bin_location, l.quantity])).to.deep.equal([
      ['A-01', 2],
      ['B-07', 2],
    ]);
    expect(
      (await app.call('GET', `/api/v1/admin/inventory/stock-at?product_id=${products[1].id}&at=yesterday`, { token })).status,
    ).to.equal(422);
  });
});
