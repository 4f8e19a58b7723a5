import { divideRounded, type Cents } from './money.ts';

/**
 * The price breakdown of VendorProductDetail (SPEC.md part 2 "Product"): net price, VAT, profit
 * and margin, in exact integer cents. The product price is gross, VAT included, as EU consumer
 * prices are (Directive 2006/112/EC Art. 73 taxes the whole consideration; shopping feeds carry
 * VAT-inclusive prices, docs reference/product-feed.md).
 *
 *   net    = round(gross × 10000 / (10000 + rate_bp))      (rate in basis points: 17 % = 1700)
 *   vat    = gross − net                                   (never rounded separately)
 *   profit = net − cost                                    (cost is the vendor's purchase price, net)
 *   margin = round(profit × 10000 / net) basis points, sent as a percent with two decimals
 *
 * round() is half away from zero (src/core/money.ts). Subtractions are exact, so net + vat is
 * always the gross price to the cent.
 */
export interface PriceBreakdown {
  net_price_cents: Cents;
  vat_amount_cents: Cents;
  /** null when the cost is unknown. */
  profit_cents: Cents | null;
  /** Percent with two decimals; null when the cost is unknown or the net price is 0. */
  profit_margin_percent: number | null;
}

export function priceBreakdown(grossCents: Cents, taxRateBasisPoints: number, costCents: Cents | null): PriceBreakdown {
  if (!Number.isInteger(grossCents) || !Number.isInteger(taxRateBasisPoints) || taxRateBasisPoints < 0) {
    throw new RangeError('gross price and tax rate must be non-negative integers');
  }
  const net = Number(divideRounded(BigInt(grossCents) * 10_000n, BigInt(10_000 + taxRateBasisPoints)));
  const vat = grossCents - net;
  const profit = costCents === null ? null : net - costCents;
  const margin = profit === null || net === 0 ? null : Number(divideRounded(BigInt(profit) * 10_000n, BigInt(net))) / 100;
  return { net_price_cents: net, vat_amount_cents: vat, profit_cents: profit, profit_margin_percent: margin };
}
