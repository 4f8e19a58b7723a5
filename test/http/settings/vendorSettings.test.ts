import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { SELLER } from '../../support/invoices.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md 4.2 vendor settings. */
describe('vendor settings API', () => {
  let app: TestApp;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app, { company: { tax_number: 'LU11112222', business_address: 'Company street 1' } });
  });

  it('answers every section, with documented empty shapes for areas that arrive later', async () => {
    const res = await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.keys(
      'vendor_id',
      'vendor_code',
      'business_info',
      'localization',
      'extmarket',
      'invoice_settings',
      'theme_settings',
      'domains',
      'payment_provider',
    );
    expect(res.body.business_info).to.include({
      tax_number: null,
      effective_tax_number: 'LU11112222',
      tax_number_inherited: true,
      company_tax_number: 'LU11112222',
    });
    expect(res.body.localization.supported_languages).to.have.length(4);
    expect(res.body.extmarket.options.tax_rates).to.deep.equal([0, 3, 8, 14, 17]);
    expect(res.body.invoice_settings).to.deep.equal({ vendor_id: v.vendorId, configured: false });
    expect(res.body.payment_provider).to.deep.equal({ configured: false, provider: null, status: null });
    expect(res.body.domains).to.include({ subdomain: v.subdomain, path_url: `/vendors/${v.vendorCode}/shop/` });
    expect(res.body.theme_settings.is_default).to.equal(true);
  });

  it('shows the stored invoice settings in its invoice_settings section', async () => {
    const stored = await app.call('PUT', '/api/v1/vendor/invoices/settings', { token: v.ownerToken, body: SELLER });
    expect(stored.status).to.equal(200);
    const res = await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect(res.body.invoice_settings).to.deep.include({
      configured: true,
      company_name: SELLER.company_name,
      company_country_iso: 'LU',
      vat_number: 'LU12345678',
      invoice_prefix: 'INV-',
    });
  });

  it('overrides business info and resets it to the company', async () => {
    const over = await app.call('PUT', '/api/v1/vendor/settings/business-info', {
      token: v.ownerToken,
      body: { tax_number: 'LU33334444', business_address: 'Shop street 2', name: 'Renamed shop' },
    });
    expect(over.status).to.equal(200);
    expect(over.body.business_info).to.include({
      name: 'Renamed shop',
      tax_number: 'LU33334444',
      effective_tax_number: 'LU33334444',
      tax_number_inherited: false,
    });
    const reset = await app.call('PUT', '/api/v1/vendor/settings/business-info', { token: v.ownerToken, body: { reset_to_company: true } });
    expect(reset.body.message).to.equal('Contact data reset to the company values');
    expect(reset.body.business_info).to.include({
      tax_number: null,
      effective_tax_number: 'LU11112222',
      business_address_inherited: true,
      name: 'Renamed shop',
    });
  });

  it('saves valid extmarket settings and refuses invalid tax rates and delivery settings with clear 422s', async () => {
    const ok = await app.call('PUT', '/api/v1/vendor/settings/extmarket', {
      token: v.ownerToken,
      body: {
        default_tax_rate: 8,
        delivery_method: ['nationwide', 'self_collect'],
        preorder_days: 5,
        boost_sort: 2.5,
        csv_url_fr: 'https://feeds.test/fr.csv',
      },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.extmarket).to.include({
      default_tax_rate: 8,
      preorder_days: 5,
      boost_sort: 2.5,
      csv_url_fr: 'https://feeds.test/fr.csv',
    });
    expect(ok.body.extmarket.delivery_method).to.deep.equal(['nationwide', 'self_collect']);

    const tax = await app.call('PUT', '/api/v1/vendor/settings/extmarket', { token: v.ownerToken, body: { default_tax_rate: 16 } });
    expect(tax.status).to.equal(422);
    expect(tax.body.errors).to.deep.equal([{ pointer: '/body/default_tax_rate', message: 'must be one of 0, 3, 8, 14, 17 (percent)' }]);
    const delivery = await app.call('PUT', '/api/v1/vendor/settings/extmarket', {
      token: v.ownerToken,
      body: { delivery_method: ['teleport'], preorder_days: 400 },
    });
    expect(delivery.status).to.equal(422);
    expect(delivery.body.errors.map((e: any) => e.pointer)).to.include('/body/preorder_days');
    const unknown = await app.call('PUT', '/api/v1/vendor/settings/extmarket', {
      token: v.ownerToken,
      body: { delivery_method: ['teleport'] },
    });
    expect(unknown.body.errors[0].message).to.match(/teleport/);
    const url = await app.call('PUT', '/api/v1/vendor/settings/extmarket', {
      token: v.ownerToken,
      body: { csv_url_de: 'javascript:alert(1)' },
    });
    expect(url.status).to.equal(422);
    const after = await app.call('GET', '/api/v1/vendor/settings', { token: v.ownerToken });
    expect(after.body.extmarket.default_tax_rate).to.equal(8);
  });

  it('changes the localization settings; the storefront language must be one of the storefront languages', async () => {
    const ok = await app.call('PUT', '/api/v1/vendor/settings/localization', {
      token: v.ownerToken,
      body: { dashboard_language: 'fr', storefront_languages: ['de', 'lb'], storefront_language: 'lb', storefront_locale: 'de-LU' },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.localization).to.include({
      dashboard_language: 'fr',
      storefront_language: 'lb',
      storefront_locale: 'de-LU',
      effective_locale: 'de-LU',
      locale_source: 'vendor',
    });
    const bad = await app.call('PUT', '/api/v1/vendor/settings/localization', { token: v.ownerToken, body: { storefront_language: 'en' } });
    expect(bad.status).to.equal(422);
    const locale = await app.call('PUT', '/api/v1/vendor/settings/localization', {
      token: v.ownerToken,
      body: { storefront_locale: 'french' },
    });
    expect(locale.status).to.equal(422);
  });
});
