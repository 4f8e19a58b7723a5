import { InvoiceException } from '../../src/core/errors.ts';
import { divideRounded } from '../../src/core/money.ts';
import { decideVatRegime, rateBasisPoints, vatAmounts, type VatDecision } from '../../src/core/vat/index.ts';
import type { LoadedOrder } from '../orders/index.ts';
import type { InvoiceLine, InvoiceParty, InvoiceSettings, IssuedInvoice } from './events.ts';

/**
 * An invoice's content from an order (eu-vat-rules.md e, Art. 226): the confirmed items, the
 * seller and buyer with their VAT ids, VAT per rate computed once per invoice (rule f), and the
 * mentions of an exempt supply. The order keeps its VAT treatment (domestic, origin or OSS as
 * decided when it arrived) unless the buyer's VAT id, checked with VIES now, makes it an exempt
 * intra-EU B2B supply, or a VIES refusal makes it B2C: "re-invoice if a valid id is proven later".
 */
export interface BuyerVat {
  vat_number: string | null;
  vies: { valid: boolean; consultation_number: string | null; checked_at: string } | null;
}

export function buildInvoice(order: LoadedOrder, settings: InvoiceSettings, buyerVat: BuyerVat, invoiceId: number, issueDate: string): Omit<IssuedInvoice, 'sequence_number' | 'invoice_number'> {
  const items = order.items.filter((i) => i.status === 'confirmed');
  if (items.length === 0) throw new InvoiceException(`Order ${order.order_id} has no confirmed item to invoice`);
  const seller = settings.company_country_iso;
  const destination = order.shipping_country_iso ?? order.billing_country_iso ?? seller;
  const decision: VatDecision = decideVatRegime({
    seller_country_iso: seller, destination_country_iso: destination,
    buyer_vat_number: buyerVat.vat_number, buyer_vat_number_valid: buyerVat.vies?.valid ?? false,
    // The distance-sale treatment the order was given stays: OSS as if opted, origin as if below the threshold.
    opted_for_destination: order.vat.vat_regime === 'oss', cross_border_b2c_current_year_cents: 0, cross_border_b2c_previous_year_cents: 0,
  });
  const amounts = vatAmounts(items.map((i) => ({ quantity: i.quantity, unit_price_cents: i.unit_price_cents })), decision, 'gross');
  const lines: InvoiceLine[] = items.map((i) => {
    // Informative unit net: the gross price without the VAT it carries; an exempt supply carries none.
    const bp = decision.exempt ? 0 : rateBasisPoints(decision.vat_country_iso!);
    const unitNet = Number(divideRounded(BigInt(i.unit_price_cents) * 10000n, BigInt(10000 + bp)));
    return {
      item_id: i.item_id, description: i.product_name, sku: i.sku, ean: i.ean, quantity: i.quantity, unit_price_net_cents: unitNet,
      unit_price_gross_cents: i.unit_price_cents, line_net_cents: unitNet * i.quantity, vat_rate: bp / 100,
    };
  });
  const bill = order.billing_address;
  const buyer: InvoiceParty = {
    name: [bill.first_name ?? order.customer_first_name, bill.last_name ?? order.customer_last_name].filter(Boolean).join(' ') || 'Customer',
    company: bill.company, address: bill.street, postal_code: bill.postal_code, city: bill.city, country_iso: bill.country_iso ?? order.billing_country_iso,
    vat_number: decision.buyer_vat_number ?? (buyerVat.vies?.valid ? buyerVat.vat_number : null),
  };
  const sellerParty: InvoiceParty = {
    name: settings.company_name, company: settings.company_name, address: settings.company_address, postal_code: settings.company_postal_code,
    city: settings.company_city, country_iso: seller, vat_number: settings.vat_number,
  };
  return {
    invoice_id: invoiceId, vendor_id: order.vendor_id, order_id: order.order_id, issue_date: issueDate, supply_date: order.order_date.slice(0, 10),
    currency: order.currency, seller: sellerParty, buyer, lines, vat_regime: decision.regime, vat_country_iso: decision.vat_country_iso,
    vat_groups: amounts.groups.map((g) => ({ rate_percent: g.rate_percent, net_cents: g.net_cents, vat_cents: g.vat_cents, gross_cents: g.gross_cents })),
    net_cents: amounts.net_cents, vat_cents: amounts.vat_cents, gross_cents: amounts.gross_cents, mentions: decision.mentions,
    vies: buyerVat.vies, payment_terms: settings.payment_terms, footer_text: settings.footer_text,
    bank: { name: settings.bank_name, iban: settings.bank_iban, bic: settings.bank_bic },
  };
}
