import data from './eu-vat-rates.json' with { type: 'json' };

/**
 * VAT rates of the 27 member states (SPEC.md part 8), from ../shared/reference/eu-vat-rates.json
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
 * Product rate categories (eu-vat-rules.md a: "map products to a rate category per country").
 * A country without the category falls back: reduced_* → standard, super_reduced → reduced_low,
 * parking → standard (the parking rate replaces the standard rate in the states that keep one).
 */
export type RateCategory = 'standard' | 'reduced_low' | 'reduced_high' | 'super_reduced' | 'parking';
export const RATE_CATEGORIES: readonly RateCategory[] = ['standard', 'reduced_low', 'reduced_high', 'super_reduced', 'parking'];

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

/** The rate of a category in a member state, in basis points. */
export function rateBasisPoints(iso2: string, category: RateCategory = 'standard'): number {
  const c = countryVat(iso2);
  const reduced = [...c.reduced_rates].sort((a, b) => a - b);
  switch (category) {
    case 'standard': return bp(c.standard_rate);
    case 'reduced_low': return bp(reduced[0] ?? c.standard_rate);
    case 'reduced_high': return bp(reduced[reduced.length - 1] ?? c.standard_rate);
    case 'super_reduced': return bp(c.super_reduced_rate ?? reduced[0] ?? c.standard_rate);
    case 'parking': return bp(c.parking_rate ?? c.standard_rate);
  }
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
