import { expect } from 'chai';
import { buildInvoice } from '../../../commands/invoices/buildInvoice.ts';
import type { InvoiceSettings } from '../../../commands/invoices/events.ts';
import { order } from '../../../commands/orders/orderDecider.ts';
import type { ImportedItem } from '../../../commands/orders/events.ts';
import { EXEMPT_SUPPLY_MENTION } from '../../../src/core/vat/index.ts';
import { given } from '../../support/decider.ts';
import { anOrder, at, confirmed, imported, item, orderConfirmed } from '../orders/fixtures.ts';

const settings: InvoiceSettings = {
  company_name: 'Shop SARL',
  company_address: '1 rue A',
  company_postal_code: '1234',
  company_city: 'Luxembourg',
  company_country_iso: 'LU',
  vat_number: 'LU12345678',
  invoice_prefix: 'INV-',
  payment_terms: null,
  bank_name: null,
  bank_iban: null,
  bank_bic: null,
  footer_text: null,
  oss_opted_for_destination: false,
  cross_border_b2c_previous_year_cents: 0,
};

/** A confirmed order of these items (gross unit prices, as charged), with the order fields given. */
function orderOf(items: ImportedItem[], over: Record<string, unknown> = {}) {
  const history = [
    { ...imported(...items), data: { ...anOrder(items), ...over, imported_at: at } } as any,
    ...items.map((i) => confirmed(i.item_id, i.quantity)),
    orderConfirmed(),
  ];
  return given(order, history).state as any;
}
const invoiceOf = (o: any) => buildInvoice(o, settings, { vat_number: null, vies: null }, 1, '2026-11-25');

describe('invoice lines: each at its own VAT rate, grouped per rate, delivery taxed as the goods', () => {
  // Luxembourg: standard 17 %, reduced 8 %, super-reduced 3 %, parking 14 %.
  const book = (id: number, quantity = 1) =>
    item(id, quantity, { unit_price_cents: 1030, vat_rate_category: 'super_reduced', product_name: 'Book' });
  const lamp = (id: number) => item(id, 1, { unit_price_cents: 11700, vat_rate_category: 'standard', product_name: 'Lamp' });

  it('taxes a book at the super-reduced rate and a lamp at the standard rate, VAT once per rate', () => {
    const inv = invoiceOf(orderOf([book(1, 2), lamp(2)]));
    // 17 %: gross 117.00 → net 100.00, VAT 17.00. 3 %: gross 2 × 10.30 = 20.60 → net 20.00, VAT 0.60.
    expect(inv.vat_groups).to.deep.equal([
      { rate_percent: 17, net_cents: 10000, vat_cents: 1700, gross_cents: 11700 },
      { rate_percent: 3, net_cents: 2000, vat_cents: 60, gross_cents: 2060 },
    ]);
    expect(inv).to.include({ net_cents: 12000, vat_cents: 1760, gross_cents: 13760 });
    expect(inv.lines[0]).to.include({ vat_rate: 3, vat_rate_category: 'super_reduced', unit_price_net_cents: 1000, line_net_cents: 2000 });
    expect(inv.lines[1]).to.include({ vat_rate: 17, vat_rate_category: 'standard' });
  });

  it('splits a delivery charge pro rata by value over the rates, the shares adding up to the charge', () => {
    const inv = invoiceOf(orderOf([book(1, 2), lamp(2)], { shipping_cents: 500 }));
    // Goods 117.00 at 17 % and 20.60 at 3 % (137.60). 5.00 × 117/137.6 = 4.2515 → 4.25; 5.00 × 20.6/137.6 = 0.7485 → 0.74,
    // and the cent left goes to the larger remainder (0.85 of a cent against 0.15): 0.75.
    const delivery = inv.lines.filter((l) => l.kind === 'shipping');
    expect(delivery.map((l) => [l.vat_rate, l.unit_price_gross_cents])).to.deep.equal([
      [17, 425],
      [3, 75],
    ]);
    expect(delivery[0].vat_rate_note).to.match(/pro rata/);
    // 17 %: 117.00 + 4.25 = 121.25 → net 121.25 / 1.17 = 103.632… → 103.63, VAT 17.62.
    // 3 %: 20.60 + 0.75 = 21.35 → net 21.35 / 1.03 = 20.728… → 20.73, VAT 0.62.
    expect(inv.vat_groups).to.deep.equal([
      { rate_percent: 17, net_cents: 10363, vat_cents: 1762, gross_cents: 12125 },
      { rate_percent: 3, net_cents: 2073, vat_cents: 62, gross_cents: 2135 },
    ]);
    expect(inv.gross_cents).to.equal(13760 + 500);
  });

  it("taxes delivery at the goods' one rate when they have one", () => {
    const inv = invoiceOf(orderOf([lamp(1)], { shipping_cents: 585 }));
    // 117.00 + 5.85 = 122.85 at 17 %: net 105.00, VAT 17.85.
    expect(inv.vat_groups).to.deep.equal([{ rate_percent: 17, net_cents: 10500, vat_cents: 1785, gross_cents: 12285 }]);
    expect(inv.lines.find((l) => l.kind === 'shipping')).to.include({
      description: 'Delivery',
      unit_price_gross_cents: 585,
      line_net_cents: 500,
    });
  });

  it('applies the standard rate where the destination has no rate of the category, and says why', () => {
    // An OSS sale to Denmark, which has no reduced rate: a reduced-rate book is taxed at 25 %.
    const dk = {
      first_name: 'Ida',
      last_name: 'Holm',
      company: null,
      street: 'Vej 1',
      street_2: null,
      postal_code: '1000',
      city: 'København',
      country_iso: 'DK',
    };
    const o = orderOf([item(1, 1, { unit_price_cents: 1000, vat_rate_category: 'reduced' })], {
      shipping_country_iso: 'DK',
      billing_country_iso: 'DK',
      shipping_address: dk,
      billing_address: dk,
      vat: { ...anOrder([]).vat, vat_regime: 'oss', vat_country_iso: 'DK' },
    });
    const inv = invoiceOf(o);
    // 10.00 gross at 25 %: net 8.00, VAT 2.00.
    expect(inv).to.include({ vat_regime: 'oss', vat_country_iso: 'DK', net_cents: 800, vat_cents: 200 });
    expect(inv.lines[0]).to.include({
      vat_rate: 25,
      vat_rate_category: 'reduced',
      applied_category: 'standard',
      vat_rate_note: 'Denmark has no reduced rate: the standard rate applies',
    });
  });

  it('invoices an exempt product at 0 % with its exemption mention, beside taxed goods', () => {
    const inv = invoiceOf(orderOf([lamp(1), item(2, 1, { unit_price_cents: 5000, vat_rate_category: 'exempt' })]));
    expect(inv.vat_groups).to.deep.equal([
      { rate_percent: 17, net_cents: 10000, vat_cents: 1700, gross_cents: 11700 },
      { rate_percent: 0, net_cents: 5000, vat_cents: 0, gross_cents: 5000 },
    ]);
    expect(inv.mentions).to.deep.equal([EXEMPT_SUPPLY_MENTION]);
  });

  it('keeps older orders, whose lines carry no category, at the standard rate', () => {
    const inv = invoiceOf(orderOf([item(1, 1)]));
    // 11.70 at 17 %: net 10.00.
    expect(inv).to.include({ net_cents: 1000, vat_cents: 170 });
  });
});
