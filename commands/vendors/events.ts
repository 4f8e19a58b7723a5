/**
 * Vendors: the merchant tenants (SPEC.md part 2 "Vendor"), with their subdomain and custom
 * domains. This file is the area's public contract: projections and process managers import
 * event types from here only. A process manager that reacts to VendorCreated (for example the
 * catalogue's placeholder product, SPEC.md part 2 "Product") finds everything it needs in it.
 */
export type Language = 'en' | 'fr' | 'de' | 'lb';

import type { Contact } from '../../src/core/contactFields.ts';

/** Contact fields a vendor may override; null means "inherit the company's value". */
export { CONTACT_FIELDS, type Contact, type ContactField } from '../../src/core/contactFields.ts';

/** Marketplace (extmarket) feed and listing settings of a vendor (PUT /vendor/settings/extmarket). */
export interface ExtmarketSettings {
  csv_url_fr?: string | null;
  csv_url_en?: string | null;
  csv_url_de?: string | null;
  default_tax_rate?: number | null;
  boost_sort?: number | null;
  delivery_method?: string[] | null;
  preorder_days?: number | null;
}

export interface VendorProfile extends Contact {
  name: string;
  description: string | null;
  dashboard_language: Language;
  storefront_language: Language;
  storefront_languages: Language[];
  storefront_locale: string | null;
  /** Identity of the vendor's shop on the extmarket, used when a prospective vendor claims it. */
  extmarket_vendor_id: string | null;
  extmarket_vendor_slug: string | null;
}

export type DomainStatus = 'pending' | 'verified' | 'failed';

/**
 * The plan the admin picked when creating the vendor, as the subscriptions area decided it (a
 * tier it offers; the default tier when only a trial was asked): that area opens the vendor's
 * subscription on it. Absent: the vendor starts with no subscription, on the default tier.
 */
export interface RequestedPlan {
  tier_code: string;
  /** A trial of this many days; null: a paid period at once. */
  trial_days: number | null;
  /** When the trial or the first period starts: the service clock's time of the creation request. */
  starts_at: string;
}

/** A vendor was opened under a company, with its unique code and subdomain. */
export type VendorCreated = {
  type: 'VendorCreated';
  data: VendorProfile & {
    vendor_id: number;
    company_id: number;
    vendor_code: string;
    subdomain: string;
    created_at: string;
    requested_plan?: RequestedPlan;
  };
};
/** Profile, contact, language or extmarket identity fields changed (only the changed ones). */
export type VendorProfileChanged = {
  type: 'VendorProfileChanged';
  data: { vendor_id: number; changes: Partial<VendorProfile>; at: string };
};
/** The vendor moved to another subdomain; the old one is free again. */
export type VendorSubdomainChanged = {
  type: 'VendorSubdomainChanged';
  data: { vendor_id: number; subdomain: string; previous: string; at: string };
};
/** The vendor's extmarket feed and listing settings changed (only the changed ones). */
export type VendorExtmarketSettingsChanged = {
  type: 'VendorExtmarketSettingsChanged';
  data: { vendor_id: number; changes: ExtmarketSettings; at: string };
};
/** An admin confirmed the vendor's identity. */
export type VendorVerified = { type: 'VendorVerified'; data: { vendor_id: number; at: string } };
/** An admin withdrew the vendor's verification. */
export type VendorVerificationRevoked = { type: 'VendorVerificationRevoked'; data: { vendor_id: number; at: string } };
/** The vendor's shop and dashboard are open again. */
export type VendorActivated = { type: 'VendorActivated'; data: { vendor_id: number; at: string } };
/** The vendor's shop and dashboard are closed; its team can no longer sign in. */
export type VendorDeactivated = { type: 'VendorDeactivated'; data: { vendor_id: number; at: string } };
/** The vendor was closed for good; its code, subdomain and domains are free again. */
export type VendorDeleted = { type: 'VendorDeleted'; data: { vendor_id: number; company_id: number; vendor_code: string; at: string } };

/** A custom domain was attached to the vendor, pending DNS verification. */
export type VendorDomainAdded = {
  type: 'VendorDomainAdded';
  data: { vendor_id: number; domain_id: number; domain: string; is_primary: boolean; verification_token: string; at: string };
};
/** The domain's DNS TXT record matched: the storefront may be served on it. */
export type VendorDomainVerified = { type: 'VendorDomainVerified'; data: { vendor_id: number; domain_id: number; at: string } };
/** A DNS check did not find the expected TXT record. */
export type VendorDomainVerificationFailed = {
  type: 'VendorDomainVerificationFailed';
  data: { vendor_id: number; domain_id: number; reason: string; at: string };
};
/** The domain's primary or active flag changed. */
export type VendorDomainSettingsChanged = {
  type: 'VendorDomainSettingsChanged';
  data: { vendor_id: number; domain_id: number; is_primary?: boolean; is_active?: boolean; at: string };
};
/** The domain was detached from the vendor and is free again. */
export type VendorDomainRemoved = {
  type: 'VendorDomainRemoved';
  data: { vendor_id: number; domain_id: number; domain: string; at: string };
};

export type VendorEvent =
  | VendorCreated
  | VendorProfileChanged
  | VendorSubdomainChanged
  | VendorExtmarketSettingsChanged
  | VendorVerified
  | VendorVerificationRevoked
  | VendorActivated
  | VendorDeactivated
  | VendorDeleted
  | VendorDomainAdded
  | VendorDomainVerified
  | VendorDomainVerificationFailed
  | VendorDomainSettingsChanged
  | VendorDomainRemoved;

export const VENDOR_EVENT_TYPES = [
  'VendorCreated',
  'VendorProfileChanged',
  'VendorSubdomainChanged',
  'VendorExtmarketSettingsChanged',
  'VendorVerified',
  'VendorVerificationRevoked',
  'VendorActivated',
  'VendorDeactivated',
  'VendorDeleted',
] as const satisfies readonly VendorEvent['type'][];

export const VENDOR_DOMAIN_EVENT_TYPES = [
  'VendorDomainAdded',
  'VendorDomainVerified',
  'VendorDomainVerificationFailed',
  'VendorDomainSettingsChanged',
  'VendorDomainRemoved',
  'VendorDeleted',
] as const satisfies readonly VendorEvent['type'][];
