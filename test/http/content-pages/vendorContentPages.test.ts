import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createPlatformPage, createVendorPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The vendor's content pages: the platform defaults merged with its own pages (an override of a
 * slug replaces the default), its own pages flagged when the default they override was rewritten
 * after them, and writes on its own pages only.
 */
describe('vendor content pages', () => {
  let app: TestApp;
  let me: VendorFixture;
  let other: VendorFixture;
  const vendor = (method: string, path: string, body?: unknown, token = me.ownerToken) =>
    app.call(method, `/api/v1/vendor${path}`, { token, body });
  const all = async (token = me.ownerToken) => (await vendor('GET', '/content-pages?limit=100', undefined, token)).body.items as any[];

  before(async () => {
    app = await testApp();
    me = await createVendorWithOwner(app);
    other = await createVendorWithOwner(app);
  });

  it("merges the platform defaults with the vendor's pages: an override replaces the default of its slug", async () => {
    const slug = newSlug('imprint');
    const platform = await createPlatformPage(app, pageBody(slug, { is_published: true, show_in_legal: true }));
    expect((await all()).filter((p) => p.slug === slug).map((p) => [p.id, p.source])).to.deep.equal([[platform.id, 'platform']]);

    const res = await vendor(
      'POST',
      '/content-pages',
      pageBody(slug, { show_in_legal: true, translations: { en: { title: 'My imprint', body: 'Mine' } } }),
    );
    expect(res.status).to.equal(201);
    expect(res.body).to.include({
      vendor_id: me.vendorId,
      source: 'vendor',
      overrides_default: true,
      default_page_id: platform.id,
      default_changed_since_override: false,
    });
    expect((await all()).filter((p) => p.slug === slug).map((p) => [p.id, p.source])).to.deep.equal([[res.body.id, 'vendor']]);
    // The other vendor still works with the default.
    expect((await all(other.ownerToken)).filter((p) => p.slug === slug).map((p) => p.id)).to.deep.equal([platform.id]);
  });

  it('lists only its own pages as overrides and custom pages', async () => {
    const custom = await createVendorPage(app, me.ownerToken, pageBody(newSlug('story')));
    await createVendorPage(app, other.ownerToken, pageBody(newSlug('theirs')));
    const res = await vendor('GET', '/content-pages/overrides');
    expect(res.status).to.equal(200);
    expect(res.body.items.every((p: any) => p.vendor_id === me.vendorId)).to.equal(true);
    const mine = res.body.items.find((p: any) => p.id === custom.id);
    expect(mine).to.include({ overrides_default: false, default_page_id: null, source: 'vendor' });
  });

  it('flags an override whose default was rewritten after it, with when; rewriting the override clears the flag', async () => {
    const slug = newSlug('returns');
    const platform = await createPlatformPage(app, pageBody(slug, { is_published: true }));
    const override = await createVendorPage(app, me.ownerToken, pageBody(slug));
    app.clock.advance(60_000);
    const changed = await app.call('PUT', `/api/v1/admin/content-pages/${platform.id}`, {
      token: await app.adminToken(),
      body: { translations: { en: { title: 'Returns (new law)', body: '30 days' } } },
    });
    const flagged = (await vendor('GET', '/content-pages/overrides?limit=100')).body.items.find((p: any) => p.id === override.id);
    expect(flagged).to.include({ default_changed_since_override: true, default_changed_at: changed.body.content_changed_at });
    app.clock.advance(60_000);
    const rewritten = await vendor('PUT', `/content-pages/${override.id}`, {
      translations: { en: { title: 'Our returns', body: '30 days too' } },
    });
    expect(rewritten.body).to.include({ default_changed_since_override: false, default_changed_at: null });
  });

  it('publishes its page with the flag set and makes it a draft with the flag cleared', async () => {
    const page = await createVendorPage(app, me.ownerToken, pageBody(newSlug('news')));
    expect((await vendor('PUT', `/content-pages/${page.id}`, { is_published: true })).body.status).to.equal('published');
    const draft = await vendor('PUT', `/content-pages/${page.id}`, { is_published: false });
    expect(draft.status).to.equal(200);
    expect(draft.body).to.include({ status: 'draft', is_published: false });
  });

  it("cannot change or delete another vendor's page or a platform default, and learns nothing of their content", async () => {
    const secret = `Secret of ${newSlug('them')}`;
    const theirs = await createVendorPage(
      app,
      other.ownerToken,
      pageBody(newSlug('theirs'), { translations: { en: { title: secret, body: secret } } }),
    );
    const platform = await createPlatformPage(app, pageBody(newSlug('default')));
    for (const id of [theirs.id, platform.id]) {
      const put = await vendor('PUT', `/content-pages/${id}`, { is_published: true });
      expect(put.status).to.equal(403);
      expect(put.body.code).to.equal('UnauthorizedContentPageAccessException');
      expect(JSON.stringify(put.body)).not.to.include(secret);
      const del = await vendor('DELETE', `/content-pages/${id}`);
      expect(del.status).to.equal(403);
      expect(del.body.code).to.equal('UnauthorizedContentPageAccessException');
    }
    const after = await app.call('GET', `/api/v1/admin/content-pages/${theirs.id}`, { token: await app.adminToken() });
    expect(after.body).to.include({ status: 'draft' });
    expect((await vendor('PUT', '/content-pages/2000000000', { is_published: true })).status).to.equal(404);
  });

  it('deletes its override: the default is back in its list', async () => {
    const slug = newSlug('contact');
    const platform = await createPlatformPage(app, pageBody(slug));
    const override = await createVendorPage(app, me.ownerToken, pageBody(slug));
    expect((await vendor('DELETE', `/content-pages/${override.id}`)).status).to.equal(200);
    expect((await all()).filter((p) => p.slug === slug).map((p) => p.id)).to.deep.equal([platform.id]);
  });

  it('refuses a slug it already has and a reserved word', async () => {
    const slug = newSlug('dup');
    await createVendorPage(app, me.ownerToken, pageBody(slug));
    expect((await vendor('POST', '/content-pages', pageBody(slug))).status).to.equal(409);
    expect((await vendor('POST', '/content-pages', pageBody('checkout'))).status).to.equal(422);
    // vendor_id is not the vendor's to choose.
    expect((await vendor('POST', '/content-pages', pageBody(newSlug('x'), { vendor_id: other.vendorId }))).status).to.equal(422);
  });
});
