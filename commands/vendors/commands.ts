import type { ExtmarketSettings, RequestedPlan, VendorProfile } from './events.ts';

/** Commands of the vendor aggregate. Ids, tokens and times are chosen before the decision. */
export type CreateVendor = {
  type: 'CreateVendor';
  data: VendorProfile & {
    vendor_id: number;
    company_id: number;
    vendor_code: string;
    subdomain: string;
    at: string;
    requested_plan?: RequestedPlan;
  };
};
export type ChangeVendorProfile = { type: 'ChangeVendorProfile'; data: { changes: Partial<VendorProfile>; at: string } };
export type ChangeVendorSubdomain = { type: 'ChangeVendorSubdomain'; data: { subdomain: string; at: string } };
export type ChangeExtmarketSettings = { type: 'ChangeExtmarketSettings'; data: { changes: ExtmarketSettings; at: string } };
export type SetVendorVerified = { type: 'SetVendorVerified'; data: { verified: boolean; at: string } };
export type SetVendorActive = { type: 'SetVendorActive'; data: { active: boolean; at: string } };
export type DeleteVendor = { type: 'DeleteVendor'; data: { at: string } };
export type AddVendorDomain = {
  type: 'AddVendorDomain';
  data: { domain_id: number; domain: string; is_primary: boolean; verification_token: string; at: string };
};
/** The outcome of a DNS check, made outside the decision. */
export type RecordDomainCheck = {
  type: 'RecordDomainCheck';
  data: { domain_id: number; verified: boolean; reason: string | null; at: string };
};
export type ChangeVendorDomain = {
  type: 'ChangeVendorDomain';
  data: { domain_id: number; is_primary?: boolean; is_active?: boolean; at: string };
};
export type RemoveVendorDomain = { type: 'RemoveVendorDomain'; data: { domain_id: number; at: string } };

export type VendorDomainCommand = AddVendorDomain | RecordDomainCheck | ChangeVendorDomain | RemoveVendorDomain;
export type VendorCommand =
  | CreateVendor
  | ChangeVendorProfile
  | ChangeVendorSubdomain
  | ChangeExtmarketSettings
  | SetVendorVerified
  | SetVendorActive
  | DeleteVendor
  | VendorDomainCommand;
