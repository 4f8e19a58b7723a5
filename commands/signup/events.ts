/**
 * Signup (SPEC.md part 1 capability 8, 4.4 "platform area", part 5 rule 4, part 8): a prospective
 * vendor gives, in order, an account, a company, a vendor, a tier and a card, then completes the
 * signup, which opens the user, the company, the vendor and its 30-day trial. The progress lives
 * on the signup's own stream (`signup-<id>`), so a visitor can come back to it. This file is the
 * area's public contract.
 */
export const SIGNUP_STEPS = ['account', 'company', 'vendor', 'tier', 'card'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
export type Language = 'en' | 'fr' | 'de' | 'lb';
export type BillingInterval = 'month' | 'year';

export interface SignupAccount {
  email: string;
  /** argon2 hash: the password itself is never stored, not even on the signup's stream. */
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  language: Language;
}

export interface SignupCompany {
  name: string;
  business_address: string | null;
  tax_number: string | null;
  contact_phone: string | null;
  website: string | null;
}

/** The marketplace shop the visitor proved is theirs (the extmarket answered their API key with it). */
export interface ExtmarketShop {
  extmarket_vendor_id: string;
  extmarket_vendor_slug: string | null;
  name: string | null;
}

export interface SignupVendor {
  vendor_code: string;
  name: string;
}

export interface SignupTier {
  tier_code: string;
  billing_interval: BillingInterval;
}

/** What a completed signup opened; a second completion answers it again. */
export interface SignupResult {
  user_id: number;
  company_id: number;
  vendor_id: number;
}

/** A visitor began a signup (its id is the visitor's way back to it). */
export type SignupStarted = {
  type: 'SignupStarted';
  data: { signup_id: string; tier_code: string | null; language: Language; at: string };
};
/** The account step was given: who will own the company and sign in. */
export type SignupAccountGiven = { type: 'SignupAccountGiven'; data: { signup_id: string; account: SignupAccount; at: string } };
/** The company step was given. */
export type SignupCompanyGiven = { type: 'SignupCompanyGiven'; data: { signup_id: string; company: SignupCompany; at: string } };
/** The visitor's extmarket shop was found with their API key and is to become the vendor's. */
export type SignupShopClaimed = { type: 'SignupShopClaimed'; data: { signup_id: string; shop: ExtmarketShop; at: string } };
/** The vendor step was given: the shop's code and name. */
export type SignupVendorGiven = { type: 'SignupVendorGiven'; data: { signup_id: string; vendor: SignupVendor; at: string } };
/** The tier the trial runs on was chosen. */
export type SignupTierChosen = { type: 'SignupTierChosen'; data: { signup_id: string; tier: SignupTier; at: string } };
/** A Stripe SetupIntent was opened for the card; the visitor's browser confirms it with Stripe. */
export type SignupCardSetupOpened = {
  type: 'SignupCardSetupOpened';
  data: { signup_id: string; stripe_customer_id: string; setup_intent_id: string; at: string };
};
/** Stripe confirmed the SetupIntent: the card is saved for after the trial. */
export type SignupCardConfirmed = {
  type: 'SignupCardConfirmed';
  data: { signup_id: string; payment_method_id: string; brand: string | null; last4: string | null; at: string };
};
/** Completion began with these ids: a repeated or concurrent completion continues with the same ones. */
export type SignupCompletionBegun = { type: 'SignupCompletionBegun'; data: { signup_id: string; ids: SignupResult; at: string } };
/** Completion lost a unique value (the e-mail, the vendor code, the shop) to another holder; the visitor changes it and tries again. */
export type SignupCompletionRefused = { type: 'SignupCompletionRefused'; data: { signup_id: string; field: string; at: string } };
/** The user, the company, the vendor and its trial exist: the signup is over. */
export type SignupCompleted = { type: 'SignupCompleted'; data: { signup_id: string; result: SignupResult; at: string } };

export type SignupEvent =
  | SignupStarted
  | SignupAccountGiven
  | SignupCompanyGiven
  | SignupShopClaimed
  | SignupVendorGiven
  | SignupTierChosen
  | SignupCardSetupOpened
  | SignupCardConfirmed
  | SignupCompletionBegun
  | SignupCompletionRefused
  | SignupCompleted;

export const SIGNUP_EVENT_TYPES = [
  'SignupStarted',
  'SignupAccountGiven',
  'SignupCompanyGiven',
  'SignupShopClaimed',
  'SignupVendorGiven',
  'SignupTierChosen',
  'SignupCardSetupOpened',
  'SignupCardConfirmed',
  'SignupCompletionBegun',
  'SignupCompletionRefused',
  'SignupCompleted',
] as const satisfies readonly SignupEvent['type'][];
