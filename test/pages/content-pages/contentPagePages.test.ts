import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { catalogueVendor, flashOf, type PageVisitor } from '../../support/cataloguePages.ts';
import { createPlatformPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { teamMember } from '../../support/messaging.ts';
import { switchModules } from '../../support/platforms.ts';
import { browse } from '../../support/storefront.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

const EVIL_TITLE = '<img src=x onerror=alert(1)> Shipping';
const EVIL_BODY = 'Hello **world**\n\n<script>alert("page")</script>\n\n[click](javascript:alert(2))';

/**
 * The content page pages of both back offices (src/pages/content-pages): the shop's pages with
 * the platform defaults to override, the editor (Markdown preview, language versions, draft and
 * published, navigation placement) writing through the content page commands, the page on the
 * shop, the outdated-override flag, the history tab; admins with platform defaults and every
 * vendor's pages. Permissions and the form token on the server; one vendor never reaches another's
 * pages; what authors type never runs as script.
 */
describe('back offices: content pages', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: PageVisitor;
  let defaultId: number;
  let slug: string;
  let overrideId: number;

  const form = (token: string, over: Record<string, string> = {}) => ({
    _csrf: token,
    lang: 'en',
    title: 'Delivery',
    body: 'We ship **fast**.',
    slug,
    template: 'default',
    default_language: 'en',
    sort_order: '5',
    show_in_footer: 'on',
    action: 'publish',
    ...over,
  });

  before(async () => {
    app = await testApp();
    await switchModules(app, 'main', 'enable', 'content-pages');
    ({ v, owner } = await catalogueVendor(app));
    slug = newSlug('delivery');
    defaultId = (await createPlatformPage(app, pageBody(slug, { is_published: true, show_in_footer: true }))).id;
  });

  it('lists the platform default with an override, previews the Markdown without saving, publishes the override and shows it on the shop', async () => {
    const list = await owner.get('/vendor/content');
    expect(list.status).to.equal(200);
    expect(list.body).to.contain(`Title of ${slug}`).and.contain(`href="/vendor/content/new?from=${defaultId}"`);
    const fresh = await owner.get(`/vendor/content/new?from=${defaultId}`);
    expect(fresh.body).to.contain('id="page-editor"').and.contain(`value="${slug}"`).and.contain(`Title of ${slug}`);
    const token = owner.csrf(fresh.body);

    const preview = await owner.post(
      '/vendor/content',
      form(token, { title: EVIL_TITLE, body: EVIL_BODY, action: 'preview', from: String(defaultId) }),
    );
    expect(preview.status).to.equal(200);
    expect(preview.body).to.contain('id="preview"').and.contain('Hello <strong>world</strong>');
    expect(preview.body).not.to.contain('<script>alert("page")').and.not.contain('<img src=x').and.not.contain('href="javascript:');
    expect((await owner.get('/vendor/content')).body).not.to.contain('Shipping');

    const created = await owner.post('/vendor/content', form(token));
    expect(created.status).to.equal(303);
    overrideId = Number(/\/vendor\/content\/(\d+)/.exec(created.headers.location as string)?.[1]);
    expect(overrideId).to.be.greaterThan(0);
    const editorPage = await owner.get(created.headers.location as string);
    expect(flashOf(editorPage.body)).to.equal(`Page ${slug} created.`);
    expect(editorPage.body).to.contain('Published').and.contain(`href="/vendors/${v.vendorCode}/${slug}"`);
    const shop = await browse(app, 'GET', `/vendors/${v.vendorCode}/${slug}`);
    expect(shop.status).to.equal(200);
    expect(shop.body).to.contain('We ship <strong>fast</strong>.');
  });

  it('edits a language version, keeps it as a draft, and the history tab shows each change', async () => {
    const page = await owner.get(`/vendor/content/${overrideId}?lang=fr`);
    expect(page.body).to.contain('Editing the Français version');
    const saved = await owner.post(
      `/vendor/content/${overrideId}`,
      form(owner.csrf(page.body), { lang: 'fr', title: 'Livraison', body: 'Nous livrons **vite**.', action: 'draft' }),
    );
    expect(saved.status).to.equal(303);
    expect(flashOf((await owner.get(saved.headers.location as string)).body)).to.equal('Page saved.');
    const fr = await owner.get(`/vendor/content/${overrideId}?lang=fr`);
    expect(fr.body).to.contain('value="Livraison"').and.contain('Draft');
    expect((await browse(app, 'GET', `/vendors/${v.vendorCode}/${slug}`)).body).not.to.contain('We ship');

    const published = await owner.post(`/vendor/content/${overrideId}/publish`, { _csrf: owner.csrf(fr.body) });
    expect(flashOf((await owner.get(published.headers.location as string)).body)).to.equal('Page published.');
    const history = await owner.get(`/vendor/content/${overrideId}?tab=history`);
    expect(history.body).to.contain('Content page created').and.contain('Content page published').and.contain('Content page unpublished');
    const asOf = await owner.get(`/vendor/content/${overrideId}?tab=history&as_of=2000-01-01T00:00:00`);
    expect(asOf.body).to.contain('0 of');
  });

  it("flags the override when the platform default is rewritten after it, with the default's text beside the editor", async () => {
    const changed = await app.call('PUT', `/api/v1/admin/content-pages/${defaultId}`, {
      token: await app.adminToken(),
      body: { translations: { en: { title: 'Delivery terms', body: 'New **platform** terms.' } } },
    });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    const list = await owner.get('/vendor/content');
    expect(list.body).to.contain('Default changed since');
    const page = await owner.get(`/vendor/content/${overrideId}`);
    expect(page.body).to.contain('id="outdated"').and.contain('New <strong>platform</strong> terms.');
  });

  it('user text never runs as script in the list, the editor or the history', async () => {
    const page = await owner.get(`/vendor/content/${overrideId}`);
    await owner.post(`/vendor/content/${overrideId}`, form(owner.csrf(page.body), { title: EVIL_TITLE, body: EVIL_BODY, action: 'draft' }));
    for (const path of ['/vendor/content', `/vendor/content/${overrideId}`, `/vendor/content/${overrideId}?tab=history`]) {
      const body = (await owner.get(path)).body;
      expect(body, path).to.contain('&lt;img src=x onerror=alert(1)&gt;');
      expect(body, path).not.to.contain('<img src=x').and.not.contain('<script>alert("page")').and.not.contain('href="javascript:');
    }
  });

  it("refuses the forms without the form token or the permission, and another vendor's pages", async () => {
    for (const path of [
      '/vendor/content',
      `/vendor/content/${overrideId}`,
      `/vendor/content/${overrideId}/publish`,
      `/vendor/content/${overrideId}/delete`,
    ]) {
      expect((await owner.post(path, form('', { title: 'Forged' }))).status, path).to.equal(403);
      expect((await owner.post(path, form('x'.repeat(43), { title: 'Forged' }))).status, path).to.equal(403);
    }
    const viewer = await teamMember(app, v, 'viewer', 'Vic');
    const member = await signedIn(app, 'vendor', viewer.email, viewer.password);
    const readOnly = await member.get(`/vendor/content/${overrideId}`);
    expect(readOnly.status).to.equal(200);
    expect(readOnly.body).not.to.contain('id="page-editor"');
    const refused = await member.post(`/vendor/content/${overrideId}`, form(member.csrf(readOnly.body), { title: 'Forged' }));
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('content.edit');
    expect((await member.get('/vendor/content/new')).status).to.equal(403);

    const b = await catalogueVendor(app);
    expect((await b.owner.get(`/vendor/content/${overrideId}`)).status).to.equal(404);
    expect((await b.owner.get(`/vendor/content/${overrideId}?tab=history`)).status).to.equal(404);
    const theirs = await b.owner.get('/vendor/content');
    expect(theirs.body).not.to.contain(`/vendor/content/${overrideId}`).and.not.to.contain('Shipping');
    const tried = await b.owner.post(`/vendor/content/${overrideId}/delete`, { _csrf: b.owner.csrf(theirs.body) });
    expect(flashOf((await b.owner.get(tried.headers.location as string)).body)).to.contain('not found');
    const still = await app.call('GET', `/api/v1/admin/content-pages/${overrideId}`, { token: await app.adminToken() });
    expect(still.status).to.equal(200);
    expect(JSON.stringify(still.body)).not.to.contain('Forged');
  });

  it("admins edit platform defaults and any vendor's page, filter by owner, and export a page's history", async () => {
    const admin = await signedInAdmin(app);
    const platform = await admin.get('/admin/content?owner=platform');
    expect(platform.status).to.equal(200);
    expect(platform.body).to.contain(`href="/admin/content/${defaultId}"`).and.not.contain(`href="/admin/content/${overrideId}"`);
    // The override was saved since the default's last rewrite; one more rewrite makes it outdated again.
    await app.call('PUT', `/api/v1/admin/content-pages/${defaultId}`, {
      token: await app.adminToken(),
      body: { sort_order: 1, translations: { en: { title: 'Delivery terms', body: 'Newer terms.' } } },
    });
    const ofVendor = await admin.get(`/admin/content?owner=${v.vendorId}`);
    expect(ofVendor.body)
      .to.contain(`href="/admin/content/${overrideId}"`)
      .and.contain('Default changed since')
      .and.not.contain('<img src=x');

    const fresh = await admin.get('/admin/content/new');
    const own = newSlug('about');
    const created = await admin.post('/admin/content', {
      _csrf: admin.csrf(fresh.body),
      lang: 'en',
      title: 'About us',
      body: 'A **platform** page.',
      slug: own,
      template: 'default',
      default_language: 'en',
      sort_order: '0',
      show_in_header: 'on',
      action: 'draft',
    });
    expect(created.status).to.equal(303);
    const id = Number(/\/admin\/content\/(\d+)/.exec(created.headers.location as string)?.[1]);
    const page = await admin.get(`/admin/content/${id}`);
    expect(page.body).to.contain('Draft').and.contain('value="About us"');
    expect((await admin.get(`/admin/content/${id}?tab=history`)).body).to.contain(`/admin/history/export?stream=content_page-${id}`);
    const forVendor = await admin.post('/admin/content', {
      _csrf: admin.csrf(fresh.body),
      vendor_id: String(v.vendorId),
      lang: 'en',
      title: 'Vendor news',
      body: 'x',
      slug: newSlug('news'),
      template: 'default',
      default_language: 'en',
      sort_order: '0',
      action: 'publish',
    });
    expect(forVendor.status).to.equal(303);
    expect((await owner.get('/vendor/content')).body).to.contain('Vendor news');
  });
});
