import { InvoiceException } from './errors.ts';
import { divideRounded } from '../../src/core/money.ts';
import { decideVatRegime, EXEMPT_SUPPLY_MENTION, vatAmounts, type VatDecision } from '../../src/core/vat/index.ts';
import type { LoadedOrder } from '../../src/modules/orders.ts';
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

export function buildInvoice(
  order: LoadedOrder,
  settings: InvoiceSettings,
  buyerVat: BuyerVat,
  invoiceId: number,
  issueDate: string,
): Omit<IssuedInvoice, 'sequence_number' | 'invoice_number'> {
  const items = order.items.filter((i) => i.status === 'confirmed');
  if (items.length === 0) throw new InvoiceException(`Order ${order.order_id} has no confirmed item to invoice`);
  const seller = settings.company_country_iso;
  const destination = order.shipping_country_iso ?? order.billing_country_iso ?? seller;
  const decision: VatDecision = decideVatRegime({
    seller_country_iso: seller,
    destination_country_iso: destination,
    buyer_vat_number: buyerVat.vat_number,
    buyer_vat_number_valid: buyerVat.vies?.valid ?? false,
    // The distance-sale treatment the order was given stays: OSS as if opted, origin as if below the threshold.
    opted_for_destination: order.vat.vat_regime === 'oss',
    cross_border_b2c_current_year_cents: 0,
    cross_border_b2c_previous_year_cents: 0,
  });
  const shipping = order.shipping_cents ?? 0;
  const amounts = vatAmounts(
    items.map((i) => ({ quantity: i.quantity, unit_price_cents: i.unit_price_cents, rate_category: i.vat_rate_category ?? 'standard' })),
    decision,
    'gross',
    shipping,
  );
  const netOf = (gross: number, bp: number) => Number(divideRounded(BigInt(gross) * 10000n, BigInt(10000 + bp)));
  const goods: InvoiceLine[] = items.map((i, n) => {
    // Informative unit net: the gross price without the VAT it carries; an exempt supply carries none.
    const rated = amounts.lines[n];
    const unitNet = netOf(i.unit_price_cents, rated.rate_bp);
    return {
      item_id: i.item_id,
      description: i.product_name,
      sku: i.sku,
      ean: i.ean,
      quantity: i.quantity,
      unit_price_net_cents: unitNet,
      unit_price_gross_cents: i.unit_price_cents,
      line_net_cents: unitNet * i.quantity,
      vat_rate: rated.rate_bp / 100,
      vat_rate_category: rated.rate_category,
      applied_category: rated.applied_category,
      vat_rate_note: rated.fallback_reason,
      kind: 'goods',
    };
  });
  // The delivery charge is taxed as the goods it ships; with several rates, split by value (stated on the line).
  const split = amounts.shipping.length > 1;
  const shippingLines: InvoiceLine[] = amounts.shipping.map((share) => ({
    item_id: 0,
    description: split ? `Delivery (share at ${share.rate_bp / 100} %, pro rata to the goods' value)` : 'Delivery',
    sku: null,
    ean: null,
    quantity: 1,
    unit_price_net_cents: netOf(share.amount_cents, share.rate_bp),
    unit_price_gross_cents: share.amount_cents,
    line_net_cents: netOf(share.amount_cents, share.rate_bp),
    vat_rate: share.rate_bp / 100,
    kind: 'shipping',
    vat_rate_note: split ? 'Art. 78(b): a delivery charge is taxed as the goods it ships, split pro rata by their value' : null,
  }));
  const lines = [...goods, ...shippingLines];
  const exemptLines = decision.exempt ? [] : amounts.lines.filter((l) => l.rate_category === 'exempt');
  const mentions = exemptLines.length > 0 ? [...decision.mentions, EXEMPT_SUPPLY_MENTION] : decision.mentions;
  const bill = order.billing_address;
  const buyer: InvoiceParty = {
    name:
      [bill.first_name ?? order.customer_first_name, bill.last_name ?? order.customer_last_name].filter(Boolean).join(' ') || 'Customer',
    company: bill.company,
    address: bill.street,
    postal_code: bill.postal_code,
    city: bill.city,
    country_iso: bill.country_iso ?? order.billing_country_iso,
    vat_number: decision.buyer_vat_number ?? (buyerVat.vies?.valid ? buyerVat.vat_number : null),
  };
  const sellerParty: InvoiceParty = {
    name: settings.company_name,
    company: settings.company_name,
    address: settings.company_address,
    postal_code: settings.company_postal_code,
    city: settings.company_city,
    country_iso: seller,
    vat_number: settings.vat_number,
  };
  return {
    invoice_id: invoiceId,
    vendor_id: order.vendor_id,
    order_id: order.order_id,
    issue_date: issueDate,
    supply_date: order.order_date.slice(0, 10),
    currency: order.currency,
    seller: sellerParty,
    buyer,
    lines,
    vat_regime: decision.regime,
    vat_country_iso: decision.vat_country_iso,
    vat_groups: amounts.groups.map((g) => ({
      rate_percent: g.rate_percent,
      net_cents: g.net_cents,
      vat_cents: g.vat_cents,
      gross_cents: g.gross_cents,
    })),
    net_cents: amounts.net_cents,
    vat_cents: amounts.vat_cents,
    gross_cents: amounts.gross_cents,
    mentions,
    vies: buyerVat.vies,
    payment_terms: settings.payment_terms,
    footer_text: settings.footer_text,
    bank: { name: settings.bank_name, iban: settings.bank_iban, bic: settings.bank_bic },
  };
}
