import type { TransitionTable } from '../../src/core/transitions.ts';
import type { DomainStatus, ExtmarketSettings, VendorEvent, VendorProfile } from './events.ts';

export interface VendorDomain {
  id: number;
  domain: string;
  status: DomainStatus;
  is_primary: boolean;
  is_active: boolean;
  /** Published by the vendor in a DNS TXT record; not a secret. */
  verification_token: string;
}

export type LiveVendor = VendorProfile & {
  status: 'active' | 'inactive';
  id: number;
  company_id: number;
  vendor_code: string;
  subdomain: string;
  verified: boolean;
  extmarket: ExtmarketSettings;
  domains: VendorDomain[];
};

export type VendorState = { status: 'none' } | LiveVendor | { status: 'deleted'; id: number };
export type VendorStatus = VendorState['status'];
export type VendorAction =
  | 'create'
  | 'change_profile'
  | 'change_subdomain'
  | 'change_extmarket'
  | 'verify'
  | 'activate'
  | 'deactivate'
  | 'delete'
  | 'manage_domains';

/** The vendor lifecycle as data; checked by checkTransition in every decision. */
export const VENDOR_TRANSITIONS: TransitionTable<VendorStatus, VendorAction> = {
  create: { from: ['none'], to: 'active' },
  change_profile: { from: ['active', 'inactive'], to: 'computed' },
  change_subdomain: { from: ['active', 'inactive'], to: 'computed' },
  change_extmarket: { from: ['active', 'inactive'], to: 'computed' },
  verify: { from: ['active', 'inactive'], to: 'computed' },
  activate: { from: ['inactive'], to: 'active' },
  deactivate: { from: ['active'], to: 'inactive' },
  delete: { from: ['active', 'inactive'], to: 'deleted' },
  manage_domains: { from: ['active', 'inactive'], to: 'computed' },
};

export type DomainAction = 'verify' | 'fail_verification';

/** Custom domain verification as data: a verified domain stays verified (a re-check is a no-op). */
export const DOMAIN_TRANSITIONS: TransitionTable<DomainStatus, DomainAction> = {
  verify: { from: ['pending', 'failed'], to: 'verified' },
  fail_verification: { from: ['pending', 'failed'], to: 'failed' },
};

export const initialVendorState = (): VendorState => ({ status: 'none' });

function withDomain(state: LiveVendor, id: number, change: Partial<VendorDomain>): LiveVendor {
  return { ...state, domains: state.domains.map((d) => (d.id === id ? { ...d, ...change } : d)) };
}

export function evolveVendor(state: VendorState, event: VendorEvent): VendorState {
  switch (event.type) {
    case 'VendorCreated': {
      const { vendor_id, created_at: _at, requested_plan: _plan, ...rest } = event.data;
      return { status: 'active', id: vendor_id, verified: false, extmarket: {}, domains: [], ...rest };
    }
    case 'VendorDeleted':
      return { status: 'deleted', id: event.data.vendor_id };
  }
  if (state.status !== 'active' && state.status !== 'inactive') return state;
  switch (event.type) {
    case 'VendorProfileChanged':
      return { ...state, ...event.data.changes };
    case 'VendorSubdomainChanged':
      return { ...state, subdomain: event.data.subdomain };
    case 'VendorExtmarketSettingsChanged':
      return { ...state, extmarket: { ...state.extmarket, ...event.data.changes } };
    case 'VendorVerified':
      return { ...state, verified: true };
    case 'VendorVerificationRevoked':
      return { ...state, verified: false };
    case 'VendorActivated':
      return { ...state, status: 'active' };
    case 'VendorDeactivated':
      return { ...state, status: 'inactive' };
    case 'VendorDomainAdded': {
      const d = event.data;
      return {
        ...state,
        domains: [
          ...state.domains,
          {
            id: d.domain_id,
            domain: d.domain,
            status: 'pending',
            is_primary: d.is_primary,
            is_active: true,
            verification_token: d.verification_token,
          },
        ],
      };
    }
    case 'VendorDomainVerified':
      return withDomain(state, event.data.domain_id, { status: 'verified' });
    case 'VendorDomainVerificationFailed':
      return withDomain(state, event.data.domain_id, { status: 'failed' });
    case 'VendorDomainSettingsChanged': {
      const { is_primary, is_active } = event.data;
      return withDomain(state, event.data.domain_id, {
        ...(is_primary !== undefined ? { is_primary } : {}),
        ...(is_active !== undefined ? { is_active } : {}),
      });
    }
    case 'VendorDomainRemoved':
      return { ...state, domains: state.domains.filter((d) => d.id !== event.data.domain_id) };
  }
}
