import { divideRounded } from '../money.ts';
import { appliedRate, type RateCategory } from './rates.ts';
import type { VatDecision } from './regime.ts';

/**
 * Amounts of a sale under a VAT decision, in integer cents, by the rounding rule of
 * eu-vat-rules.md f: line net = quantity × unit net (exact); VAT once per invoice per rate,
 * vat = (net_sum × bp + 5000) div 10000 (half up; negatives on |net| with the sign restored);
 * gross = net + VAT. Gross-priced sales fix the gross: net = round_half_up(gross × 10000 /
 * (10000 + bp)), VAT = gross − net. Line VAT is never summed: it would be informative only.
 *
 * A gross price is what the customer was charged. An exempt supply (export, intra-EU B2B) is
 * invoiced at what the buyer paid: VAT 0 and net = gross = the price, because the taxable amount
 * is the consideration received (eu-vat-rules.md f, "gross-priced shops fix the gross amount");
 * no seller-country VAT is taken out of a price on which no VAT is due.
 */
export interface VatLineInput {
  quantity: number;
  unit_price_cents: number;
  rate_category?: RateCategory;
}

export interface VatGroup {
  rate_bp: number;
  rate_percent: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

export interface VatLine extends VatLineInput {
  rate_bp: number;
  /** The category whose rate applied (the state may lack the line's own), and why when it differs. */
  applied_category: RateCategory;
  fallback_reason: string | null;
  /** quantity × unit price as given (net or gross by price_basis). */
  line_total_cents: number;
}

/** A delivery charge's share of one rate group (Art. 78(b): taxed as the goods it ships). */
export interface ShippingShare {
  rate_bp: number;
  /** Gross or net by the price basis, as the goods' prices. */
  amount_cents: number;
}

export interface VatAmounts {
  lines: VatLine[];
  shipping: ShippingShare[];
  groups: VatGroup[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

const big = BigInt;
const halfUp = (n: bigint, d: bigint) => Number(divideRounded(n, d));

export function vatAmounts(lines: VatLineInput[], decision: VatDecision, priceBasis: 'net' | 'gross', shippingCents = 0): VatAmounts {
  const rated: VatLine[] = lines.map((l) => {
    if (!Number.isInteger(l.quantity) || !Number.isInteger(l.unit_price_cents))
      throw new RangeError('quantities and prices are integers (cents)');
    const category = l.rate_category ?? 'standard';
    const applied = decision.exempt
      ? { rate_bp: 0, applied_category: category, fallback_reason: null }
      : appliedRate(decision.vat_country_iso!, category);
    return { ...l, rate_category: category, ...applied, line_total_cents: l.quantity * l.unit_price_cents };
  });
  const totals = new Map<number, number>();
  for (const l of rated) totals.set(l.rate_bp, (totals.get(l.rate_bp) ?? 0) + l.line_total_cents);
  const shipping = shareShipping(shippingCents, totals);
  for (const s of shipping) totals.set(s.rate_bp, (totals.get(s.rate_bp) ?? 0) + s.amount_cents);
  const list: VatGroup[] = [...totals]
    .map(([rate_bp, total]) => {
      let net: number;
      let vat: number;
      if (priceBasis === 'net') {
        net = total;
        vat = halfUp(big(net) * big(rate_bp), 10000n);
      } else {
        net = halfUp(big(total) * 10000n, big(10000 + rate_bp));
        vat = total - net;
      }
      return { rate_bp, rate_percent: rate_bp / 100, net_cents: net, vat_cents: vat, gross_cents: net + vat };
    })
    .sort((a, b) => b.rate_bp - a.rate_bp);
  const net_cents = list.reduce((s, g) => s + g.net_cents, 0);
  const vat_cents = list.reduce((s, g) => s + g.vat_cents, 0);
  return { lines: rated, shipping, groups: list, net_cents, vat_cents, gross_cents: net_cents + vat_cents };
}

/**
 * A delivery charge split across the goods' rates pro rata by their value (eu-vat-rules.md b:
 * "split across rates pro rata"): one rate takes it whole; with several, each share is rounded
 * down and the cents left go to the largest remainders, so the shares add up to the charge.
 */
export function shareShipping(shippingCents: number, goodsByRate: Map<number, number>): ShippingShare[] {
  if (!Number.isInteger(shippingCents)) throw new RangeError('a delivery charge is an integer of cents');
  if (shippingCents === 0 || goodsByRate.size === 0) return [];
  const rates = [...goodsByRate].sort((a, b) => b[0] - a[0]);
  const total = rates.reduce((s, [, v]) => s + BigInt(v), 0n);
  if (rates.length === 1 || total === 0n) return [{ rate_bp: rates[0][0], amount_cents: shippingCents }];
  const shares = rates.map(([rate_bp, value]) => {
    const exact = BigInt(shippingCents) * BigInt(value);
    return { rate_bp, amount_cents: Number(exact / total), remainder: exact % total };
  });
  let left = shippingCents - shares.reduce((s, x) => s + x.amount_cents, 0);
  for (const x of [...shares].sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : b.rate_bp - a.rate_bp))) {
    if (left === 0) break;
    x.amount_cents += 1;
    left -= 1;
  }
  return shares.map(({ rate_bp, amount_cents }) => ({ rate_bp, amount_cents }));
}
