import { expect } from 'chai';
import { buildCreditNote } from '../../../commands/invoices/buildCreditNote.ts';
import type { IssuedInvoice } from '../../../commands/invoices/events.ts';
import { invoiceBook } from '../../../commands/invoices/invoiceBook.ts';
import { InvoiceException } from '../../../commands/invoices/errors.ts';
import { given } from '../../support/decider.ts';

const party = { name: 'X', company: null, address: null, postal_code: null, city: null, country_iso: 'LU', vat_number: null };
const at = '2026-11-25T10:00:00.000Z';

/** An invoice of a Luxembourg seller: 2 books at 3 % (10.30 gross each) and 1 lamp at 17 % (117.00 gross). */
function invoice(over: Partial<IssuedInvoice> = {}): IssuedInvoice {
  return {
    invoice_id: 7,
    vendor_id: 1,
    order_id: 3,
    sequence_number: 1,
    invoice_number: 'INV-000001',
    issue_date: '2026-11-20',
    supply_date: '2026-11-19',
    currency: 'EUR',
    seller: party,
    buyer: party,
    vat_regime: 'domestic',
    vat_country_iso: 'LU',
    mentions: [],
    vies: null,
    lines: [
      {
        item_id: 1,
        description: 'Book',
        sku: null,
        ean: null,
        quantity: 2,
        unit_price_net_cents: 1000,
        unit_price_gross_cents: 1030,
        line_net_cents: 2000,
        vat_rate: 3,
      },
      {
        item_id: 2,
        description: 'Lamp',
        sku: null,
        ean: null,
        quantity: 1,
        unit_price_net_cents: 10000,
        unit_price_gross_cents: 11700,
        line_net_cents: 10000,
        vat_rate: 17,
      },
    ],
    vat_groups: [
      { rate_percent: 17, net_cents: 10000, vat_cents: 1700, gross_cents: 11700 },
      { rate_percent: 3, net_cents: 2000, vat_cents: 60, gross_cents: 2060 },
    ],
    net_cents: 12000,
    vat_cents: 1760,
    gross_cents: 13760,
    payment_terms: null,
    footer_text: null,
    bank: { name: null, iban: null, bic: null },
    ...over,
  };
}

