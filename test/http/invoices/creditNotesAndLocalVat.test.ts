import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { recordReferenceRates } from '../../../commands/exchange-rates/handlers.ts';
import { parseReferenceRates } from '../../../src/adapters/ecbRates.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { pdfText, SELLER } from '../../support/invoices.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * Through the vendor API: an issued invoice is credited, never edited (Art. 219), and an invoice
 * whose VAT is due in a non-euro member state states it in that currency (Art. 230, 91(2)).
 */
describe('invoices: credit notes and VAT in the local currency, through the API', () => {
  let app: TestApp;
  let v: VendorFixture;
  const call = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });
  const pdfOf = async (id: number) => {
    const res = await fetch(`${app.url}/api/v1/vendor/invoices/${id}/pdf`, { headers: { authorization: `Bearer ${v.ownerToken}` } });
    expect(res.status).to.equal(200);
    return pdfText(Buffer.from(await res.arrayBuffer()));
  };
  const confirmedOrder = async (unitPrice: number, quantity: number, over = {}) => {
    const { orderId } = await seedExtmarketOrder(app, v.vendorId, [{ quantity, unit_price_cents: unitPrice }], over);
    expect((await call('POST', `/extmarket/orders/${orderId}/confirm`)).status).to.equal(200);
    return orderId;
  };

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
    expect((await call('PUT', '/invoices/settings', SELLER)).status).to.equal(200);
  });

  it('credits a refund and then the rest with the next numbers of the same sequence, and never more', async () => {
    const orderId = await confirmedOrder(1170, 2);
    const invoice = (await call('POST', '/invoices', { order_id: orderId })).body;
    const refund = await call('POST', `/invoices/${invoice.id}/credit-notes`, {
      reason: 'refund',
      lines: [{ item_id: invoice.lines[0].item_id, quantity: 1 }],
    });
    expect(refund.status).to.equal(201);
    // One unit of 11.70 at 17 %: net −10.00, VAT −1.70.
    expect(refund.body).to.include({
      document_type: 'credit_note',
      credited_invoice_id: invoice.id,
      credit_reason: 'refund',
      net_cents: -1000,
      vat_cents: -170,
      gross_cents: -1170,
    });
    expect(refund.body.sequence_number).to.equal(invoice.sequence_number + 1);
    const rest = await call('POST', `/invoices/${invoice.id}/credit-notes`, { reason: 'cancellation' });
    // A cancellation credits every line, 23.40, but only 11.70 is left to credit.
    expect(rest.status).to.equal(400);
    expect(rest.body).to.include({ code: 'InvoiceException', creditable_cents: 1170 });
    const last = await call('POST', `/invoices/${invoice.id}/credit-notes`, {
      reason: 'refund',
      lines: [{ item_id: invoice.lines[0].item_id, quantity: 1 }],
      note: 'returned',
    });
    expect(last.status).to.equal(201);
    const listed = await call('GET', `/invoices?order_id=${orderId}`);
    expect(listed.body.items.map((i: any) => [i.document_type, i.gross_cents])).to.deep.equal([
      ['credit_note', -1170],
      ['credit_note', -1170],
      ['invoice', 2340],
    ]);
    // The invoice is unchanged.
    expect((await call('GET', `/invoices/${invoice.id}`)).body).to.deep.include({ gross_cents: 2340, document_type: 'invoice' });
    const text = await pdfOf(refund.body.id);
    expect(text)
      .to.contain(`Credit note ${refund.body.invoice_number}`)
      .and.contain(`Credit note for invoice ${invoice.invoice_number}`)
      .and.contain('Art. 219');
  });

  it("keeps a product's VAT rate category and invoices each line at its own rate", async () => {
    const created = await call('POST', '/products', { title: 'Atlas', price_cents: 1030, vat_rate_category: 'super_reduced' });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ vat_rate_category: 'super_reduced' });
    const bad = await call('PATCH', `/products/${created.body.id}`, { vat_rate_category: 'luxury' });
    expect(bad.status).to.equal(422);
    expect((await call('PATCH', `/products/${created.body.id}`, { vat_rate_category: 'reduced' })).body).to.include({
      vat_rate_category: 'reduced',
    });
    const { orderId } = await seedExtmarketOrder(app, v.vendorId, [
      { quantity: 2, unit_price_cents: 1030, vat_rate_category: 'super_reduced', product_id: created.body.id },
      { quantity: 1, unit_price_cents: 11700 },
    ]);
    expect((await call('POST', `/extmarket/orders/${orderId}/confirm`)).status).to.equal(200);
    const invoice = (await call('POST', '/invoices', { order_id: orderId })).body;
    // Luxembourg: 2 × 10.30 at 3 % → net 20.00, VAT 0.60; 117.00 at 17 % → net 100.00, VAT 17.00.
    expect(invoice.vat_groups).to.deep.equal([
      { rate_percent: 17, net_cents: 10000, vat_cents: 1700, gross_cents: 11700 },
      { rate_percent: 3, net_cents: 2000, vat_cents: 60, gross_cents: 2060 },
    ]);
    expect(invoice.lines.map((l: any) => [l.vat_rate, l.vat_rate_category])).to.deep.equal([
      [3, 'super_reduced'],
      [17, 'standard'],
    ]);
  });

  it('refuses to invoice VAT due in forints before a rate is recorded, then states it at the ECB rate of the day before the supply', async () => {
    const hu = {
      first_name: 'Anna',
      last_name: 'Kiss',
      company: null,
      street: 'Fő utca 1',
      street_2: null,
      postal_code: '1011',
      city: 'Budapest',
      country_iso: 'HU',
    };
    const ossVat = {
      vat_regime: 'oss',
      vat_rate: 27,
      vat_country_iso: 'HU',
      seller_country_iso: 'LU',
      buyer_vat_number: null,
      vat_exemption_reference: null,
      net_cents: 10000,
      vat_cents: 2700,
      gross_cents: 12700,
    };
    const early = await confirmedOrder(12700, 1, {
      order_date: '2026-10-01T09:00:00.000Z',
      shipping_country_iso: 'HU',
      billing_country_iso: 'HU',
      shipping_address: hu,
      billing_address: hu,
      vat: ossVat,
    });
    const refused = await call('POST', '/invoices', { order_id: early });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('ExchangeRateUnavailableException');
    expect(refused.body.detail).to.contain('HUF').and.contain('2026-10-01');

    const fixture = readFileSync(new URL('../../fixtures/ecb/eurofxref-hist-sample.xml', import.meta.url), 'utf8');
    await recordReferenceRates(app.services, parseReferenceRates(fixture), 'fixture', {
      userId: 'system:test',
      correlationId: 'ecb-http-test',
    });
    const orderId = await confirmedOrder(12700, 1, {
      order_date: '2026-11-24T09:00:00.000Z',
      shipping_country_iso: 'HU',
      billing_country_iso: 'HU',
      shipping_address: hu,
      billing_address: hu,
      vat: ossVat,
    });
    const invoice = await call('POST', '/invoices', { order_id: orderId });
    expect(invoice.status).to.equal(201);
    // 127.00 gross at 27 %: net 100.00, VAT 27.00 EUR; × 395.38 (the ECB rate of Monday 23 November) = 10,675.26 HUF.
    expect(invoice.body).to.include({ vat_regime: 'oss', vat_country_iso: 'HU', net_cents: 10000, vat_cents: 2700 });
    expect(invoice.body.vat_local).to.deep.include({ currency: 'HUF', rate: '395.38', rate_date: '2026-11-23', vat_cents: 1067526 });
    const text = await pdfOf(invoice.body.id);
    expect(text).to.contain('VAT due in HUF: HUF 10,675.26').and.contain('Exchange rate of 2026-11-23: 1 EUR = 395.38 HUF');
  });
});
