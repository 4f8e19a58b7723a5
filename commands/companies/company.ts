import type { TransitionTable } from '../../src/core/transitions.ts';
import type { CompanyDetails, CompanyEvent } from './events.ts';

export type LiveCompany = CompanyDetails & {
  status: 'active' | 'inactive';
  id: number;
  owner_user_id: number;
  verified: boolean;
  /** Ids of the company's vendors: a company with vendors cannot be deleted (SPEC.md 4.1). */
  vendor_ids: number[];
};

export type CompanyState = { status: 'none' } | LiveCompany | { status: 'deleted'; id: number };
export type CompanyStatus = CompanyState['status'];
export type CompanyAction =
  'create' | 'change_details' | 'verify' | 'activate' | 'deactivate' | 'transfer_ownership' | 'attach_vendor' | 'detach_vendor' | 'delete';

/** The company lifecycle as data; checked by checkTransition in every decision. */
export const COMPANY_TRANSITIONS: TransitionTable<CompanyStatus, CompanyAction> = {
  create: { from: ['none'], to: 'active' },
  change_details: { from: ['active', 'inactive'], to: 'computed' },
  verify: { from: ['active', 'inactive'], to: 'computed' },
  activate: { from: ['inactive'], to: 'active' },
  deactivate: { from: ['active'], to: 'inactive' },
  transfer_ownership: { from: ['active', 'inactive'], to: 'computed' },
  attach_vendor: { from: ['active', 'inactive'], to: 'computed' },
  detach_vendor: { from: ['active', 'inactive'], to: 'computed' },
  delete: { from: ['active', 'inactive'], to: 'deleted' },
};

export const initialCompanyState = (): CompanyState => ({ status: 'none' });

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyCreated': {
      const { company_id, owner_user_id, created_at: _at, ...details } = event.data;
      return { status: 'active', id: company_id, owner_user_id, verified: false, vendor_ids: [], ...details };
    }
    case 'CompanyDeleted':
      return { status: 'deleted', id: event.data.company_id };
  }
  if (state.status !== 'active' && state.status !== 'inactive') return state;
  switch (event.type) {
    case 'CompanyDetailsChanged':
      return { ...state, ...event.data.changes };
    case 'CompanyVerified':
      return { ...state, verified: true };
    case 'CompanyVerificationRevoked':
      return { ...state, verified: false };
    case 'CompanyActivated':
      return { ...state, status: 'active' };
    case 'CompanyDeactivated':
      return { ...state, status: 'inactive' };
    case 'CompanyOwnershipTransferred':
      return { ...state, owner_user_id: event.data.new_owner_user_id };
    case 'CompanyVendorAttached':
      return { ...state, vendor_ids: [...state.vendor_ids, event.data.vendor_id] };
    case 'CompanyVendorDetached':
      return { ...state, vendor_ids: state.vendor_ids.filter((v) => v !== event.data.vendor_id) };
  }
}
