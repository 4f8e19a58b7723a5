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
 * Marketplace prices are gross prices that include the seller's own VAT. An exempt supply
 * (export, intra-EU B2B) is invoiced at that price without the seller-country VAT.
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

export function vatAmounts(lines: VatLineInput[], decision: VatDecision, sellerCountry: string, priceBasis: 'net' | 'gross'): VatAmounts {
  const rated: VatLine[] = lines.map((l) => {
    if (!Number.isInteger(l.quantity) || !Number.isInteger(l.unit_price_cents)) throw new RangeError('quantities and prices are integers (cents)');
    const category = l.rate_category ?? 'standard';
    const rate_bp = decision.exempt ? 0 : rateBasisPoints(decision.vat_country_iso!, category);
    return { ...l, rate_category: category, rate_bp, line_total_cents: l.quantity * l.unit_price_cents };
  });
  const groups = new Map<string, { rate_bp: number; price_bp: number; total: number }>();
  for (const l of rated) {
    // An exempt gross-priced line first loses the seller-country VAT its price includes.
    const price_bp = priceBasis === 'gross' && decision.exempt ? rateBasisPoints(sellerCountry, l.rate_category) : l.rate_bp;
    const key = `${l.rate_bp}/${price_bp}`;
    const g = groups.get(key) ?? { rate_bp: l.rate_bp, price_bp, total: 0 };
    g.total += l.line_total_cents;
    groups.set(key, g);
  }
  const merged = new Map<number, VatGroup>();
  for (const g of groups.values()) {
    let net: number;
    let vat: number;
    if (priceBasis === 'net') {
      net = g.total;
      vat = halfUp(big(net) * big(g.rate_bp), 10000n);
    } else {
      const gross = g.total;
      net = halfUp(big(gross) * 10000n, big(10000 + g.price_bp));
      vat = decision.exempt ? 0 : gross - net;
    }
    const m = merged.get(g.rate_bp) ?? { rate_bp: g.rate_bp, rate_percent: g.rate_bp / 100, net_cents: 0, vat_cents: 0, gross_cents: 0 };
    m.net_cents += net;
    m.vat_cents += vat;
    m.gross_cents = m.net_cents + m.vat_cents;
    merged.set(g.rate_bp, m);
  }
  const list = [...merged.values()].sort((a, b) => b.rate_bp - a.rate_bp);
  const net_cents = list.reduce((s, g) => s + g.net_cents, 0);
  const vat_cents = list.reduce((s, g) => s + g.vat_cents, 0);
  return { lines: rated, groups: list, net_cents, vat_cents, gross_cents: net_cents + vat_cents };
}