describe('credit notes (Art. 219): an issued invoice is never edited, it is credited', () => {
  it('a cancellation credits every line, negative per rate group, referencing the original', () => {
    const cn = buildCreditNote(invoice(), { reason: 'cancellation' }, 9, '2026-11-25');
    expect(cn.vat_groups).to.deep.equal([
      { rate_percent: 17, net_cents: -10000, vat_cents: -1700, gross_cents: -11700 },
      { rate_percent: 3, net_cents: -2000, vat_cents: -60, gross_cents: -2060 },
    ]);
    expect(cn).to.include({
      invoice_id: 9,
      document_type: 'credit_note',
      reason: 'cancellation',
      net_cents: -12000,
      vat_cents: -1760,
      gross_cents: -13760,
    });
    expect(cn.credits).to.deep.equal({ invoice_id: 7, invoice_number: 'INV-000001', issue_date: '2026-11-20' });
  });

  it('a refund credits the quantities named at their price, VAT once per rate with half-up rounding', () => {
    // One book: gross 10.30 at 3 %: net = 1030 × 10000 / 10300 = 1000, VAT 30.
    const cn = buildCreditNote(invoice(), { reason: 'refund', lines: [{ item_id: 1, quantity: 1 }] }, 9, '2026-11-25');
    expect(cn.vat_groups).to.deep.equal([{ rate_percent: 3, net_cents: -1000, vat_cents: -30, gross_cents: -1030 }]);
    expect(cn.lines).to.have.length(1);
    expect(cn.lines[0]).to.include({ quantity: 1, unit_price_gross_cents: -1030, unit_price_net_cents: -1000, line_net_cents: -1000 });
  });

  it('a correction credits per unit the amount the price was too high', () => {
    // The lamp should have cost 100.00, not 117.00: 17.00 gross credited at 17 %:
    // net = 1700 × 10000 / 11700 = 1452.99… → 1453, VAT = 1700 − 1453 = 247.
    const cn = buildCreditNote(
      invoice(),
      { reason: 'correction', lines: [{ item_id: 2, quantity: 1, unit_amount_cents: 1700 }] },
      9,
      '2026-11-25',
    );
    expect(cn).to.include({ net_cents: -1453, vat_cents: -247, gross_cents: -1700 });
  });

  it('refuses lines the invoice does not have, more units than invoiced, or an amount above the price', () => {
    expect(() => buildCreditNote(invoice(), { reason: 'refund', lines: [{ item_id: 5, quantity: 1 }] }, 9, '2026-11-25')).to.throw(
      InvoiceException,
    );
    expect(() => buildCreditNote(invoice(), { reason: 'refund', lines: [{ item_id: 1, quantity: 3 }] }, 9, '2026-11-25')).to.throw(
      InvoiceException,
    );
    expect(() =>
      buildCreditNote(invoice(), { reason: 'correction', lines: [{ item_id: 2, quantity: 1, unit_amount_cents: 11701 }] }, 9, '2026-11-25'),
    ).to.throw(InvoiceException);
    expect(() => buildCreditNote(invoice(), { reason: 'refund' }, 9, '2026-11-25')).to.throw(InvoiceException);
  });

  it("states the local-currency VAT of a credit note at the original invoice's rate", () => {
    const huf = invoice({
      vat_country_iso: 'HU',
      vat_groups: [{ rate_percent: 27, net_cents: 10000, vat_cents: 2700, gross_cents: 12700 }],
      lines: [
        {
          item_id: 1,
          description: 'Lamp',
          sku: null,
          ean: null,
          quantity: 1,
          unit_price_net_cents: 10000,
          unit_price_gross_cents: 12700,
          line_net_cents: 10000,
          vat_rate: 27,
        },
      ],
      net_cents: 10000,
      vat_cents: 2700,
      gross_cents: 12700,
      vat_local: {
        currency: 'HUF',
        rate: '395.38',
        rate_date: '2026-11-18',
        rate_source: 'ECB euro foreign exchange reference rates',
        vat_cents: 1067526,
      },
    });
    const cn = buildCreditNote(huf, { reason: 'cancellation' }, 9, '2026-11-25');
    // −27.00 EUR × 395.38 = −10,675.26 HUF, at the rate and date of the invoice.
    expect(cn.vat_local).to.deep.include({ currency: 'HUF', rate: '395.38', rate_date: '2026-11-18', vat_cents: -1067526 });
  });

  it('takes the next number of the same gapless book, and never credits more than is left', () => {
    const issued = { type: 'InvoiceIssued' as const, data: { ...invoice(), issued_by: 1, at } };
    const half = buildCreditNote(invoice(), { reason: 'refund', lines: [{ item_id: 2, quantity: 1 }] }, 9, '2026-11-25');
    const [first] = invoiceBook.decide(
      { type: 'IssueCreditNote', data: { credit_note: half, prefix: 'INV-', issued_by: 1, at } },
      invoiceBook.evolve(invoiceBook.initialState(), issued),
    );
    expect(first.type).to.equal('CreditNoteIssued');
    expect(first.data).to.include({ sequence_number: 2, invoice_number: 'INV-000002', gross_cents: -11700 });
    // 137.60 invoiced, 117.00 credited: 20.60 left; a full cancellation now credits too much.
    const all = buildCreditNote(invoice(), { reason: 'cancellation' }, 10, '2026-11-25');
    given(invoiceBook, [issued, first as any])
      .when({ type: 'IssueCreditNote', data: { credit_note: all, prefix: 'INV-', issued_by: 1, at } })
      .thenThrows(InvoiceException);
  });
});
