import type { CompanyDetails } from './events.ts';

/** Commands of the company aggregate. Ids and times are chosen before the decision. */
export type CreateCompany = { type: 'CreateCompany'; data: CompanyDetails & { company_id: number; owner_user_id: number; at: string } };
export type ChangeCompanyDetails = { type: 'ChangeCompanyDetails'; data: { changes: Partial<CompanyDetails>; at: string } };
export type SetCompanyVerified = { type: 'SetCompanyVerified'; data: { verified: boolean; at: string } };
export type SetCompanyActive = { type: 'SetCompanyActive'; data: { active: boolean; at: string } };
export type TransferCompanyOwnership = {
  type: 'TransferCompanyOwnership';
  data: { new_owner_user_id: number; reason: string | null; at: string };
};
export type AttachVendor = { type: 'AttachVendor'; data: { vendor_id: number; at: string } };
export type DetachVendor = { type: 'DetachVendor'; data: { vendor_id: number; at: string } };
export type DeleteCompany = { type: 'DeleteCompany'; data: { at: string } };

export type CompanyCommand =
  | CreateCompany
  | ChangeCompanyDetails
  | SetCompanyVerified
  | SetCompanyActive
  | TransferCompanyOwnership
  | AttachVendor
  | DetachVendor
  | DeleteCompany;
