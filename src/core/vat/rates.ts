import data from './eu-vat-rates.json' with { type: 'json' };

/**
 * VAT rates of the 27 member states (SPEC.md part 8), from the reference file eu-vat-rates.json
 * (copied here unchanged; its `sources` name the European Commission TEDB snapshot it mirrors).
 * Rates are handled as integer basis points (17 % = 1700, 25.5 % = 2550) so no float ever
 * touches an amount.
 */
export interface CountryVat {
  iso2: string;
  vat_prefix: string;
  name: string;
  currency: string;
  standard_rate: number;
  reduced_rates: number[];
  super_reduced_rate: number | null;
  parking_rate: number | null;
  vat_number_regex: string;
}

/**
 * A product's VAT rate category (eu-vat-rules.md a: "map products to a rate category per
 * country"): the rate applied is that category's rate in the member state whose VAT applies.
 * `reduced` is the state's lower reduced rate (books, food in most states), `reduced_high` its
 * higher one where it has two; `zero` is a rate of 0 % with the right to deduct (Art. 110; the
 * rates file lists no zero rates, so the vendor's declaration is taken as is); `exempt` is an
 * exempt supply (Art. 132–136), also 0 %, with its mention on the invoice.
 */
export type RateCategory = 'standard' | 'reduced' | 'reduced_high' | 'super_reduced' | 'parking' | 'zero' | 'exempt';
export const RATE_CATEGORIES: readonly RateCategory[] = [
  'standard',
  'reduced',
  'reduced_high',
  'super_reduced',
  'parking',
  'zero',
  'exempt',
];

/** The platform's member state (Luxembourg): where a vendor ships from until its invoice settings say otherwise. */
export const DEFAULT_SELLER_COUNTRY = 'LU';

export const EXEMPT_SUPPLY_MENTION = 'Exempt supply — Art. 132–136 Directive 2006/112/EC';

/** The rate a category gets in a state, and why when it is not the category's own. */
export interface AppliedRate {
  rate_bp: number;
  /** The category whose rate was applied: the product's, or `standard` when the state has none of it. */
  applied_category: RateCategory;
  /** Set when the state has no rate of the product's category and the standard rate applies. */
  fallback_reason: string | null;
}

const COUNTRIES = new Map<string, CountryVat>((data.countries as CountryVat[]).map((c) => [c.iso2, c]));
const BY_PREFIX = new Map<string, CountryVat>([...COUNTRIES.values()].map((c) => [c.vat_prefix, c]));

export const EU_MEMBER_STATES: readonly string[] = [...COUNTRIES.keys()];

/**
 * Monaco is not a third country for VAT: Art. 7(1) Directive 2006/112/EC treats it as part of
 * France. Every other code outside the 27 (including the Art. 6 territories that have their own
 * ISO code: Åland AX, the French overseas departments GP, MQ, GF, RE, YT) is outside the EU VAT
 * territory, so a sale there is an export (eu-vat-rules.md d).
 */
const VAT_TERRITORY_ALIASES: Record<string, string> = { MC: 'FR' };

/** The member state whose VAT territory holds `iso2`, or null when it lies outside the EU VAT territory. */
export function vatTerritoryOf(iso2: string | null | undefined): string | null {
  if (!iso2) return null;
  const code = iso2.trim().toUpperCase();
  const member = VAT_TERRITORY_ALIASES[code] ?? code;
  return COUNTRIES.has(member) ? member : null;
}

export function countryVat(iso2: string): CountryVat {
  const c = COUNTRIES.get(iso2.toUpperCase());
  if (!c) throw new RangeError(`${iso2} is not an EU member state`);
  return c;
}

const bp = (percent: number) => Math.round(percent * 100);

/**
 * The rate of a category in a member state. Where the state has no rate of that category the
 * standard rate applies, and the answer says so (the invoice prints the reason).
 */
export function appliedRate(iso2: string, category: RateCategory = 'standard'): AppliedRate {
  const c = countryVat(iso2);
  const reduced = [...c.reduced_rates].sort((a, b) => a - b);
  const own = (percent: number): AppliedRate => ({ rate_bp: bp(percent), applied_category: category, fallback_reason: null });
  const standard = (): AppliedRate => ({
    rate_bp: bp(c.standard_rate),
    applied_category: 'standard',
    fallback_reason: `${c.name} has no ${category.replace('_', '-')} rate: the standard rate applies`,
  });
  switch (category) {
    case 'standard':
      return own(c.standard_rate);
    case 'reduced':
      return reduced.length ? own(reduced[0]) : standard();
    case 'reduced_high':
      return reduced.length ? own(reduced[reduced.length - 1]) : standard();
    case 'super_reduced':
      return c.super_reduced_rate !== null ? own(c.super_reduced_rate) : standard();
    case 'parking':
      return c.parking_rate !== null ? own(c.parking_rate) : standard();
    case 'zero':
    case 'exempt':
      return { rate_bp: 0, applied_category: category, fallback_reason: null };
  }
}

/**
 * The rates a member state has, each under the category it is for, in the order a rate is matched
 * to a category (a state with one reduced rate has it as `reduced`); `zero` closes the list.
 */
export function stateRates(iso2: string): { category: RateCategory; rate_bp: number }[] {
  const c = countryVat(iso2);
  const reduced = [...c.reduced_rates].sort((a, b) => a - b);
  const rates: { category: RateCategory; rate_bp: number }[] = [{ category: 'standard', rate_bp: bp(c.standard_rate) }];
  if (reduced.length > 0) rates.push({ category: 'reduced', rate_bp: bp(reduced[0]) });
  if (reduced.length > 1) rates.push({ category: 'reduced_high', rate_bp: bp(reduced[reduced.length - 1]) });
  if (c.super_reduced_rate !== null) rates.push({ category: 'super_reduced', rate_bp: bp(c.super_reduced_rate) });
  if (c.parking_rate !== null) rates.push({ category: 'parking', rate_bp: bp(c.parking_rate) });
  rates.push({ category: 'zero', rate_bp: 0 });
  return rates;
}

/** The rate of a category in a member state, in basis points. */
export function rateBasisPoints(iso2: string, category: RateCategory = 'standard'): number {
  return appliedRate(iso2, category).rate_bp;
}

/** Upper case, without the spaces, dots and hyphens people type (the JSON's regex convention). */
export const normalizeVatNumber = (raw: string): string => raw.toUpperCase().replace(/[\s.-]/g, '');

/**
 * The member state of a VAT number whose format is right (a format check only: VIES says whether
 * it is valid, eu-vat-rules.md c), or null. Greece's prefix is EL, its ISO code GR.
 */
export function vatNumberCountry(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const number = normalizeVatNumber(raw);
  const c = BY_PREFIX.get(number.slice(0, 2));
  if (!c || !new RegExp(c.vat_number_regex).test(number)) return null;
  return c.iso2;
}
