/**
 * Companies (SPEC.md part 2 "Company"): one user owns a company, the company owns vendors, and
 * its business address, tax number and contact data are what its vendors inherit.
 */
export interface CompanyDetails {
  name: string;
  description: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  business_address: string | null;
  tax_number: string | null;
}

/** A company was registered with its owning user. */
export type CompanyCreated = {
  type: 'CompanyCreated';
  data: CompanyDetails & { company_id: number; owner_user_id: number; created_at: string };
};
/** Name, description, address, tax number or contact data changed (only the changed ones). */
export type CompanyDetailsChanged = {
  type: 'CompanyDetailsChanged';
  data: { company_id: number; changes: Partial<CompanyDetails>; at: string };
};
/** An admin confirmed the company's identity. */
export type CompanyVerified = { type: 'CompanyVerified'; data: { company_id: number; at: string } };
/** An admin withdrew the company's verification. */
export type CompanyVerificationRevoked = { type: 'CompanyVerificationRevoked'; data: { company_id: number; at: string } };
/** The company is active again. */
export type CompanyActivated = { type: 'CompanyActivated'; data: { company_id: number; at: string } };
/** An admin marked the company inactive. */
export type CompanyDeactivated = { type: 'CompanyDeactivated'; data: { company_id: number; at: string } };
/** Another user now owns the company, and so owns its vendors. */
export type CompanyOwnershipTransferred = {
  type: 'CompanyOwnershipTransferred';
  data: { company_id: number; previous_owner_user_id: number; new_owner_user_id: number; reason: string | null; at: string };
};
/** A vendor was opened under the company (recorded first, so a deletion cannot race it). */
export type CompanyVendorAttached = { type: 'CompanyVendorAttached'; data: { company_id: number; vendor_id: number; at: string } };
/** A vendor of the company was closed. */
export type CompanyVendorDetached = { type: 'CompanyVendorDetached'; data: { company_id: number; vendor_id: number; at: string } };
/** The company was removed; it had no vendors left. */
export type CompanyDeleted = { type: 'CompanyDeleted'; data: { company_id: number; at: string } };

export type CompanyEvent =
  | CompanyCreated
  | CompanyDetailsChanged
  | CompanyVerified
  | CompanyVerificationRevoked
  | CompanyActivated
  | CompanyDeactivated
  | CompanyOwnershipTransferred
  | CompanyVendorAttached
  | CompanyVendorDetached
  | CompanyDeleted;

export const COMPANY_EVENT_TYPES = [
  'CompanyCreated',
  'CompanyDetailsChanged',
  'CompanyVerified',
  'CompanyVerificationRevoked',
  'CompanyActivated',
  'CompanyDeactivated',
  'CompanyOwnershipTransferred',
  'CompanyVendorAttached',
  'CompanyVendorDetached',
  'CompanyDeleted',
] as const satisfies readonly CompanyEvent['type'][];
