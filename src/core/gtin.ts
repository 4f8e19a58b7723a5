/**
 * GTIN / EAN handling (GS1 General Specifications §7.9: 8, 12, 13 or 14 digits, the last one a
 * mod-10 check digit; product-feed.md: Merchant Center requires a valid check digit).
 * Matching compares the 14-digit form, so an EAN-13 and the same GTIN-14 with a leading zero are
 * one product.
 */
export type GtinType = 'EAN8' | 'UPC' | 'EAN13' | 'GTIN14';

const TYPES: Record<number, GtinType> = { 8: 'EAN8', 12: 'UPC', 13: 'EAN13', 14: 'GTIN14' };

/** Digits only: spaces and dashes some feeds put in are dropped; anything else stays (and fails). */
export function cleanGtin(raw: string): string {
  return raw.trim().replace(/[\s-]/g, '');
}

export function gtinCheckDigitValid(gtin: string): boolean {
  if (!/^\d+$/.test(gtin)) return false;
  let sum = 0;
  for (let i = gtin.length - 2, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(gtin[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(gtin[gtin.length - 1]);
}

/** Why a GTIN is refused, or null when it is valid. */
export function gtinProblem(gtin: string): string | null {
  if (!/^\d+$/.test(gtin)) return 'a GTIN has digits only';
  if (!TYPES[gtin.length]) return `a GTIN has 8, 12, 13 or 14 digits, not ${gtin.length}`;
  if (!gtinCheckDigitValid(gtin)) return 'the GTIN check digit is wrong';
  return null;
}

export const gtinType = (gtin: string): GtinType | null => TYPES[gtin.length] ?? null;

/** The 14-digit form used for matching. */
export const gtin14 = (gtin: string): string => gtin.padStart(14, '0');

/** Appends the check digit to a 7, 11, 12 or 13 digit body (test data, tools). */
export function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (gtinCheckDigitValid(body + d)) return body + d;
  throw new Error('unreachable');
}
