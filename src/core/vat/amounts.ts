import { divideRounded } from '../money.ts';
import { rateBasisPoints, type RateCategory } from './rates.ts';
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
  /** quantity × unit price as given (net or gross by price_basis). */
  line_total_cents: number;
}

export interface VatAmounts {
  lines: VatLine[];
  groups: VatGroup[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

const big = BigInt;
const halfUp = (n: bigint, d: bigint) => Number(divideRounded(n, d));

export function vatAmounts(lines: VatLineInput[], decision: VatDecision, priceBasis: 'net' | 'gross'): VatAmounts {
  const rated: VatLine[] = lines.map((l) => {
    if (!Number.isInteger(l.quantity) || !Number.isInteger(l.unit_price_cents)) throw new RangeError('quantities and prices are integers (cents)');
    const category = l.rate_category ?? 'standard';
    const rate_bp = decision.exempt ? 0 : rateBasisPoints(decision.vat_country_iso!, category);
    return { ...l, rate_category: category, rate_bp, line_total_cents: l.quantity * l.unit_price_cents };
  });
  const totals = new Map<number, number>();
  for (const l of rated) totals.set(l.rate_bp, (totals.get(l.rate_bp) ?? 0) + l.line_total_cents);
  const list: VatGroup[] = [...totals].map(([rate_bp, total]) => {
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
  }).sort((a, b) => b.rate_bp - a.rate_bp);
  const net_cents = list.reduce((s, g) => s + g.net_cents, 0);
  const vat_cents = list.reduce((s, g) => s + g.vat_cents, 0);
  return { lines: rated, groups: list, net_cents, vat_cents, gross_cents: net_cents + vat_cents };
}
