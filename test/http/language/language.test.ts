import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md 4.4 language endpoints and part 2 Conventions (locale resolution). */
describe('language API', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app, { vendor: { storefront_languages: ['fr', 'de'], storefront_language: 'de' } });
  });
  afterEach(async () => {
    await app.call('PUT', '/api/v1/admin/settings/localization', { token: admin, body: { storefront_locale: null } });
  });

  it('lists the four supported languages', async () => {
    const res = await app.call('GET', '/api/v1/language/list');
    expect(res.status).to.equal(200);
    expect(res.body.languages.map((l: any) => l.code)).to.deep.equal(['en', 'fr', 'de', 'lb']);
    expect(res.body.languages.find((l: any) => l.code === 'lb').native_name).to.equal('Lëtzebuergesch');
  });

  it('sets the preference in a cookie, answers in the new language, reads it back and clears it', async () => {
    const set = await app.call('POST', '/api/v1/language/set', { body: { language: 'fr' } });
    expect(set.status).to.equal(200);
    expect(set.body.message).to.equal('Langue définie sur Français');
    const cookie = set.headers.get('set-cookie')!;
    expect(cookie)
      .to.match(/^lang=fr;/)
      .and.match(/path=\//i);
    const current = await app.call('GET', '/api/v1/language/current', { headers: { cookie: 'lang=fr' } });
    expect(current.body).to.include({ code: 'fr', source: 'cookie', native_name: 'Français' });
    const cleared = await app.call('DELETE', '/api/v1/language/clear', { headers: { cookie: 'lang=fr' } });
    expect(cleared.status).to.equal(200);
    expect(cleared.headers.get('set-cookie'))
      .to.match(/^lang=;/)
      .and.match(/expires=Thu, 01 Jan 1970/i);
    expect(cleared.body.current.source).not.to.equal('cookie');
  });

  it('refuses an unsupported language with 422', async () => {
    const res = await app.call('POST', '/api/v1/language/set', { body: { language: 'es' } });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].pointer).to.equal('/body/language');
  });

  it('falls back from the cookie to Accept-Language to the default', async () => {
    const browser = await app.call('GET', '/api/v1/language/current', { headers: { 'accept-language': 'es-ES, de-LU;q=0.8, fr;q=0.5' } });
    expect(browser.body).to.include({ code: 'de', source: 'accept-language' });
    const none = await app.call('GET', '/api/v1/language/current');
    expect(none.body).to.include({ code: 'en' });
  });

  it('resolves the locale: vendor storefront_locale, then the admin setting, then the environment', async () => {
    const platform = await app.call('GET', '/api/v1/language/current');
    expect(platform.body).to.include({ locale: app.services.config.defaultLocale, locale_source: 'environment' });

    const setting = await app.call('PUT', '/api/v1/admin/settings/localization', {
      token: admin,
      body: { storefront_locale: 'fr-LU', storefront_currency: 'EUR' },
    });
    expect(setting.status).to.equal(200);
    expect(setting.body).to.include({ storefront_locale: 'fr-LU', effective_locale: 'fr-LU' });
    const fromAdmin = await app.call('GET', '/api/v1/language/current');
    expect(fromAdmin.body).to.include({ locale: 'fr-LU', locale_source: 'platform' });

    const referer = { referer: `http://localhost/vendors/${v.vendorCode}/shop/` };
    const shopNoLocale = await app.call('GET', '/api/v1/language/current', { headers: referer });
    expect(shopNoLocale.body).to.include({ locale: 'fr-LU', locale_source: 'platform' });
    await app.call('PUT', '/api/v1/vendor/settings/localization', { token: v.ownerToken, body: { storefront_locale: 'de-LU' } });
    const shop = await app.call('GET', '/api/v1/language/current', { headers: referer });
    expect(shop.body).to.include({ locale: 'de-LU', locale_source: 'vendor', code: 'de', source: 'vendor' });
    expect(shop.body.vendor.id).to.equal(v.vendorId);
  });

  it("on a shop, offers only the shop's languages and ignores a cookie for another one", async () => {
    const referer = { referer: `http://localhost/vendors/${v.vendorCode}/shop/` };
    const list = await app.call('GET', '/api/v1/language/list', { headers: referer });
    expect(list.body.languages.map((l: any) => l.code)).to.deep.equal(['fr', 'de']);
    const en = await app.call('GET', '/api/v1/language/current', { headers: { ...referer, cookie: 'lang=en' } });
    expect(en.body.code).to.equal('de');
    const fr = await app.call('GET', '/api/v1/language/current', { headers: { ...referer, cookie: 'lang=fr' } });
    expect(fr.body).to.include({ code: 'fr', source: 'cookie' });
  });

  it('writes API messages in the language of the request (message catalogue)', async () => {
    const out = await app.call('POST', '/api/v1/vendor/auth/logout', { headers: { cookie: 'lang=lb' } });
    expect(out.body.message).to.equal('Dir sidd ofgemellt');
    const de = await app.call('POST', '/api/v1/vendor/auth/logout', { headers: { 'accept-language': 'de' } });
    expect(de.body.message).to.equal('Sie wurden abgemeldet');
  });
});
