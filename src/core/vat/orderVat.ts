import { vatAmounts, type VatLineInput } from './amounts.ts';
import { decideVatRegime, type VatDecision, type VatRegime } from './regime.ts';
import type { RateCategory } from './rates.ts';

/** What the VAT of an order needs to know about its seller (eu-vat-rules.md a, b). */
export interface SellerVatSituation {
  seller_country_iso: string;
  opted_for_destination: boolean;
  cross_border_b2c_current_year_cents: number;
  cross_border_b2c_previous_year_cents: number;
}

/** An order's VAT fields (SPEC.md part 2 "Order": vat_regime, vat_rate and the further VAT fields). */
export interface OrderVatFields {
  vat_regime: VatRegime;
  /** Percent of the rate applied (17, 5.5); 0 for exempt supplies. */
  vat_rate: number;
  /** Country whose VAT applies; null for an exempt supply. */
  vat_country_iso: string | null;
  seller_country_iso: string;
  buyer_vat_number: string | null;
  /** The mention an invoice must print (eu-vat-rules.md c, d), or null. */
  vat_exemption_reference: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

export interface OrderVatLine {
  quantity: number;
  /** What the customer pays per unit, VAT included. */
  unit_price_cents: number;
  vat_rate_category: RateCategory;
}

/**
 * The VAT of an order priced gross (what the customer pays, VAT included), for its destination and
 * the buyer's VAT number as VIES judged it. The sale itself counts toward the distance-selling
 * threshold, at its domestic net. Used alike by the extmarket sync and by shop checkout.
 */
export function orderVat(
  seller: SellerVatSituation,
  items: readonly OrderVatLine[],
  destinationIso: string,
  buyerVatNumber: string | null,
  buyerVatNumberValid: boolean,
  shippingCents = 0,
): OrderVatFields {
  const lines: VatLineInput[] = items.map((i) => ({
    quantity: i.quantity,
    unit_price_cents: i.unit_price_cents,
    rate_category: i.vat_rate_category,
  }));
  const domestic: VatDecision = decideVatRegime({
    seller_country_iso: seller.seller_country_iso,
    destination_country_iso: seller.seller_country_iso,
  });
  const saleNet = vatAmounts(lines, domestic, 'gross', shippingCents).net_cents;
  const decision = decideVatRegime({
    seller_country_iso: seller.seller_country_iso,
    destination_country_iso: destinationIso,
    buyer_vat_number: buyerVatNumber,
    buyer_vat_number_valid: buyerVatNumberValid,
    cross_border_b2c_current_year_cents: seller.cross_border_b2c_current_year_cents,
    cross_border_b2c_previous_year_cents: seller.cross_border_b2c_previous_year_cents,
    sale_net_cents: saleNet,
    opted_for_destination: seller.opted_for_destination,
  });
  const amounts = vatAmounts(lines, decision, 'gross', shippingCents);
  return {
    vat_regime: decision.regime,
    vat_rate: amounts.groups[0]?.rate_percent ?? 0,
    vat_country_iso: decision.vat_country_iso,
    seller_country_iso: seller.seller_country_iso,
    buyer_vat_number: decision.buyer_vat_number,
    vat_exemption_reference: decision.mentions[0] ?? null,
    net_cents: amounts.net_cents,
    vat_cents: amounts.vat_cents,
    gross_cents: amounts.gross_cents,
  };
}

/**
 * The VAT of a recorded order per rate (a confirmation e-mail, a receipt): the order's regime and
 * country are applied again to its lines, so the groups add up to the order's own totals.
 */
export function orderVatGroups(
  vat: Pick<OrderVatFields, 'vat_regime' | 'vat_country_iso' | 'buyer_vat_number'>,
  items: readonly OrderVatLine[],
  shippingCents = 0,
) {
  const decision: VatDecision = {
    regime: vat.vat_regime,
    vat_country_iso: vat.vat_country_iso,
    exempt: vat.vat_country_iso === null,
    buyer_vat_number: vat.buyer_vat_number,
    mentions: [],
    reason: 'as recorded on the order',
  };
  const lines: VatLineInput[] = items.map((i) => ({
    quantity: i.quantity,
    unit_price_cents: i.unit_price_cents,
    rate_category: i.vat_rate_category,
  }));
  return vatAmounts(lines, decision, 'gross', shippingCents).groups;
}
