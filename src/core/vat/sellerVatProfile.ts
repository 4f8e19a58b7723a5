import { DEFAULT_SELLER_COUNTRY, vatTerritoryOf } from './rates.ts';

/**
 * What the VAT decision needs to know about a seller (eu-vat-rules.md a, b): the member state it
 * dispatches from, its OSS opt-in, and its EU cross-border B2C sales excl. VAT this year and last.
 * The invoices area keeps it (its invoice settings and the orders taxed as distance sales); the
 * orders and the extmarket sync ask for it through the module registry.
 */
export interface SellerVatProfile {
  seller_country_iso: string;
  opted_for_destination: boolean;
  cross_border_b2c_current_year_cents: number;
  cross_border_b2c_previous_year_cents: number;
}

/** A seller nobody has told us about: established in the platform's country, no opt-in, no cross-border sales yet. */
export const DEFAULT_SELLER_VAT_PROFILE: SellerVatProfile = {
  seller_country_iso: DEFAULT_SELLER_COUNTRY,
  opted_for_destination: false,
  cross_border_b2c_current_year_cents: 0,
  cross_border_b2c_previous_year_cents: 0,
};

/**
 * Whether the VAT of a sale from `seller` to `destination` may depend on the seller's cross-border
 * sales and OSS opt-in: only a distance sale within the EU does (decideVatRegime, step 4). A
 * domestic sale and an export are decided on the two countries alone, so their orders need not
 * read the seller's yearly sales.
 */
export function isDistanceSale(sellerCountryIso: string, destinationCountryIso: string): boolean {
  const destination = vatTerritoryOf(destinationCountryIso);
  return destination !== null && destination !== vatTerritoryOf(sellerCountryIso);
}
