import { vatNumberCountry, vatTerritoryOf } from './rates.ts';

/**
 * Which VAT applies to a sale of goods (docs/orders.md "EU VAT", the decision order).
 * A pure function: the caller supplies the VIES result and the seller's cross-border sales.
 */
export type VatRegime = 'domestic' | 'origin' | 'oss' | 'reverse_charge' | 'export';

/** Art. 59c: EU-wide cross-border B2C sales up to EUR 10,000 a year keep the seller-country VAT. */
export const OSS_THRESHOLD_CENTS = 1_000_000;

export const EXPORT_MENTION = 'Export — exempt, Art. 146 Directive 2006/112/EC';
export const INTRA_EU_MENTION = 'Exempt intra-Community supply — Art. 138 Directive 2006/112/EC; VAT due by the customer (reverse charge)';
/** Art. 226(11a): printed only alongside the exemption reference (eu-vat-rules.md c). */
export const REVERSE_CHARGE_MENTION = 'Reverse charge';

export interface VatSituation {
  /** Member state where the seller is established and the dispatch starts. */
  seller_country_iso: string;
  /** Where the transport ends (the shipping address). */
  destination_country_iso: string;
  buyer_vat_number?: string | null;
  /** True only when VIES confirmed the number (eu-vat-rules.md c); a format check is not enough. */
  buyer_vat_number_valid?: boolean;
  /** Cross-border B2C sales excl. VAT this calendar year before this sale, and in the previous year. */
  cross_border_b2c_current_year_cents?: number;
  cross_border_b2c_previous_year_cents?: number;
  /** This sale excl. VAT: it counts toward the threshold ("including the crossing sale"). */
  sale_net_cents?: number;
  /** Art. 59c(3): the seller opted for destination taxation (binding for 2 calendar years). */
  opted_for_destination?: boolean;
}

export interface VatDecision {
  regime: VatRegime;
  /** Member state whose rates apply, or null for an exempt supply. */
  vat_country_iso: string | null;
  exempt: boolean;
  buyer_vat_number: string | null;
  /** Invoice mentions, in print order (Art. 226(11), (11a)). */
  mentions: string[];
  /** Why, in one sentence with the article, for the order detail and the audit trail. */
  reason: string;
}

export function decideVatRegime(s: VatSituation): VatDecision {
  const seller = vatTerritoryOf(s.seller_country_iso);
  if (!seller) throw new RangeError(`The seller must be established in an EU member state, not ${s.seller_country_iso}`);
  const destination = vatTerritoryOf(s.destination_country_iso);
  const buyerCountry = s.buyer_vat_number_valid ? vatNumberCountry(s.buyer_vat_number) : null;
  const buyer_vat_number = buyerCountry ? s.buyer_vat_number!.toUpperCase().replace(/[\s.-]/g, '') : null;

  // (1) The goods leave the EU VAT territory: exempt export (Art. 146).
  if (!destination) {
    return {
      regime: 'export',
      vat_country_iso: null,
      exempt: true,
      buyer_vat_number,
      mentions: [EXPORT_MENTION],
      reason: 'Goods leave the EU VAT territory (Art. 146)',
    };
  }
  // (2) A VIES-valid VAT id of another member state and the goods go to another member state (Art. 138).
  if (buyerCountry && buyerCountry !== seller && destination !== seller) {
    return {
      regime: 'reverse_charge',
      vat_country_iso: null,
      exempt: true,
      buyer_vat_number,
      mentions: [INTRA_EU_MENTION, REVERSE_CHARGE_MENTION],
      reason: 'Intra-EU B2B supply to a VIES-valid VAT id (Art. 138); the customer self-assesses',
    };
  }
  // (3) The goods stay in the seller's member state: seller-country VAT, B2C and B2B alike (Art. 31–32).
  if (destination === seller) {
    return {
      regime: 'domestic',
      vat_country_iso: seller,
      exempt: false,
      buyer_vat_number,
      mentions: [],
      reason: 'Domestic supply (Art. 31–32)',
    };
  }
  // (4) Intra-EU distance sale to a consumer (or to a buyer without a valid VAT id).
  const current = (s.cross_border_b2c_current_year_cents ?? 0) + (s.sale_net_cents ?? 0);
  const below =
    !s.opted_for_destination && current <= OSS_THRESHOLD_CENTS && (s.cross_border_b2c_previous_year_cents ?? 0) <= OSS_THRESHOLD_CENTS;
  if (below) {
    return {
      regime: 'origin',
      vat_country_iso: seller,
      exempt: false,
      buyer_vat_number: null,
      mentions: [],
      reason: 'Distance sale under the EUR 10,000 threshold: seller-country VAT (Art. 59c)',
    };
  }
  return {
    regime: 'oss',
    vat_country_iso: destination,
    exempt: false,
    buyer_vat_number: null,
    mentions: [],
    reason:
      'Distance sale over the EUR 10,000 threshold or opted in: destination VAT, declared through the OSS union scheme (Art. 33(a), 369a–369k)',
  };
}
