import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { teamMember } from '../../support/messaging.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
type Person = Awaited<ReturnType<typeof signedIn>>;

/** The piece of the business tab about one contact field (its input, state and company value). */
const fieldBlock = (page: string, f: string) => {
  const start = page.indexOf(`data-field="${f}"`);
  expect(start, `the page shows the field ${f}`).to.be.greaterThan(-1);
  return page.slice(start, page.indexOf('</div></div>', start) + 12);
};

/**
 * The vendor's settings pages: every section of GET /api/v1/vendor/settings shown and, where the
 * API lets a vendor change it, a form that runs the same command; a contact field is the shop's
 * own or the company's (and goes back to it); a refused value is said beside its field; the server
 * checks the permission and the form token of every form, and a vendor sees only its own settings.
 */
describe('vendor back office: settings', function () {
  this.timeout(90_000);
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let owner: Person;
  let extmarket: ExtmarketServer;
  const settingsOf = async (v: VendorFixture) => (await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken })).body;

  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    extmarket = await startExtmarketServer();
    a = await createVendorWithOwner(app, { company: { contact_phone: '+352 111 222', website: 'https://company-a.test' } });
    b = await createVendorWithOwner(app, { vendor: { name: `Bakery ${unique('b')}` } });
    // The extmarket key and team roles are plan features.
    await putOnTier(app, a.vendorId, 'enterprise');
    owner = await signedIn(app, 'vendor', a.ownerEmail, a.ownerPassword, a.vendorCode);
  });
  after(async () => {
    await extmarket?.close();
  });

  it('every tab answers, and the navigation has the settings entry', async () => {
    const first = await owner.get('/vendor/settings');
    expect(first.status).to.equal(200);
    expect(first.body).to.match(/<a href="\/vendor\/settings"[^>]*>.*?<span>Settings<\/span>/s);
    for (const tab of ['business', 'localization', 'extmarket', 'domains', 'theme']) {
      const res = await owner.get(`/vendor/settings?tab=${tab}`);
      expect(res.status, tab).to.equal(200);
      expect(res.body, tab).to.contain(`href="/vendor/settings?tab=${tab}" aria-current="page"`);
    }
    const theme = await owner.get('/vendor/settings?tab=theme');
    expect(theme.body).to.contain('class="theme-preview"').and.contain(`href="/vendors/${a.vendorCode}/shop/"`);
    expect((await owner.get('/vendor/settings?tab=nonsense')).body, 'an unknown tab is the first one').to.contain('id="business-form"');
  });

  it("a contact field inherited from the company says so with the company's value; an own value can go back to the company's", async () => {
    let page = (await owner.get('/vendor/settings')).body;
    expect(fieldBlock(page, 'contact_phone')).to.contain('Inherited from the company').and.contain('Company&#39;s value: +352 111 222');
    const csrf = owner.csrf(page);
    const saved = await owner.post('/vendor/settings/business-info', {
      _csrf: csrf,
      name: 'Atelier A',
      description: 'Hand-made things',
      contact_phone: '+352 999 000',
      website: '',
      contact_email: '',
      business_address: '',
      tax_number: '',
    });
    expect(saved.status).to.equal(303);
    expect(location(saved)).to.equal('/vendor/settings?tab=business');
    page = (await owner.get('/vendor/settings')).body;
    expect(page).to.contain('The settings are saved.');
    expect(fieldBlock(page, 'contact_phone'))
      .to.contain('Own value')
      .and.contain('value="+352 999 000"')
      .and.contain('Company&#39;s value: +352 111 222');
    expect(fieldBlock(page, 'website'), 'an empty field stays inherited').to.contain('Inherited from the company');
    expect((await settingsOf(a)).business_info).to.include({
      name: 'Atelier A',
      contact_phone: '+352 999 000',
      contact_phone_inherited: false,
    });

    const reset = await owner.post('/vendor/settings/business-info/reset', { _csrf: csrf, field: 'contact_phone' });
    expect(location(reset)).to.equal('/vendor/settings?tab=business');
    page = (await owner.get('/vendor/settings')).body;
    expect(page).to.contain('Phone is the company&#39;s again.');
    expect(fieldBlock(page, 'contact_phone')).to.contain('Inherited from the company').and.not.contain('+352 999 000');
    expect((await settingsOf(a)).business_info).to.include({
      contact_phone: null,
      contact_phone_inherited: true,
      effective_contact_phone: '+352 111 222',
    });

    await owner.post('/vendor/settings/business-info', {
      _csrf: csrf,
      name: 'Atelier A',
      website: 'https://atelier-a.test',
      contact_phone: '+352 5',
    });
    await owner.post('/vendor/settings/business-info/reset', { _csrf: csrf, field: 'all' });
    const info = (await settingsOf(a)).business_info;
    expect(info).to.include({ website_inherited: true, contact_phone_inherited: true, name: 'Atelier A' });
    expect((await owner.get('/vendor/settings')).body).to.contain('The contact data is the company&#39;s again.');
  });

  it('a refused extmarket value is said beside its field; valid ones are saved as the API stores them', async () => {
    const page = (await owner.get('/vendor/settings?tab=extmarket')).body;
    const csrf = owner.csrf(page);
    const refused = await owner.post('/vendor/settings/extmarket', {
      _csrf: csrf,
      default_tax_rate: '5',
      boost_sort: '2',
      delivery_method: ['nationwide'],
    });
    expect(refused.status).to.equal(422);
    expect(refused.body).to.match(/id="p-default_tax_rate">must be one of 0, 3, 8, 14, 17 \(percent\)</);
    expect(refused.body, 'the other values stay as typed').to.contain('value="2"');
    const out = await owner.post('/vendor/settings/extmarket', { _csrf: csrf, boost_sort: '11' });
    expect(out.status).to.equal(422);
    expect(out.body).to.match(/id="p-boost_sort">must be &lt;= 10</);
    expect((await settingsOf(a)).extmarket.default_tax_rate, 'nothing was saved').to.equal(null);

    const ok = await owner.post('/vendor/settings/extmarket', {
      _csrf: csrf,
      default_tax_rate: '17',
      boost_sort: '3',
      preorder_days: '5',
      delivery_method: ['nationwide', 'self_collect'],
      csv_url_fr: 'https://feeds.test/fr.csv',
      csv_url_en: '',
      csv_url_de: '',
    });
    expect(ok.status).to.equal(303);
    expect((await settingsOf(a)).extmarket).to.deep.include({
      default_tax_rate: 17,
      boost_sort: 3,
      preorder_days: 5,
      delivery_method: ['nationwide', 'self_collect'],
      csv_url_fr: 'https://feeds.test/fr.csv',
    });
    expect((await owner.get('/vendor/settings?tab=extmarket')).body).to.match(/<option value="17" selected>/);
  });

  it('the languages and the shop locale are changed', async () => {
    const csrf = owner.csrf((await owner.get('/vendor/settings?tab=localization')).body);
    const res = await owner.post('/vendor/settings/localization', {
      _csrf: csrf,
      dashboard_language: 'en',
      storefront_language: 'fr',
      storefront_languages: ['fr', 'de'],
      storefront_locale: 'fr-LU',
    });
    expect(res.status).to.equal(303);
    expect((await settingsOf(a)).localization).to.deep.include({
      storefront_language: 'fr',
      storefront_languages: ['fr', 'de'],
      storefront_locale: 'fr-LU',
      locale_source: 'vendor',
    });
    expect((await owner.get('/vendor/settings?tab=localization')).body).to.contain('Locale in use: fr-LU (your setting)');
  });

  it('the extmarket key is set (never shown back), tested against the extmarket and removed', async () => {
    let page = (await owner.get('/vendor/settings?tab=extmarket')).body;
    expect(page).to.contain('id="extmarket-connection"').and.contain('Not set');
    const csrf = owner.csrf(page);
    const set = await owner.post('/vendor/settings/extmarket-credentials', {
      _csrf: csrf,
      api_key: extmarket.apiKey,
      api_endpoint: extmarket.url,
      auto_sync_enabled: 'true',
    });
    expect(location(set)).to.equal('/vendor/settings?tab=extmarket');
    page = (await owner.get('/vendor/settings?tab=extmarket')).body;
    expect(page)
      .to.contain('The extmarket connection is saved.')
      .and.contain(`<code>…${extmarket.apiKey.slice(-4)}</code>`)
      .and.not.contain(extmarket.apiKey);
    await owner.post('/vendor/settings/extmarket-credentials/test', { _csrf: csrf });
    page = (await owner.get('/vendor/settings?tab=extmarket')).body;
    expect(page).to.contain('The connection works (Local extmarket vendor).').and.contain('Works');

    await owner.post('/vendor/settings/extmarket-credentials', { _csrf: csrf, api_key: 'a-wrong-key-123' });
    await owner.post('/vendor/settings/extmarket-credentials/test', { _csrf: csrf });
    expect((await owner.get('/vendor/settings?tab=extmarket')).body).to.match(/class="flash error"[^]*The connection failed: /);

    await owner.post('/vendor/settings/extmarket-credentials/remove', { _csrf: csrf });
    page = (await owner.get('/vendor/settings?tab=extmarket')).body;
    expect(page).to.contain('The extmarket key is removed.').and.contain('Not set');
    expect((await app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: a.ownerToken })).body.configured).to.equal(false);
  });

  it("the domains tab shows the addresses, each custom domain's status and the record to publish, and who adds one", async () => {
    const domain = `${unique('shop')}.example.com`.toLowerCase();
    const added = await app.call('POST', `/api/v1/admin/vendors/${a.vendorId}/domains`, {
      token: await app.adminToken(),
      body: { domain },
    });
    expect(added.status).to.equal(201);
    const page = (await owner.get('/vendor/settings?tab=domains')).body;
    expect(page).to.contain(`/vendors/${a.vendorCode}/shop/`).and.contain(`https://${a.subdomain}.`);
    expect(page).to.contain(domain).and.contain('Waiting for DNS');
    expect(page)
      .to.contain(`Verification steps for ${domain}`)
      .and.contain(`<code>_platform-verification.${domain}</code>`)
      .and.contain(`<code>${added.body.verification.value}</code>`);
    expect(page).to.contain('Custom domains are added by the platform&#39;s administrators');
  });

  it('a member who may only look gets the settings read-only and every form refused by the server; one without the permission gets no page', async () => {
    const viewerMember = await teamMember(app, a, 'viewer');
    const looker = await signedIn(app, 'vendor', viewerMember.email, viewerMember.password, a.vendorCode);
    const page = await looker.get('/vendor/settings');
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('changing them needs the settings.edit permission').and.contain('<fieldset disabled');
    expect(page.body).to.not.contain('formaction=');
    const csrf = looker.csrf(page.body);
    for (const [path, form] of [
      ['/vendor/settings/business-info', { name: 'Taken over' }],
      ['/vendor/settings/business-info/reset', { field: 'all' }],
      ['/vendor/settings/localization', { dashboard_language: 'de', storefront_language: 'de' }],
      ['/vendor/settings/extmarket', { boost_sort: '1' }],
      ['/vendor/settings/extmarket-credentials', { api_key: 'stolen-key-123' }],
      ['/vendor/settings/extmarket-credentials/test', {}],
      ['/vendor/settings/extmarket-credentials/remove', {}],
    ] as const) {
      const res = await looker.post(path, { _csrf: csrf, ...form });
      expect(res.status, path).to.equal(403);
      expect(res.body, path).to.contain('settings.edit');
    }
    expect((await settingsOf(a)).business_info.name).to.equal('Atelier A');

    const staff = await teamMember(app, a, 'staff');
    const other = await signedIn(app, 'vendor', staff.email, staff.password, a.vendorCode);
    const refused = await other.get('/vendor/settings');
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('settings.view');
    expect((await other.get('/vendor')).body, 'no settings entry in the navigation').to.not.contain('href="/vendor/settings"');
  });

  it('a vendor sees and changes only its own settings', async () => {
    const bOwner = await signedIn(app, 'vendor', b.ownerEmail, b.ownerPassword, b.vendorCode);
    const bName = (await settingsOf(b)).business_info.name as string;
    const aPage = (await owner.get('/vendor/settings')).body;
    expect(aPage).to.contain('Atelier A').and.not.contain(bName);
    const bPage = (await bOwner.get('/vendor/settings?tab=domains')).body;
    expect(bPage).to.contain(bName).and.not.contain('Atelier A').and.not.contain(`/vendors/${a.vendorCode}/shop/`);
    await bOwner.post('/vendor/settings/business-info', { _csrf: bOwner.csrf(bPage), name: `${bName} renamed` });
    expect((await settingsOf(a)).business_info.name).to.equal('Atelier A');
    expect((await settingsOf(b)).business_info.name).to.equal(`${bName} renamed`);
  });

  it('a form without its token, or with another one, is refused and changes nothing', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      for (const path of [
        '/vendor/settings/business-info',
        '/vendor/settings/business-info/reset',
        '/vendor/settings/extmarket-credentials',
      ]) {
        const res = await owner.post(path, { ...(token ? { _csrf: token } : {}), name: 'Forged', field: 'all', api_key: 'forged-key-123' });
        expect(res.status, path).to.equal(403);
      }
    }
    expect((await settingsOf(a)).business_info.name).to.equal('Atelier A');
  });

  it('text a vendor typed is shown as text, never run', async () => {
    const page = (await owner.get('/vendor/settings')).body;
    const evil = '<script>alert("x")</script> Atelier';
    await owner.post('/vendor/settings/business-info', {
      _csrf: owner.csrf(page),
      name: evil,
      description: '<img src=x onerror=alert(1)>',
    });
    const shown = (await owner.get('/vendor/settings')).body;
    expect(shown).to.contain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Atelier').and.contain('&lt;img src=x onerror=alert(1)&gt;');
    expect(shown).to.not.contain('<script>alert').and.not.contain('<img src=x');
    const theme = (await owner.get('/vendor/settings?tab=theme')).body;
    expect(theme).to.not.contain('<script>alert');
  });
});
