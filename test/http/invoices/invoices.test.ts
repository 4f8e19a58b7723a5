import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';
import { startViesServer } from '../../support/viesServer.ts';
import { pdfText, SELLER } from '../../support/invoices.ts';

describe('invoices: settings, gapless numbers, PDF with the Art. 226 contents', () => {
  let app: TestApp;
  let v: VendorFixture;
  let other: VendorFixture;
  let vies: Awaited<ReturnType<typeof startViesServer>>;
  const confirmedOrder = async (vendor: VendorFixture, over = {}) => {
    const { orderId } = await seedExtmarketOrder(app, vendor.vendorId, [{ quantity: 2, unit_price_cents: 1170 }], over);
    const res = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: vendor.ownerToken });
    expect(res.status).to.equal(200);
    return orderId;
  };
  before(async () => {
    app = await testApp();
    vies = await startViesServer({ DE811569869: { name: 'ACME GMBH', address: 'WEG 1, 10115 BERLIN' } });
    process.env.VIES_URL = vies.url;
    [v, other] = [await createVendorWithOwner(app), await createVendorWithOwner(app)];
  });
  after(async () => {
    delete process.env.VIES_URL;
    await vies.close();
  });

  it('refuses an invoice before the settings exist, then stores VendorInvoiceSettings', async () => {
    const orderId = await confirmedOrder(v);
    const early = await app.call('POST', '/api/v1/vendor/invoices', { token: v.ownerToken, body: { order_id: orderId } });
    expect(early.status).to.equal(400);
    const bad = await app.call('PUT', '/api/v1/vendor/invoices/settings', {
      token: v.ownerToken,
      body: { ...SELLER, vat_number: 'DE811569869' },
    });
    expect(bad.status).to.equal(422);
    const ok = await app.call('PUT', '/api/v1/vendor/invoices/settings', { token: v.ownerToken, body: SELLER });
    expect(ok.status).to.equal(200);
    expect(ok.body).to.include({ configured: true, vat_number: 'LU12345678', invoice_prefix: 'INV-' });
    const read = await app.call('GET', '/api/v1/vendor/invoices/settings', { token: v.ownerToken });
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(ok.body);
  });

  it('numbers invoices created at once without a gap or a duplicate', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await confirmedOrder(v));
    const replies = await Promise.all(
      orders.map((id) => app.call('POST', '/api/v1/vendor/invoices', { token: v.ownerToken, body: { order_id: id } })),
    );
    expect(replies.map((r) => r.status)).to.deep.equal(orders.map(() => 201));
    const list = await app.call('GET', '/api/v1/vendor/invoices?limit=100', { token: v.ownerToken });
    const numbers = list.body.items.map((i: any) => i.sequence_number).sort((a: number, b: number) => a - b);
    expect(numbers).to.deep.equal(numbers.map((_: number, k: number) => k + 1));
    const again = await app.call('POST', '/api/v1/vendor/invoices', { token: v.ownerToken, body: { order_id: orders[0] } });
    expect(again.status).to.equal(409);
    const stats = await app.call('GET', '/api/v1/vendor/invoices/stats', { token: v.ownerToken });
    expect(stats.body).to.include({ total_invoices: numbers.length, total_gross_cents: numbers.length * 2340 });
  });

  it('renders a B2B reverse-charge invoice to a PDF that carries every required content', async () => {
    const de = {
      first_name: 'Max',
      last_name: 'Muster',
      company: 'ACME GmbH',
      street: 'Weg 1',
      street_2: null,
      postal_code: '10115',
      city: 'Berlin',
      country_iso: 'DE',
    };
    const orderId = await confirmedOrder(v, {
      shipping_country_iso: 'DE',
      billing_country_iso: 'DE',
      shipping_address: de,
      billing_address: de,
    });
    const created = await app.call('POST', '/api/v1/vendor/invoices', {
      token: v.ownerToken,
      body: { order_id: orderId, buyer_vat_number: 'DE 811 569 869' },
    });
    expect(created.status).to.equal(201);
    // The buyer paid 2 × 11.70: an exempt supply is invoiced at what was paid, VAT 0 (net = gross = the price charged).
    expect(created.body).to.include({ vat_regime: 'reverse_charge', vat_cents: 0, net_cents: 2340, gross_cents: 2340 });
    expect(created.body.mentions).to.have.length(2);
    const generated = await app.call('POST', `/api/v1/vendor/invoices/${created.body.id}/pdf`, { token: v.ownerToken });
    expect(generated.body).to.include({ success: true, invoice_number: created.body.invoice_number });
    const res = await fetch(`${app.url}/api/v1/vendor/invoices/${created.body.id}/pdf`, {
      headers: { authorization: `Bearer ${v.ownerToken}` },
    });
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      created.body.invoice_number,
      'Issue date',
      'Boutique Lux SARL',
      'LU12345678',
      'ACME GmbH',
      'DE811569869',
      'Berlin',
      'Unit price excl. VAT',
      'Item 0',
      '€11.70',
      '€23.40',
      'Exempt intra-Community supply',
      'Art. 138 Directive 2006/112/EC',
      'Reverse charge',
      'VIES',
      'WAPIAAAAW',
      'Payable within 30 days',
    ])
      expect(text, expected).to.include(expected);
  });

  it('keeps vendors apart: another vendor can neither read nor invoice these', async () => {
    const orderId = await confirmedOrder(v);
    const list = await app.call('GET', '/api/v1/vendor/invoices', { token: v.ownerToken });
    const id = list.body.items[0].id;
    expect((await app.call('GET', `/api/v1/vendor/invoices/${id}`, { token: other.ownerToken })).status).to.equal(404);
    expect((await app.call('GET', `/api/v1/vendor/invoices/${id}/pdf`, { token: other.ownerToken })).status).to.equal(404);
    await app.call('PUT', '/api/v1/vendor/invoices/settings', { token: other.ownerToken, body: SELLER });
    expect((await app.call('POST', '/api/v1/vendor/invoices', { token: other.ownerToken, body: { order_id: orderId } })).status).to.equal(
      404,
    );
  });
});
