import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { catalogueVendor, flashOf, picture, postMultipart, type PageVisitor } from '../../support/cataloguePages.ts';
import { newBase, productCsv, upload, waitForJob } from '../../support/catalogueFiles.ts';
import { teamMember } from '../../support/messaging.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * The products' pages of both back offices (src/pages/catalogue): the list with the API's
 * filters, the product form with prices in the shop's locale, the VAT rate category and texts per
 * language, images with their variants, deletion, the history tab, the marketplace catalogue and
 * its copy; every form's token, the team permissions, one vendor never seeing another's products,
 * and product texts shown as text.
 */
describe('back offices: products and the marketplace catalogue', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: PageVisitor;
  let other: { v: VendorFixture; owner: PageVisitor };

  const create = async (who: PageVisitor, form: Record<string, string>, path = '/vendor/products') => {
    const page = await who.get(`${path}/new`);
    return who.post(path, { _csrf: who.csrf(page.body), is_active: 'on', vat_rate_category: 'standard', ...form });
  };
  const idOf = (location: string | string[] | undefined) => Number(/\/(\d+)$/.exec(String(location))?.[1]);

  before(async () => {
    app = await testApp();
    ({ v, owner } = await catalogueVendor(app, { vendor: { storefront_language: 'fr', storefront_languages: ['fr', 'en'] } }));
    other = await catalogueVendor(app);
  });

  it("creates a product with a French text and a price typed in the shop's locale, and lists it", async () => {
    const res = await create(owner, {
      title_en: 'Copper pan',
      title_fr: 'Poêle en cuivre',
      short_fr: 'Pour la cuisine',
      price: '45,99',
      vendor_sku: 'PAN-1',
      gtin: '4006381333931',
    });
    expect(res.status, res.body).to.equal(303);
    const id = idOf(res.headers.location);
    const page = await owner.get(`/vendor/products/${id}`);
    expect(page.status).to.equal(200);
    expect(flashOf(page.body)).to.equal('The product is created.');
    expect(page.body).to.contain('value="45,99"').and.contain('Poêle en cuivre').and.contain('value="PAN-1"');
    const api = await app.call('GET', `/api/v1/vendor/products/${id}`, { token: v.ownerToken });
    expect(api.body).to.include({ price_cents: 4599, vat_rate_category: 'standard', vendor_sku: 'PAN-1' });
    expect(api.body.translations.fr.title).to.equal('Poêle en cuivre');

    const list = await owner.get('/vendor/products?search=Copper&sort=-price');
    expect(list.body).to.contain(`href="/vendor/products/${id}"`).and.contain('Copper pan');
    expect((await owner.get('/vendor/products?search=nothing-like-this')).body).to.contain('Nothing matches these filters.');
  });

  it('saves a change through the same command as the API, and shows a refused field again with its problem', async () => {
    const id = idOf((await create(owner, { title_en: 'Kettle', price: '20' })).headers.location);
    const page = await owner.get(`/vendor/products/${id}`);
    const saved = await owner.post(`/vendor/products/${id}`, {
      _csrf: owner.csrf(page.body),
      title_en: 'Kettle',
      price: '19,50',
      vat_rate_category: 'reduced',
      is_active: 'on',
    });
    expect(saved.status).to.equal(303);
    const api = await app.call('GET', `/api/v1/vendor/products/${id}`, { token: v.ownerToken });
    expect(api.body).to.include({ price_cents: 1950, vat_rate_category: 'reduced', tax_rate_percent: 8 });

    const refused = await owner.post(`/vendor/products/${id}`, {
      _csrf: owner.csrf(page.body),
      title_en: 'Kettle',
      price: '19,999',
      is_active: 'on',
    });
    expect(refused.status).to.equal(422);
    expect(refused.body).to.contain('aria-invalid="true"').and.contain('is not an amount').and.contain('value="19,999"');
    const sale = await owner.post(`/vendor/products/${id}`, {
      _csrf: owner.csrf(page.body),
      title_en: 'Kettle',
      price: '10',
      sale_price: '12',
      is_active: 'on',
    });
    expect(sale.status).to.equal(422);
    expect(sale.body).to.contain('The sale price must be lower than the price');
  });

  it("uploads an image and shows its WebP variants; the files are served to the product's vendor only", async () => {
    const id = idOf((await create(owner, { title_en: 'Teapot', price: '30' })).headers.location);
    const page = await owner.get(`/vendor/products/${id}/images`);
    expect(page.body).to.contain('enctype="multipart/form-data"').and.contain('No image yet.');
    const sent = await postMultipart(
      app,
      owner,
      `/vendor/products/${id}/images`,
      { _csrf: owner.csrf(page.body) },
      { name: 'teapot.png', data: await picture(), type: 'image/png' },
    );
    expect(sent.status, sent.body).to.equal(303);
    const shown = await owner.get(`/vendor/products/${id}/images`);
    expect(flashOf(shown.body), shown.body.slice(shown.body.indexOf('<main'), shown.body.indexOf('<main') + 1500)).to.match(
      /original 640×480, 800 640×480, 200 200×150/,
    );
    const file = /src="(\/vendor\/products\/\d+\/images\/\d+\/200)"/.exec(shown.body)?.[1];
    expect(file).to.be.a('string');
    const image = await fetch(app.url + file!, { headers: { cookie: [...owner.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/webp');
    const stranger = await other.owner.get(file!);
    expect(stranger.status).to.equal(404);
  });

  it('deletes a product, and its history tab tells who did what and shows it as of a past time', async () => {
    const id = idOf((await create(owner, { title_en: 'Ladle', price: '5' })).headers.location);
    const page = await owner.get(`/vendor/products/${id}`);
    await owner.post(`/vendor/products/${id}`, { _csrf: owner.csrf(page.body), title_en: 'Soup ladle', price: '6', is_active: 'on' });
    const history = await owner.get(`/vendor/products/${id}?tab=history`);
    expect(history.body).to.contain('Vendor product created').and.contain('Vendor product details changed').and.contain('id="history"');
    const first = /href="\?as_of=([^"#]+)#history"/g;
    const times = [...history.body.matchAll(first)].map((m) => decodeURIComponent(m[1]));
    const asOf = await owner.get(`/vendor/products/${id}?as_of=${encodeURIComponent(times[times.length - 1])}`);
    expect(asOf.body).to.contain('Ladle');

    const deleted = await owner.post(`/vendor/products/${id}/delete`, { _csrf: owner.csrf(page.body) });
    expect(deleted.status).to.equal(303);
    expect(deleted.headers.location).to.equal('/vendor/products');
    expect((await owner.get(`/vendor/products/${id}`)).status).to.equal(404);
  });

  it('never shows or changes another vendor\'s product: its pages and forms answer "not found"', async () => {
    const id = idOf((await create(owner, { title_en: 'Secret wok', price: '50' })).headers.location);
    const page = await other.owner.get('/vendor/products');
    expect(page.body).not.to.contain('Secret wok');
    expect((await other.owner.get(`/vendor/products/${id}`)).status).to.equal(404);
    expect((await other.owner.get(`/vendor/products/${id}?tab=history`)).body).not.to.contain('Secret wok');
    const token = other.owner.csrf(page.body);
    expect((await other.owner.post(`/vendor/products/${id}`, { _csrf: token, title_en: 'Stolen', price: '1' })).status).to.equal(404);
    const del = await other.owner.post(`/vendor/products/${id}/delete`, { _csrf: token });
    expect(del.status).to.equal(303);
    expect((await app.call('GET', `/api/v1/vendor/products/${id}`, { token: v.ownerToken })).body.title).to.equal('Secret wok');
  });

  it('refuses every form without the form token or with a wrong one, and changes nothing', async () => {
    const id = idOf((await create(owner, { title_en: 'Sieve', price: '7' })).headers.location);
    for (const token of ['', 'x'.repeat(43)]) {
      expect((await owner.post('/vendor/products', { _csrf: token, title_en: 'Forged', price: '1' })).status).to.equal(403);
      expect((await owner.post(`/vendor/products/${id}`, { _csrf: token, title_en: 'Forged', price: '1' })).status).to.equal(403);
      expect((await owner.post(`/vendor/products/${id}/delete`, { _csrf: token })).status).to.equal(403);
      expect(
        (
          await postMultipart(
            app,
            owner,
            `/vendor/products/${id}/images`,
            { _csrf: token },
            { name: 'x.png', data: await picture(20, 20), type: 'image/png' },
          )
        ).status,
      ).to.equal(403);
      expect((await owner.post(`/vendor/products/${id}/images/1/delete`, { _csrf: token })).status).to.equal(403);
      expect((await owner.post('/vendor/marketplace/1/copy', { _csrf: token })).status).to.equal(403);
    }
    const api = await app.call('GET', `/api/v1/vendor/products/${id}`, { token: v.ownerToken });
    expect(api.body.title).to.equal('Sieve');
    expect((await app.call('GET', `/api/v1/vendor/media?product_id=${id}`, { token: v.ownerToken })).body.total).to.equal(0);
  });

  it('a member whose role lacks a permission is refused by the server, not only shown fewer buttons', async () => {
    const id = idOf((await create(owner, { title_en: 'Whisk', price: '4' })).headers.location);
    const viewer = await teamMember(app, v, 'viewer', 'Vera');
    const member = await signedIn(app, 'vendor', viewer.email, viewer.password);
    const list = await member.get('/vendor/products');
    expect(list.status).to.equal(200);
    expect((await member.get('/vendor/products/new')).status).to.equal(403);
    const token = member.csrf(list.body);
    const refused = await member.post(`/vendor/products/${id}`, { _csrf: token, title_en: 'Changed', price: '1', is_active: 'on' });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('products.edit');
    expect((await member.post(`/vendor/products/${id}/delete`, { _csrf: token })).status).to.equal(403);
    expect((await member.post('/vendor/products', { _csrf: token, title_en: 'New', price: '1' })).status).to.equal(403);
    expect((await app.call('GET', `/api/v1/vendor/products/${id}`, { token: v.ownerToken })).body.title).to.equal('Whisk');
  });

  it('shows product texts as text, never as markup', async () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const id = idOf((await create(owner, { title_en: `${evil} Knife`, brand: `"><img onerror=alert(2)>`, price: '9' })).headers.location);
    for (const path of ['/vendor/products', `/vendor/products/${id}`, `/vendor/products/${id}?tab=history`]) {
      const page = await owner.get(path);
      expect(page.body, path).not.to.contain('<script>alert').and.not.contain('<img src=x').and.not.contain('<img onerror');
      expect(page.body, path).to.contain('&lt;script&gt;');
    }
  });

  it("an admin lists every vendor's products by vendor, creates one for a vendor and copies a marketplace product into a catalogue", async () => {
    const admin = await signedInAdmin(app);
    const base = newBase();
    const job = await upload(
      app,
      '/api/v1/vendor/marketplace-import-jobs',
      v.ownerToken,
      {},
      { name: 'p.csv', data: productCsv({ base, count: 3 }) },
    );
    expect(job.status, JSON.stringify(job.body)).to.equal(202);
    await waitForJob(app, `/api/v1/vendor/marketplace-import-jobs/${job.body.id}`, v.ownerToken);

    const list = await admin.get(`/admin/vendor-products?vendor_id=${other.v.vendorId}`);
    expect(list.status).to.equal(200);
    const made = await create(
      admin,
      { vendor_id: String(other.v.vendorId), title_en: 'Admin-made grater', price: '3.50' },
      '/admin/vendor-products',
    );
    expect(made.status, made.body.slice(0, 500)).to.equal(303);
    const madeId = idOf(made.headers.location);
    expect((await app.call('GET', `/api/v1/vendor/products/${madeId}`, { token: other.v.ownerToken })).body.price_cents).to.equal(350);

    const catalogue = await admin.get(`/admin/catalogue?vendor_id=${v.vendorId}&search=Chef`);
    const sourceId = Number(/href="\/admin\/catalogue\/(\d+)"/.exec(catalogue.body)?.[1]);
    expect(sourceId).to.be.greaterThan(0);
    const detail = await admin.get(`/admin/catalogue/${sourceId}`);
    expect(detail.body).to.contain('id="copy-form"').and.contain('name="vendor_id"');
    const copied = await admin.post(`/admin/catalogue/${sourceId}/copy`, {
      _csrf: admin.csrf(detail.body),
      vendor_id: String(other.v.vendorId),
      vendor_sku: 'COPY-1',
      price: '12,00',
    });
    expect(copied.status).to.equal(303);
    const copyId = idOf(copied.headers.location);
    const copy = await app.call('GET', `/api/v1/vendor/products/${copyId}`, { token: other.v.ownerToken });
    expect(copy.body).to.include({ vendor_sku: 'COPY-1', price_cents: 1200, source_marketplace_product_id: sourceId });

    // The vendor copies from its own imports only.
    const mine = await owner.get('/vendor/marketplace');
    expect(mine.body).to.contain(`href="/vendor/marketplace/${sourceId}"`);
    expect((await other.owner.get(`/vendor/marketplace/${sourceId}`)).status).to.equal(404);
    const own = await owner.get(`/vendor/marketplace/${sourceId}`);
    expect(own.body).not.to.contain('name="vendor_id"');
    const vendorCopy = await owner.post(`/vendor/marketplace/${sourceId}/copy`, { _csrf: owner.csrf(own.body), vendor_sku: 'MINE-1' });
    expect(vendorCopy.status).to.equal(303);
    expect(vendorCopy.headers.location).to.match(/^\/vendor\/products\/\d+$/);
  });

  it("a vendor's session never opens the admin catalogue pages", async () => {
    for (const path of ['/admin/catalogue', '/admin/vendor-products', '/admin/vendor-products/new']) {
      const res = await owner.get(path);
      expect(res.status, path).to.equal(303);
      expect(res.headers.location, path).to.match(/^\/admin\/login/);
    }
  });
});
