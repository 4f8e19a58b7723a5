import { expect } from 'chai';
import { buildInvoice } from '../../../commands/invoices/buildInvoice.ts';
import type { InvoiceSettings } from '../../../commands/invoices/events.ts';
import { invoiceBook } from '../../../commands/invoices/invoiceBook.ts';
import { order } from '../../../commands/orders/orderDecider.ts';
import { InvoiceAlreadyExistsException, InvoiceException } from '../../../commands/invoices/errors.ts';
import { INTRA_EU_MENTION, REVERSE_CHARGE_MENTION } from '../../../src/core/vat/index.ts';
import { given } from '../../support/decider.ts';
import { anOrder, at, confirmed, declined, imported, item, orderConfirmed } from '../orders/fixtures.ts';

const settings: InvoiceSettings = {
  company_name: 'Shop SARL',
  company_address: '1 rue A',
  company_postal_code: '1234',
  company_city: 'Luxembourg',
  company_country_iso: 'LU',
  vat_number: 'LU12345678',
  invoice_prefix: 'INV-',
  payment_terms: '30 days',
  bank_name: null,
  bank_iban: null,
  bank_bic: null,
  footer_text: null,
  oss_opted_for_destination: false,
  cross_border_b2c_previous_year_cents: 0,
};
const confirmedOrder = (over = {}) => {
  const history = [
    { ...imported(item(1, 2), item(2)), data: { ...anOrder([item(1, 2), item(2)]), ...over, imported_at: at } } as any,
    confirmed(1, 2),
    orderConfirmed(),
    declined(2),
  ];
  return given(order, history).state as any;
};
const issue = (orderId: number, invoiceId: number) => ({
  type: 'IssueInvoice' as const,
  data: {
    invoice: {
      ...buildInvoice({ ...confirmedOrder(), order_id: orderId }, settings, { vat_number: null, vies: null }, invoiceId, '2026-11-21'),
    },
    prefix: 'INV-',
    issued_by: 1,
    at,
  },
});

describe('invoice book: gapless numbers per vendor, one invoice per order', () => {
  it('gives the first invoice number 1 and each next one the next number', () => {
    const [first] = invoiceBook.decide(issue(42, 500), invoiceBook.initialState());
    expect(first.data).to.include({ sequence_number: 1, invoice_number: 'INV-000001' });
    const [second] = invoiceBook.decide(issue(43, 501), given(invoiceBook, [first]).state);
    expect(second.data).to.include({ sequence_number: 2, invoice_number: 'INV-000002' });
  });
  it('refuses a second invoice for the same order (409)', () => {
    const [first] = invoiceBook.decide(issue(42, 500), invoiceBook.initialState());
    const err = given(invoiceBook, [first])
      .when(issue(42, 502))
      .thenThrows(InvoiceAlreadyExistsException, /already invoiced \(INV-000001\)/);
    expect(err.status).to.equal(409);
  });
  it('records a rendered PDF once per content', () => {
    const [first] = invoiceBook.decide(issue(42, 500), invoiceBook.initialState());
    const pdf = {
      type: 'RecordInvoicePdf' as const,
      data: { invoice_id: 500, vendor_id: 7, path: '/x.pdf', bytes: 10, sha256: 'abc', at },
    };
    const [generated] = invoiceBook.decide(pdf, invoiceBook.evolve(invoiceBook.initialState(), first));
    expect(generated.type).to.equal('InvoicePdfGenerated');
    given(invoiceBook, [first, generated]).when(pdf).then([]);
  });
});

describe('invoice content from an order (Art. 226, eu-vat-rules.md e)', () => {
  it('invoices the confirmed items only, domestic VAT per rate from the gross prices', () => {
    const inv = buildInvoice(confirmedOrder(), settings, { vat_number: null, vies: null }, 1, '2026-11-21');
    expect(inv.lines.map((l) => [l.item_id, l.quantity])).to.deep.equal([[1, 2]]);
    // 2 × 11.70 gross at 17 %: net 20.00, VAT 3.40
    expect(inv).to.include({ vat_regime: 'domestic', net_cents: 2000, vat_cents: 340, gross_cents: 2340 });
    expect(inv.lines[0]).to.include({ unit_price_net_cents: 1000, unit_price_gross_cents: 1170, vat_rate: 17 });
    expect(inv.seller).to.include({ vat_number: 'LU12345678', country_iso: 'LU' });
    expect(inv.mentions).to.deep.equal([]);
  });
  it('makes a VIES-valid intra-EU B2B sale exempt, with the buyer VAT id and both mentions', () => {
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
    const o = confirmedOrder({ shipping_country_iso: 'DE', billing_country_iso: 'DE', shipping_address: de, billing_address: de });
    const inv = buildInvoice(
      o,
      settings,
      { vat_number: 'DE123456789', vies: { valid: true, consultation_number: 'WAPI1', checked_at: at } },
      1,
      '2026-11-21',
    );
    // The buyer paid 2 × 11.70 = 23.40; an exempt supply is invoiced at what was paid, VAT 0.
    expect(inv).to.include({ vat_regime: 'reverse_charge', vat_cents: 0, net_cents: 2340, gross_cents: 2340 });
    expect(inv.buyer).to.include({ vat_number: 'DE123456789', company: 'ACME GmbH' });
    expect(inv.mentions).to.deep.equal([INTRA_EU_MENTION, REVERSE_CHARGE_MENTION]);
    expect(inv.lines[0]).to.include({ vat_rate: 0, unit_price_net_cents: 1170, unit_price_gross_cents: 1170, line_net_cents: 2340 });
  });
  it('taxes as B2C when VIES says the number is not valid', () => {
    const de = {
      first_name: 'Max',
      last_name: 'Muster',
      company: null,
      street: 'Weg 1',
      street_2: null,
      postal_code: '10115',
      city: 'Berlin',
      country_iso: 'DE',
    };
    const o = confirmedOrder({ shipping_country_iso: 'DE', billing_address: de, shipping_address: de });
    const inv = buildInvoice(
      o,
      settings,
      { vat_number: 'DE123456789', vies: { valid: false, consultation_number: null, checked_at: at } },
      1,
      '2026-11-21',
    );
    expect(inv).to.include({ vat_regime: 'origin', vat_cents: 340 });
    expect(inv.buyer.vat_number).to.equal(null);
  });
  it('refuses an order with nothing confirmed', () => {
    const o = given(order, [imported(item(1))]).state as any;
    expect(() => buildInvoice(o, settings, { vat_number: null, vies: null }, 1, '2026-11-21')).to.throw(InvoiceException);
  });
});
