import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { catalogueVendor, flashOf, postMultipart, type PageVisitor } from '../../support/cataloguePages.ts';
import { teamMember } from '../../support/messaging.ts';
import { ok, shopOf } from '../../support/shop.ts';
import type { VendorFixture } from '../../support/tenancy.ts';
import { signedIn } from '../../support/backOffice.ts';

const EAN = '4006381333931';
const EVIL = '<script>alert("stock")</script> Whisk';

/**
 * The inventory pages of both back offices (src/pages/inventory): stock by bin, a bin's page with
 * its movements and its history tab, adjustments, moves and removal through the inventory
 * commands, the stock import with its report; the admin's stock across vendors, ledger statistics
 * and bulk import. Permissions and the form token are checked on the server; a vendor never sees
 * another's stock; product titles stay text.
 */
describe('back offices: inventory pages', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: PageVisitor;
  let productId: number;
  let binId: number;
  let bin: string;

  const quantityOf = async (id: number) =>
    (await app.call('GET', `/api/v1/vendor/inventory/${id}`, { token: v.ownerToken })).body.quantity as number;

  before(async () => {
    app = await testApp();
    ({ v, owner } = await catalogueVendor(app));
    const shop = shopOf(app, v);
    productId = (
      await ok(shop.vendor('POST', '/products', { title: EVIL, price_cents: 1500, vendor_sku: unique('WH-'), gtin: EAN }), 'product')
    ).id;
    bin = unique('A-');
    binId = (
      await ok(shop.vendor('POST', '/inventory', { product_id: productId, warehouse: 'main', bin_location: bin, quantity: 10 }), 'stock')
    ).id;
  });

  it('lists the stock by bin and opens a bin with its movements, the product title shown as text', async () => {
    const list = await owner.get('/vendor/inventory');
    expect(list.status).to.equal(200);
    expect(list.body).to.contain(`href="/vendor/inventory/${binId}"`).and.contain(bin);
    expect(list.body).to.contain('&lt;script&gt;alert(&quot;stock&quot;)').and.not.contain('<script>alert');
    expect(list.body).to.contain('id="open-bin"');
    const page = await owner.get(`/vendor/inventory/${binId}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain(`Bin main / ${bin}`).and.contain('id="adjust"').and.contain('id="move"').and.contain('Receipt');
    expect(page.body).not.to.contain('<script>alert');
  });

  it('adjusts, moves and removes stock through the inventory commands, each visible in the ledger and the history tab', async () => {
    const page = await owner.get(`/vendor/inventory/${binId}`);
    const token = owner.csrf(page.body);
    const both = await owner.post(`/vendor/inventory/${binId}/adjust`, { _csrf: token, quantity: '3', quantity_change: '2' });
    expect(flashOf((await owner.get(both.headers.location as string)).body)).to.contain('either the counted quantity or a change');
    expect(await quantityOf(binId)).to.equal(10);

    const counted = await owner.post(`/vendor/inventory/${binId}/adjust`, {
      _csrf: token,
      quantity: '12',
      quantity_change: '',
      note: 'shelf count',
    });
    expect(counted.status).to.equal(303);
    expect(flashOf((await owner.get(counted.headers.location as string)).body)).to.equal('Stock of this bin is now 12.');
    await owner.post(`/vendor/inventory/${binId}/adjust`, { _csrf: token, quantity: '', quantity_change: '-2' });
    expect(await quantityOf(binId)).to.equal(10);

    const tooMany = await owner.post(`/vendor/inventory/${binId}/move`, {
      _csrf: token,
      quantity: '11',
      warehouse: 'main',
      bin_location: 'B-02',
    });
    expect(flashOf((await owner.get(tooMany.headers.location as string)).body)).to.match(/not enough|insufficient|below|exceed/i);
    expect(await quantityOf(binId)).to.equal(10);

    const moved = await owner.post(`/vendor/inventory/${binId}/move`, {
      _csrf: token,
      quantity: '4',
      warehouse: 'main',
      bin_location: 'B-02',
      note: 'shelf swap',
    });
    expect(flashOf((await owner.get(moved.headers.location as string)).body)).to.equal('4 units moved to main / B-02.');
    expect(await quantityOf(binId)).to.equal(6);
    const rows = (await app.call('GET', `/api/v1/vendor/inventory?product_id=${productId}`, { token: v.ownerToken })).body.items as {
      id: number;
      bin_location: string;
      quantity: number;
    }[];
    const target = rows.find((r) => r.bin_location === 'B-02')!;
    expect(target.quantity).to.equal(4);
    await owner.post(`/vendor/inventory/${binId}/move`, { _csrf: token, quantity: '1', warehouse: 'main', bin_location: 'B-02' });
    expect(await quantityOf(target.id)).to.equal(5);

    const ledger = await owner.get(`/vendor/inventory/transactions?product_id=${productId}`);
    expect(ledger.body).to.contain('Adjustment').and.contain('Count').and.contain(`move:${binId}`).and.contain('shelf swap');
    const history = await owner.get(`/vendor/inventory/${binId}?tab=history`);
    expect(history.body).to.contain('id="history"').and.contain('Stock adjusted').and.contain('Inventory location opened');
    const asOf = await owner.get(`/vendor/inventory/${binId}?tab=history&as_of=2000-01-01T00:00:00`);
    expect(asOf.body).to.contain('0 of');

    const removed = await owner.post(`/vendor/inventory/${target.id}/remove`, { _csrf: token });
    expect(removed.headers.location).to.equal('/vendor/inventory');
    expect((await owner.get(`/vendor/inventory/${target.id}`)).status).to.equal(404);
  });

  it('adds a bin from the list page', async () => {
    const list = await owner.get('/vendor/inventory');
    const sent = await owner.post('/vendor/inventory', {
      _csrf: owner.csrf(list.body),
      product_id: String(productId),
      warehouse: 'north',
      bin_location: 'N-9',
      quantity: '7',
      note: '',
    });
    expect(sent.status).to.equal(303);
    expect(sent.headers.location).to.match(/^\/vendor\/inventory\/\d+$/);
    const page = await owner.get(sent.headers.location as string);
    expect(page.body).to.contain('Bin north / N-9').and.contain('Bin north / N-9 added.');
  });

  it('imports a stock file and reports the unmatched EANs and unreadable rows', async () => {
    const form = await owner.get('/vendor/inventory/import');
    expect(form.status).to.equal(200);
    expect(form.body).to.contain('id="stock-import"').and.contain('enctype="multipart/form-data"');
    const file = `BIN\tEAN\tPRODUCT\tQUANTITY\nC-1\t${EAN}\tWhisk\t5\nC-1\t0000000000017\t<b>Ghost</b>\t2\nC-2\t\tNo EAN\t1\n`;
    const sent = await postMultipart(
      app,
      owner,
      '/vendor/inventory/import',
      { _csrf: owner.csrf(form.body), warehouse: 'main', mode: 'set' },
      { name: 'count.tsv', data: file, type: 'text/tab-separated-values' },
    );
    expect(sent.status, sent.body.slice(0, 500)).to.equal(200);
    expect(sent.body).to.contain('Import of count.tsv finished').and.contain('EANs that matched no product').and.contain('0000000000017');
    expect(sent.body).to.contain('&lt;b&gt;Ghost&lt;/b&gt;').and.contain('Rows that could not be read');
    const rows = (await app.call('GET', `/api/v1/vendor/inventory?product_id=${productId}`, { token: v.ownerToken })).body.items as {
      bin_location: string;
      quantity: number;
    }[];
    expect(rows.find((r) => r.bin_location === 'C-1')?.quantity).to.equal(5);

    const empty = await postMultipart(app, owner, '/vendor/inventory/import', {
      _csrf: owner.csrf(form.body),
      warehouse: 'main',
      mode: 'set',
    });
    expect(empty.status).to.equal(422);
    expect(empty.body).to.contain('Choose the file to import.');
  });

  it("refuses every form without the form token or the permission, and another vendor's bins", async () => {
    for (const path of [
      `/vendor/inventory/${binId}/adjust`,
      `/vendor/inventory/${binId}/move`,
      `/vendor/inventory/${binId}/remove`,
      '/vendor/inventory',
    ]) {
      expect(
        (
          await owner.post(path, {
            quantity: '1',
            quantity_change: '',
            warehouse: 'main',
            bin_location: 'Z-1',
            product_id: String(productId),
          })
        ).status,
        path,
      ).to.equal(403);
      expect(
        (
          await owner.post(path, {
            _csrf: 'x'.repeat(43),
            quantity: '1',
            quantity_change: '',
            warehouse: 'main',
            bin_location: 'Z-1',
            product_id: String(productId),
          })
        ).status,
        path,
      ).to.equal(403);
    }
    expect(
      (
        await postMultipart(
          app,
          owner,
          '/vendor/inventory/import',
          { warehouse: 'main' },
          { name: 'a.csv', data: `BIN,EAN\nA,${EAN}\n`, type: 'text/csv' },
        )
      ).status,
    ).to.equal(403);
    expect(await quantityOf(binId)).to.equal(5);

    const viewer = await teamMember(app, v, 'viewer', 'Vera');
    const member = await signedIn(app, 'vendor', viewer.email, viewer.password);
    const page = await member.get(`/vendor/inventory/${binId}`);
    expect(page.status).to.equal(200);
    expect(page.body).not.to.contain('id="adjust"');
    const refused = await member.post(`/vendor/inventory/${binId}/adjust`, {
      _csrf: member.csrf(page.body),
      quantity: '0',
      quantity_change: '',
    });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('inventory.edit');
    expect((await member.get('/vendor/inventory/import')).status).to.equal(403);
    expect(await quantityOf(binId)).to.equal(5);

    const b = await catalogueVendor(app);
    expect((await b.owner.get(`/vendor/inventory/${binId}`)).status).to.equal(404);
    expect((await b.owner.get(`/vendor/inventory/${binId}?tab=history`)).status).to.equal(404);
    const theirs = await b.owner.get('/vendor/inventory');
    expect(theirs.body).not.to.contain(bin).and.not.to.contain('Whisk');
    expect((await b.owner.get(`/vendor/inventory/transactions?product_id=${productId}`)).body).not.to.contain('Whisk');
    const tried = await b.owner.post(`/vendor/inventory/${binId}/adjust`, {
      _csrf: b.owner.csrf(theirs.body),
      quantity: '0',
      quantity_change: '',
    });
    expect(flashOf((await b.owner.get(tried.headers.location as string)).body)).to.contain('not found');
    expect(await quantityOf(binId)).to.equal(5);
  });

  it("admins see stock across vendors with the vendor filter, the ledger statistics, any bin's history export, and import for a vendor", async () => {
    const admin = await signedInAdmin(app);
    const list = await admin.get(`/admin/inventory?vendor_id=${v.vendorId}`);
    expect(list.status).to.equal(200);
    expect(list.body).to.contain(`href="/admin/inventory/${binId}"`).and.not.contain('<script>alert');
    const other = await catalogueVendor(app);
    expect((await admin.get(`/admin/inventory?vendor_id=${other.v.vendorId}`)).body).not.to.contain(`href="/admin/inventory/${binId}"`);
    const binPage = await admin.get(`/admin/inventory/${binId}?tab=history`);
    expect(binPage.body).to.contain(`/admin/history/export?stream=stock-${productId}`);
    const ledger = await admin.get(`/admin/inventory/transactions?vendor_id=${v.vendorId}`);
    expect(ledger.body).to.contain('Movements by type').and.contain('class="chart');

    const form = await admin.get('/admin/inventory/import');
    const sent = await postMultipart(
      app,
      admin,
      '/admin/inventory/import',
      { _csrf: admin.csrf(form.body), vendor_id: String(v.vendorId), warehouse: 'main', mode: 'add' },
      { name: 'delivery.csv', data: `BIN,EAN,QUANTITY\nD-1,${EAN},3\n`, type: 'text/csv' },
    );
    expect(sent.status, sent.body.slice(0, 500)).to.equal(200);
    expect(sent.body).to.contain('Import of delivery.csv finished').and.contain('Every row was imported.');
    expect(
      (
        await postMultipart(
          app,
          admin,
          '/admin/inventory/import',
          { vendor_id: String(v.vendorId) },
          { name: 'a.csv', data: 'x', type: 'text/csv' },
        )
      ).status,
    ).to.equal(403);
  });
});
