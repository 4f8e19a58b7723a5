import { LANGUAGES } from './i18n.ts';

/**
 * Countries of addresses (SPEC.md part 2 "Customer address": country_iso and country_name both
 * present). The ISO 3166-1 alpha-2 code is the truth; the name is what the shopper reads. A name
 * is accepted when it is the code's name in one of the supported languages (en, fr, de, lb), as
 * ICU names it (Node's Intl.DisplayNames, long or short form), compared without case, accents
 * or punctuation: "Deutschland", "Germany" and "allemagne" all stand for DE. An address without
 * a name gets the code's name in the customer's language.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

const displayNames = new Map<string, Intl.DisplayNames>();
function names(language: string, style: 'long' | 'short'): Intl.DisplayNames {
  const key = `${language}:${style}`;
  let d = displayNames.get(key);
  if (!d) displayNames.set(key, (d = new Intl.DisplayNames([language], { type: 'region', style, fallback: 'none' })));
  return d;
}

/** Whether `iso` is a known country code (two upper-case letters that name a region). */
export function isCountryCode(iso: string): boolean {
  return /^[A-Z]{2}$/.test(iso) && !NOT_COUNTRIES.has(iso) && names('en', 'long').of(iso) !== undefined;
}

/** The country's name in a supported language (English for anything else). */
export function countryName(iso: string, language: string | null | undefined): string {
  const lang = (LANGUAGES as readonly string[]).includes(language ?? '') ? language! : 'en';
  return names(lang, 'long').of(iso) ?? iso;
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether `name` names the country `iso` in one of the supported languages. */
export function isNameOfCountry(iso: string, name: string): boolean {
  const wanted = normalize(name);
  if (!wanted) return false;
  return LANGUAGES.some((lang) =>
    (['long', 'short'] as const).some((style) => {
      const n = names(lang, style).of(iso);
      return n !== undefined && normalize(n) === wanted;
    }),
  );
}
