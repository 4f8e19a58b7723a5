import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createPlatformPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * Content pages for the platform's operators: platform defaults, pages for a vendor, every page
 * filtered by vendor, updates that publish or make a draft, deletion, and a page's content at any
 * past time with who changed it.
 */
describe('admin content pages', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  const admin = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/admin${path}`, { token, body });

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
  });

  it('creates a platform default as a draft with vendor_id forced to null, and lists it among the defaults', async () => {
    const slug = newSlug('terms');
    const res = await admin(
      'POST',
      '/content-pages/platform',
      pageBody(slug, { vendor_id: vendor.vendorId, show_in_legal: true, template: 'minimal' }),
    );
    expect(res.status).to.equal(201);
    expect(res.body).to.include({
      slug,
      vendor_id: null,
      is_published: false,
      status: 'draft',
      template: 'minimal',
      show_in_legal: true,
      show_in_header: false,
    });
    expect(res.body.translations.en).to.deep.equal({ title: `Title of ${slug}`, body: `Body of **${slug}**` });
    const list = await admin('GET', '/content-pages/platform?limit=100');
    expect(list.status).to.equal(200);
    expect(list.body.items.map((p: any) => p.slug)).to.include(slug);
    expect(list.body.items.every((p: any) => p.vendor_id === null)).to.equal(true);
  });

  it('creates a vendor page only with a known vendor_id, and filters the list by vendor', async () => {
    const slug = newSlug('about');
    expect((await admin('POST', '/content-pages/vendor', pageBody(slug))).status).to.equal(422);
    const unknown = await admin('POST', '/content-pages/vendor', pageBody(slug, { vendor_id: 2_000_000_000 }));
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('VendorNotFoundException');
    const res = await admin('POST', '/content-pages/vendor', pageBody(slug, { vendor_id: vendor.vendorId, is_published: true }));
    expect(res.status).to.equal(201);
    expect(res.body).to.include({ vendor_id: vendor.vendorId, status: 'published' });
    const mine = await admin('GET', `/content-pages?vendor_id=${vendor.vendorId}`);
    expect(mine.body.items.map((p: any) => p.id)).to.deep.equal([res.body.id]);
    expect(mine.body.total).to.equal(1);
  });

  it('keeps a slug unique per owner: the platform and a vendor may share one, the same owner may not; reserved words are refused', async () => {
    const slug = newSlug('faq');
    await createPlatformPage(app, pageBody(slug));
    const again = await admin('POST', '/content-pages/platform', pageBody(slug));
    expect(again.status).to.equal(409);
    expect((await admin('POST', '/content-pages/vendor', pageBody(slug, { vendor_id: vendor.vendorId }))).status).to.equal(201);
    for (const reserved of [
      'cart',
      'checkout',
      'account',
      'api',
      'admin',
      'vendors',
      'login',
      'register',
      'products',
      'orders',
      'docs',
      'health',
      'shop',
    ]) {
      const res = await admin('POST', '/content-pages/platform', pageBody(reserved));
      expect(res.status, reserved).to.equal(422);
    }
    expect((await admin('POST', '/content-pages/platform', pageBody('Not_A_Slug'))).status).to.equal(422);
  });

  it('publishes with the flag set, makes a draft with it cleared, renames, and deletes (the slug is free again)', async () => {
    const slug = newSlug('shipping');
    const page = await createPlatformPage(app, pageBody(slug));
    const published = await admin('PUT', `/content-pages/${page.id}`, { is_published: true });
    expect(published.status).to.equal(200);
    expect(published.body).to.include({ status: 'published', is_published: true });
    expect(published.body.published_at).to.be.a('string');
    const draft = await admin('PUT', `/content-pages/${page.id}`, {
      is_published: false,
      translations: { fr: { title: 'Livraison', body: 'Texte' } },
    });
    expect(draft.body).to.include({ status: 'draft' });
    expect(Object.keys(draft.body.translations).sort()).to.deep.equal(['en', 'fr']);
    const renamed = newSlug('delivery');
    expect((await admin('PUT', `/content-pages/${page.id}`, { slug: renamed })).body.slug).to.equal(renamed);
    // The old slug was let go, the new one is taken.
    expect((await admin('POST', '/content-pages/platform', pageBody(renamed))).status).to.equal(409);
    const old = await createPlatformPage(app, pageBody(slug));
    expect((await admin('DELETE', `/content-pages/${page.id}`)).status).to.equal(200);
    const gone = await admin('PUT', `/content-pages/${page.id}`, { is_published: true });
    expect(gone.status).to.equal(404);
    expect(gone.body.code).to.equal('ContentPageNotFoundException');
    expect((await admin('GET', `/content-pages/${page.id}`)).status).to.equal(404);
    expect((await admin('POST', '/content-pages/platform', pageBody(renamed))).status).to.equal(201);
    expect(old.slug).to.equal(slug);
  });

  it('shows who published what and when, and the page as it was at any past time', async () => {
    const slug = newSlug('privacy');
    const t0 = app.clock.now();
    const page = await createPlatformPage(app, pageBody(slug, { translations: { en: { title: 'Privacy v1', body: 'first' } } }));
    app.clock.advance(60 * 60 * 1000);
    await admin('PUT', `/content-pages/${page.id}`, { is_published: true, translations: { en: { title: 'Privacy v2', body: 'second' } } });
    const between = new Date(t0.getTime() + 30 * 60 * 1000).toISOString();

    const before = await admin(
      'GET',
      `/content-pages/${page.id}/history?at=${encodeURIComponent(new Date(t0.getTime() - 60_000).toISOString())}`,
    );
    expect(before.status).to.equal(200);
    expect(before.body).to.include({ status: 'none', page: null, version: 0 });

    const then = await admin('GET', `/content-pages/${page.id}/history?at=${encodeURIComponent(between)}`);
    expect(then.body).to.include({ status: 'draft', version: 1, stream: `content_page-${page.id}` });
    expect(then.body.page.translations.en).to.deep.equal({ title: 'Privacy v1', body: 'first' });

    const now = await admin('GET', `/content-pages/${page.id}/history`);
    expect(now.body.status).to.equal('published');
    expect(now.body.page.translations.en.title).to.equal('Privacy v2');
    const adminId = (await admin('GET', '/users?search=root')).body.items[0].id;
    expect(now.body.changes.map((c: any) => c.type)).to.deep.equal(['ContentPageCreated', 'ContentPageChanged', 'ContentPagePublished']);
    expect(now.body.changes.every((c: any) => c.user_id === adminId)).to.equal(true);

    // The auditor's stream view reads the same events, with the acting user.
    const stream = await admin('GET', `/events/streams/content_page-${page.id}`);
    expect(stream.status).to.equal(200);
    expect(stream.body.items.map((e: any) => [e.type, e.user_id])).to.deep.equal([
      ['ContentPageCreated', adminId],
      ['ContentPageChanged', adminId],
      ['ContentPagePublished', adminId],
    ]);
    expect((await admin('GET', '/content-pages/2000000000/history')).status).to.equal(404);
  });
});
