import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/** A vendor's storefront theme in the admin back office: presets, the form, the preview, reset and history, through the theme commands. */
describe("admin back office: a vendor's theme", function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async function () {
    this.timeout(120_000);
    app = await testApp();
  });

  it('applies a preset, changes a colour, previews it, refuses a colour the API refuses, resets, and keeps each step in the history', async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/vendors/${v.vendorId}/theme`);
    expect(page.body).to.contain('The shop uses the platform default theme.').and.contain('class="theme-preview"');
    const csrf = admin.csrf(page.body);
    expect(location(await admin.post(`/admin/vendors/${v.vendorId}/theme/presets/modern`, { _csrf: csrf }))).to.equal(
      `/admin/vendors/${v.vendorId}/theme`,
    );
    const form = {
      _csrf: csrf,
      color_primary: '#112233',
      color_secondary: '#06b6d4',
      color_accent: '#f59e0b',
      color_background: '#ffffff',
      color_text: '#111827',
      color_border: '#e5e7eb',
      font_heading: 'Poppins, sans-serif',
      font_body: 'Inter, sans-serif',
      layout_style: 'list',
      layout_product_card: 'classic',
      custom_css: '',
    };
    await admin.post(`/admin/vendors/${v.vendorId}/theme`, form);
    const api = await app.call('GET', `/api/v1/admin/vendors/${v.vendorId}/theme`, { token: await app.adminToken() });
    expect(api.body.theme.colors.primary).to.equal('#112233');
    expect(api.body.theme.layout.style).to.equal('list');
    expect((await admin.get(`/admin/vendors/${v.vendorId}/theme`)).body).to.contain('background:#112233');
    const bad = await admin.post(`/admin/vendors/${v.vendorId}/theme`, { ...form, color_primary: 'red;}</style><script>' });
    const refused = await admin.get(location(bad));
    expect(refused.body).to.contain('colors/primary').and.not.contain('<script>');
    await admin.post(`/admin/vendors/${v.vendorId}/theme/reset`, { _csrf: csrf });
    expect((await admin.get(`/admin/vendors/${v.vendorId}/theme`)).body).to.contain('platform default theme');
    const history = await admin.get(`/admin/vendors/${v.vendorId}/theme?tab=history`);
    expect(history.body).to.contain('ThemePresetApplied').and.contain('VendorThemeReset');
    expect((await admin.post(`/admin/vendors/${v.vendorId}/theme/reset`, {})).status).to.equal(403);
  });
});
