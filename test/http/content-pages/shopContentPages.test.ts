import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createPlatformPage, createVendorPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { shopClient, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The shop's content pages, as a storefront reads them: the vendor's published page first, then
 * the published platform default, never a draft; the navigation; the shopper's language; and a
 * body that is safe HTML whatever the author typed.
 */
describe('shop content pages', () => {
  let app: TestApp;
  let shop: ShopClient;
  let otherShop: ShopClient;
  let adminToken: string;
  const admin = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/admin${path}`, { token: adminToken, body });

  before(async () => {
    app = await testApp();
    adminToken = await app.adminToken();
    shop = shopClient(
      app,
      await createVendorWithOwner(app, { vendor: { storefront_language: 'en', storefront_languages: ['en', 'fr', 'de'] } }),
    );
    otherShop = shopClient(app, await createVendorWithOwner(app));
  });

  it('shows a platform default only once published, and a vendor override instead of it once that is published', async () => {
    const slug = newSlug('terms');
    const platform = await createPlatformPage(
      app,
      pageBody(slug, { translations: { en: { title: 'Platform terms', body: "The platform's" } } }),
    );
    const hidden = await shop.call('GET', `/content-pages/${slug}`);
    expect(hidden.status).to.equal(404);
    expect(hidden.body.code).to.equal('ContentPageNotFoundException');

    await admin('PUT', `/content-pages/${platform.id}`, { is_published: true });
    const shown = await shop.call('GET', `/content-pages/${slug}`);
    expect(shown.status).to.equal(200);
    expect(shown.body).to.include({ id: platform.id, source: 'platform', title: 'Platform terms' });

    const override = await createVendorPage(
      app,
      shop.vendor.ownerToken,
      pageBody(slug, { translations: { en: { title: 'Our terms', body: 'Ours' } } }),
    );
    // A draft override leaves the default in place.
    expect((await shop.call('GET', `/content-pages/${slug}`)).body.source).to.equal('platform');
    await app.call('PUT', `/api/v1/vendor/content-pages/${override.id}`, { token: shop.vendor.ownerToken, body: { is_published: true } });
    const replaced = await shop.call('GET', `/content-pages/${slug}`);
    expect(replaced.body).to.include({ id: override.id, source: 'vendor', title: 'Our terms', html: '<p>Ours</p>\n' });
    // Another shop still reads the default.
    expect((await otherShop.call('GET', `/content-pages/${slug}`)).body).to.include({ id: platform.id, source: 'platform' });

    // Unpublished again, the override is a draft: the default is back.
    await app.call('PUT', `/api/v1/vendor/content-pages/${override.id}`, { token: shop.vendor.ownerToken, body: { is_published: false } });
    expect((await shop.call('GET', `/content-pages/${slug}`)).body.source).to.equal('platform');
    await admin('PUT', `/content-pages/${platform.id}`, { is_published: false });
    expect((await shop.call('GET', `/content-pages/${slug}`)).status).to.equal(404);
  });

  it('builds the navigation from the published pages: header, footer and legal links, ordered, overrides replacing defaults', async () => {
    const legal = newSlug('legal');
    const about = newSlug('about');
    const draft = newSlug('draft');
    const platform = await createPlatformPage(
      app,
      pageBody(legal, { is_published: true, show_in_legal: true, show_in_footer: true, sort_order: 2 }),
    );
    await createPlatformPage(app, pageBody(draft, { show_in_header: true }));
    await createVendorPage(
      app,
      shop.vendor.ownerToken,
      pageBody(about, { is_published: true, show_in_header: true, show_in_footer: true, sort_order: 1 }),
    );
    await createVendorPage(
      app,
      shop.vendor.ownerToken,
      pageBody(legal, {
        is_published: true,
        show_in_legal: true,
        sort_order: 3,
        translations: { en: { title: 'Our legal notice', body: 'x' } },
      }),
    );
    const nav = await shop.call('GET', '/content-pages/navigation');
    expect(nav.status).to.equal(200);
    const mine = (list: any[]) => list.filter((e) => [legal, about, draft].includes(e.slug)).map((e) => [e.slug, e.source, e.title]);
    expect(mine(nav.body.header)).to.deep.equal([[about, 'vendor', `Title of ${about}`]]);
    expect(mine(nav.body.footer)).to.deep.equal([[about, 'vendor', `Title of ${about}`]]);
    expect(mine(nav.body.legal)).to.deep.equal([[legal, 'vendor', 'Our legal notice']]);
    const others = await otherShop.call('GET', '/content-pages/navigation');
    expect(mine(others.body.legal)).to.deep.equal([[legal, 'platform', `Title of ${legal}`]]);
    expect(mine(others.body.header)).to.deep.equal([]);
    expect(platform.slug).to.equal(legal);
  });

  it("answers in the shopper's language, else in the page's default language", async () => {
    const slug = newSlug('lang');
    await createPlatformPage(
      app,
      pageBody(slug, {
        is_published: true,
        default_language: 'fr',
        translations: { fr: { title: 'Bonjour', body: 'Texte *français*' }, de: { title: 'Hallo', body: 'Deutsch' } },
      }),
    );
    const de = await shop.call('GET', `/content-pages/${slug}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(de.body).to.include({ language: 'de', requested_language: 'de', title: 'Hallo', html: '<p>Deutsch</p>\n' });
    const en = await shop.call('GET', `/content-pages/${slug}`, { headers: { 'accept-language': 'en' } });
    expect(en.body).to.include({ language: 'fr', requested_language: 'en', title: 'Bonjour', html: '<p>Texte <em>français</em></p>\n' });
    const nav = await shop.call('GET', '/content-pages/navigation', { headers: { 'accept-language': 'de' } });
    expect(nav.body.language).to.equal('de');
  });

  it('renders whatever the author typed to safe HTML: no script, no event handler, no javascript: or data: URL', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><script>alert(1)</script></svg>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](javascript&#58;alert(1))',
      '[click](&#106;avascript:alert(1))',
      '[click]( javascript:alert(1))',
      '<javascript:alert(1)>',
      '[click](vbscript:msgbox(1))',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '![img](x" onerror="alert(1))',
      '[a](https://ok.example "title\\" onmouseover=\\"alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<<script>script>alert(1)<</script>/script>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '`<script>alert(1)</script>`',
      '    <script>alert(1)</script>',
      '<details open ontoggle=alert(1)>',
      '[x](//evil.example)',
    ];
    const slug = newSlug('xss');
    await createVendorPage(
      app,
      shop.vendor.ownerToken,
      pageBody(slug, {
        is_published: true,
        translations: {
          en: { title: '<script>alert(1)</script>', body: `Fine [link](https://shop.example/a).\n\n${payloads.join('\n\n')}` },
        },
      }),
    );
    const res = await shop.call('GET', `/content-pages/${slug}`);
    expect(res.status).to.equal(200);
    const html: string = res.body.html;
    expect(html).to.include('<a href="https://shop.example/a" rel="noopener noreferrer nofollow">link</a>');
    expect(html).not.to.match(/<script/i);
    // Every real tag (a "<" in text is escaped) is one Markdown makes, with harmless attributes and web or mail URLs only.
    const tags = [...html.matchAll(/<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)];
    expect(html.match(/<[a-z]/gi)!.length, 'every tag is well formed').to.equal(tags.length);
    for (const [, name, attrs] of tags) {
      expect(['p', 'a', 'code', 'pre', 'img', 'em', 'strong'], name).to.include(name.toLowerCase());
      for (const [, attr, value] of attrs.matchAll(/([a-z-]+)="([^"]*)"/gi)) {
        expect(['href', 'src', 'alt', 'title', 'rel'], attr).to.include(attr.toLowerCase());
        if (attr === 'href' || attr === 'src') expect(value, attr).to.match(/^(https:\/\/|http:\/\/|mailto:)/);
      }
    }
    // The title is text (a JSON string): the storefront escapes it as any other text.
    expect(res.body.title).to.equal('<script>alert(1)</script>');
  });

  it('answers an unknown slug and a malformed one as a client error', async () => {
    expect((await shop.call('GET', `/content-pages/${newSlug('nothing')}`)).status).to.equal(404);
    expect((await shop.call('GET', '/content-pages/Not_A_Slug')).status).to.equal(422);
  });
});
