import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { pdfText, SELLER } from '../../support/invoices.ts';
import { teamMember } from '../../support/messaging.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The vendor's invoice pages (src/pages/invoices): the settings form checked against the API's
 * schema, issuing an order's invoice (refused in words before the settings exist), the list and
 * the document's page, the PDF download; the form token, the permission and the tenant checked on
 * the server; the seller's text never markup.
 */
describe('invoice pages of the vendor back office', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  let owner: Visitor;

  const confirmedOrder = async () => {
    const { orderId } = await seedExtmarketOrder(app, v.vendorId, [{ quantity: 2, unit_price_cents: 1170 }]);
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: v.ownerToken });
    return orderId;
  };
  const settingsForm = (over: Record<string, string> = {}) => ({
    company_name: SELLER.company_name,
    company_address: SELLER.company_address,
    company_postal_code: SELLER.company_postal_code,
    company_city: SELLER.company_city,
    company_country_iso: 'LU',
    vat_number: SELLER.vat_number,
    invoice_prefix: 'INV-',
    bank_iban: SELLER.bank_iban,
    ...over,
  });

  before(async function () {
    this.timeout(180_000);
    app = await testApp();
    v = await createVendorWithOwner(app);
    owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
  });

  it('refuses an invoice in words before the settings, saves the settings, issues the invoice and downloads its PDF', async function () {
    this.timeout(240_000); // a PDF render takes seconds alone and minutes when the machine is loaded
    const orderId = await confirmedOrder();
    const list = await owner.get(`/vendor/invoices?order_id=${orderId}`);
    expect(list.status).to.equal(200);
    const token = owner.csrf(list.body);
    const early = await owner.post('/vendor/invoices', { _csrf: token, order_id: String(orderId) });
    expect(early.status).to.equal(303);
    expect((await owner.get(String(early.headers.location))).body).to.match(/settings/i);

    const wrong = await owner.post('/vendor/invoices/settings', { _csrf: token, ...settingsForm({ vat_number: 'DE811569869' }) });
    expect((await owner.get(String(wrong.headers.location))).body).to.contain('VAT number does not match');
    const saved = await owner.post('/vendor/invoices/settings', {
      _csrf: token,
      ...settingsForm({ footer_text: '<script>alert(1)</script>' }),
    });
    expect((await owner.get(String(saved.headers.location))).body)
      .to.contain('Invoice settings saved.')
      .and.contain('&lt;script&gt;alert(1)')
      .and.not.contain('<script>alert');

    const issued = await owner.post('/vendor/invoices', { _csrf: token, order_id: String(orderId) });
    expect(issued.status).to.equal(303);
    expect(issued.headers.location).to.match(/^\/vendor\/invoices\/\d+$/);
    const page = await owner.get(String(issued.headers.location));
    expect(page.body).to.contain('Invoice INV-').and.contain('Boutique Lux SARL').and.contain('Download PDF');
    // The one PDF render of this file (rendering is the slow part on a loaded machine): through the
    // page with the visitor's cookies, read as bytes so its text can be checked.
    const pdf = await fetch(`${app.url}${issued.headers.location}/pdf`, {
      headers: { cookie: [...owner.jar].map(([k, val]) => `${k}=${val}`).join('; ') },
    });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    expect(pdf.headers.get('content-disposition')).to.match(/attachment; filename="INV-/);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer())), 'the PDF is the invoice itself').to.contain('Boutique Lux SARL');
    expect((await owner.get('/vendor/invoices')).body).to.contain(`href="${issued.headers.location}"`);
  });

  it("refuses the forms without the form token or the permission, and another vendor's invoices", async () => {
    for (const path of ['/vendor/invoices', '/vendor/invoices/settings']) {
      expect((await owner.post(path, settingsForm())).status, path).to.equal(403);
      expect((await owner.post(path, { _csrf: 'x'.repeat(43), ...settingsForm() })).status, path).to.equal(403);
    }
    const viewer = await teamMember(app, v, 'viewer', 'Vic');
    const member = await signedIn(app, 'vendor', viewer.email, viewer.password);
    const page = await member.get('/vendor/invoices');
    expect((await member.post('/vendor/invoices/settings', { _csrf: member.csrf(page.body), ...settingsForm() })).status).to.equal(403);
    expect((await member.get('/vendor/invoices/settings')).status).to.equal(403);

    const id = (await app.services.db.knex('invoices').where('vendor_id', v.vendorId).first('id'))!.id;
    const b = await createVendorWithOwner(app);
    const other = await signedIn(app, 'vendor', b.ownerEmail, b.ownerPassword);
    expect((await other.get(`/vendor/invoices/${id}`)).status).to.equal(404);
    expect((await other.get(`/vendor/invoices/${id}/pdf`)).status).to.equal(404);
  });
});
