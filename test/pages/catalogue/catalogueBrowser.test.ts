import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, testApp, type TestApp } from '../../support/app.ts';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { csv, goodRow, HEADER, newBase } from '../../support/catalogueFiles.ts';
import { catalogueVendor, createProductWithImage, importAndWatch, picture } from '../../support/cataloguePages.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * The catalogue's part of the back-office stories in headless Debian chromium: a vendor creates a
 * product with an image and a French text, imports a CSV and watches its progress; an admin
 * starts an import for that vendor and watches it too; the product list on a phone. Screenshots
 * in test-artifacts/bo-catalogue/.
 */
describeInBrowser('the catalogue back-office pages in a headless chromium', function () {
  this.timeout(180_000);
  let app: TestApp;
  let people: BrowserPeople;
  let v: VendorFixture;
  const dir = join(tmpdir(), `bo-catalogue-${process.pid}`);

  before(async () => {
    app = await testApp();
    ({ v } = await catalogueVendor(app, { vendor: { storefront_language: 'fr', storefront_languages: ['fr', 'en'] } }));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pan.png'), await picture(900, 600));
    const rows = (base: number) => {
      const o = { base, count: 40 };
      return [
        HEADER,
        ...Array.from({ length: 40 }, (_, i) => goodRow(o, i + 1)),
        ['', 'NO-ID', '', '', '', '', '', 'x', '', '', 'TestMarket'],
      ];
    };
    writeFileSync(join(dir, 'vendor.csv'), csv(rows(newBase())));
    writeFileSync(join(dir, 'admin.csv'), csv(rows(newBase())));
    people = await browserPeople(app, 'bo-catalogue');
  });
  after(async () => people.close());

  it('a vendor creates a product with an image and a French text, and imports a CSV watching its progress', async () => {
    const page = await people.person();
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword);
    const id = await createProductWithImage(
      people,
      page,
      app.url,
      { title: 'Copper pan', titleFr: 'Poêle en cuivre', price: '45,99' },
      join(dir, 'pan.png'),
    );
    expect(await page.$$eval('figure img', (imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).to.deep.equal([200]);
    expect(await page.$eval('figure table', (t) => t.textContent))
      .to.contain('900×600')
      .and.contain('800×533')
      .and.contain('200×133');
    await page.goto(`${app.url}/vendor/products/${id}`, { waitUntil: 'load' });
    expect(await page.$eval('#i-price', (el) => (el as HTMLInputElement).value)).to.equal('45,99');
    expect(await page.$eval('#i-title_fr', (el) => (el as HTMLInputElement).value)).to.equal('Poêle en cuivre');
    await people.shot(page, 'vendor-product');
    await page.goto(`${app.url}/vendor/products/${id}?tab=history`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-product-history');

    const status = await importAndWatch(people, page, app.url, 'vendor', join(dir, 'vendor.csv'));
    expect(status).to.contain('Completed');
    await page.goto(`${app.url}/vendor/products`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-products');
    await page.goto(`${app.url}/vendor/marketplace`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-marketplace');
    const phone = await people.person({ width: 390, height: 844 });
    await people.signIn(phone, 'vendor', v.ownerEmail, v.ownerPassword);
    await phone.goto(`${app.url}/vendor/products`, { waitUntil: 'load' });
    await people.shot(phone, 'vendor-products-phone');
    expect(people.problems).to.deep.equal([]);
  });

  it('an admin starts an import for the vendor and watches its progress', async () => {
    const page = await people.person();
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    const status = await importAndWatch(people, page, app.url, 'admin', join(dir, 'admin.csv'), v.vendorId);
    expect(status).to.contain('Completed');
    await page.goto(`${app.url}/admin/imports`, { waitUntil: 'load' });
    await people.shot(page, 'admin-imports');
    await page.goto(`${app.url}/admin/catalogue`, { waitUntil: 'load' });
    await people.shot(page, 'admin-catalogue');
    await page.goto(`${app.url}/admin/vendor-products?vendor_id=${v.vendorId}`, { waitUntil: 'load' });
    await people.shot(page, 'admin-vendor-products');
    expect(people.problems).to.deep.equal([]);
  });
});
