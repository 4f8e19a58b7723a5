/**
 * Money (SPEC.md part 2 "Conventions"): every amount is an integer number of cents, stored in
 * `*_cents` columns. This is the server utility that converts and formats them. Parsing works on
 * the decimal text, never through a float, so "19.99" is exactly 1999 cents.
 *
 * Rounding rule, used everywhere a division produces a fraction of a cent (net price from a gross
 * price, VAT, margins): round half away from zero ("commercial rounding": 0.5 cent → 1 cent,
 * -0.5 cent → -1 cent). Amounts derived by subtraction are never rounded again, so parts always
 * add up to the whole (net + VAT = gross, to the cent). docs/catalogue.md repeats the rule.
 */
import { numberFormat } from './intlFormats.ts';

export type Cents = number;

/** Largest amount accepted anywhere: 10^11 cents (one billion in the currency unit). */
export const MAX_CENTS = 100_000_000_000;

const DECIMAL = /^([+-])?(\d{1,12})(?:[.,](\d{1,2})?)?$/;

/**
 * Parses a decimal amount ("19.99", "19,9", "20", "15.00 EUR", "EUR 15.00") into cents.
 * Returns null when the text is not an amount with at most two decimals.
 */
export function parseCents(text: string): Cents | null {
  let value = text.trim().replace(/\s+/g, ' ');
  // A trailing or leading ISO 4217 code, as in shopping feeds ("15.00 EUR").
  value = value
    .replace(/^[A-Z]{3} /, '')
    .replace(/ [A-Z]{3}$/, '')
    .replace(/\s/g, '');
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  const signed = m[1] === '-' ? -cents : cents;
  return Math.abs(signed) > MAX_CENTS ? null : signed;
}

/** Cents from a JSON number with at most two decimals (12.5 → 1250), or null. */
export function numberToCents(value: number): Cents | null {
  if (!Number.isFinite(value)) return null;
  return parseCents(value.toFixed(Math.min(20, Math.max(2, decimals(value)))));
}

function decimals(value: number): number {
  const s = String(value);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** The `*_numeric` form of an amount (1999 → 19.99), for API fields that carry a decimal. */
export function centsToNumber(cents: Cents | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

/** Exact decimal text with two places (1999 → "19.99", -5 → "-0.05"). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Localised display ("€19.99", "19,99 €"), for e-mails, PDFs and pages; the API sends cents. */
export function formatMoney(cents: Cents, currency = 'EUR', locale = 'en'): string {
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(centsToDecimal(cents)),
  );
}

/**
 * numerator / denominator rounded half away from zero, in exact integer arithmetic (BigInt, so
 * products of large amounts and rates never lose precision). The denominator must not be 0.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** A percentage with two decimals (17, 5.5, 2.1) as basis points (1700, 550, 210), or null. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(bp / 100 - percent) < 1e-9 ? bp : null;
}

export const basisPointsToPercent = (bp: number): number => bp / 100;
