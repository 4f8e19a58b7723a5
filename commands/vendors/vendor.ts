import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { DomainStatus, ExtmarketSettings, VendorEvent, VendorProfile } from './events.ts';
import { BusinessLogicException, ValidationException, VendorNotFoundException } from '../../src/core/errors.ts';
import { VendorDomainNotFoundException } from './errors.ts';
import type { VendorDomainCommand, VendorCommand } from './commands.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';

export type { VendorCommand } from './commands.ts';

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

/** Custom domains per vendor: enough for a storefront and its aliases, small enough to stay one aggregate. */
export const MAX_DOMAINS_PER_VENDOR = 10;

function find(state: LiveVendor, id: number): VendorDomain {
  const d = state.domains.find((x) => x.id === id);
  if (!d) throw new VendorDomainNotFoundException(`Domain ${id} not found for vendor ${state.vendor_code}`);
  return d;
}

/** Custom domain decisions of the vendor aggregate (SPEC.md 4.1 "vendor domain endpoints"). */
export function decideDomain(command: VendorDomainCommand, state: LiveVendor): VendorEvent[] {
  const vendor_id = state.id;
  switch (command.type) {
    case 'AddVendorDomain': {
      const { domain_id, domain, is_primary, verification_token, at } = command.data;
      if (state.domains.some((d) => d.domain === domain)) return [];
      if (state.domains.length >= MAX_DOMAINS_PER_VENDOR) {
        throw new BusinessLogicException(`A vendor can have at most ${MAX_DOMAINS_PER_VENDOR} custom domains`);
      }
      const primary = is_primary || state.domains.length === 0;
      return [
        ...demotePrimary(state, at, -1, primary),
        { type: 'VendorDomainAdded', data: { vendor_id, domain_id, domain, is_primary: primary, verification_token, at } },
      ];
    }
    case 'RecordDomainCheck': {
      const d = find(state, command.data.domain_id);
      const { domain_id, verified, reason, at } = command.data;
      if (verified) {
        if (d.status === 'verified') return [];
        checkTransition('Domain', DOMAIN_TRANSITIONS, 'verify', d.status);
        return [{ type: 'VendorDomainVerified', data: { vendor_id, domain_id, at } }];
      }
      if (d.status === 'verified') return [];
      checkTransition('Domain', DOMAIN_TRANSITIONS, 'fail_verification', d.status);
      return [{ type: 'VendorDomainVerificationFailed', data: { vendor_id, domain_id, reason: reason ?? 'TXT record not found', at } }];
    }
    case 'ChangeVendorDomain': {
      const d = find(state, command.data.domain_id);
      const { domain_id, is_primary, is_active, at } = command.data;
      const change: { is_primary?: boolean; is_active?: boolean } = {};
      if (is_primary !== undefined && is_primary !== d.is_primary) change.is_primary = is_primary;
      if (is_active !== undefined && is_active !== d.is_active) change.is_active = is_active;
      if (Object.keys(change).length === 0) return [];
      return [
        ...demotePrimary(state, at, domain_id, change.is_primary === true),
        { type: 'VendorDomainSettingsChanged', data: { vendor_id, domain_id, ...change, at } },
      ];
    }
    case 'RemoveVendorDomain': {
      const d = find(state, command.data.domain_id);
      return [{ type: 'VendorDomainRemoved', data: { vendor_id, domain_id: d.id, domain: d.domain, at: command.data.at } }];
    }
  }
}

/** One primary domain per vendor: making one primary demotes the others. */
function demotePrimary(state: LiveVendor, at: string, except: number, primary: boolean): VendorEvent[] {
  if (!primary) return [];
  return state.domains
    .filter((d) => d.is_primary && d.id !== except)
    .map(
      (d) =>
        ({ type: 'VendorDomainSettingsChanged', data: { vendor_id: state.id, domain_id: d.id, is_primary: false, at } }) as VendorEvent,
    );
}

function live(state: VendorState, action: VendorAction): LiveVendor {
  if (state.status === 'none' && action !== 'create') throw new VendorNotFoundException('Vendor not found');
  if (state.status === 'deleted') throw new VendorNotFoundException('Vendor not found (deleted)');
  checkTransition('Vendor', VENDOR_TRANSITIONS, action, state.status);
  return state as LiveVendor;
}

/** SPEC.md part 2: the default storefront language is one of the storefront languages. */
function checkLanguages(p: Pick<VendorProfile, 'storefront_language' | 'storefront_languages'>): void {
  if (!p.storefront_languages.includes(p.storefront_language)) {
    throw new ValidationException('storefront_language must be one of storefront_languages', [
      { pointer: '/body/storefront_language', message: 'must be one of storefront_languages' },
    ]);
  }
}

function changed<T extends object>(current: T, requested: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(requested) as [keyof T, T[keyof T] | undefined][]) {
    if (v !== undefined && JSON.stringify(current[k] ?? null) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

export function decideVendor(command: VendorCommand, state: VendorState): VendorEvent[] {
  switch (command.type) {
    case 'CreateVendor': {
      live(state, 'create');
      checkLanguages(command.data);
      const { at, ...data } = command.data;
      return [{ type: 'VendorCreated', data: { ...data, created_at: at } }];
    }
    case 'ChangeVendorProfile': {
      const v = live(state, 'change_profile');
      const changes = changed<VendorProfile>(v, command.data.changes);
      checkLanguages({ ...v, ...changes });
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'VendorProfileChanged', data: { vendor_id: v.id, changes, at: command.data.at } }];
    }
    case 'ChangeVendorSubdomain': {
      const v = live(state, 'change_subdomain');
      if (v.subdomain === command.data.subdomain) return [];
      return [
        {
          type: 'VendorSubdomainChanged',
          data: { vendor_id: v.id, subdomain: command.data.subdomain, previous: v.subdomain, at: command.data.at },
        },
      ];
    }
    case 'ChangeExtmarketSettings': {
      const v = live(state, 'change_extmarket');
      const changes = changed<ExtmarketSettings>(v.extmarket, command.data.changes);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'VendorExtmarketSettingsChanged', data: { vendor_id: v.id, changes, at: command.data.at } }];
    }
    case 'SetVendorVerified': {
      const v = live(state, 'verify');
      if (v.verified === command.data.verified) return [];
      const data = { vendor_id: v.id, at: command.data.at };
      return [command.data.verified ? { type: 'VendorVerified', data } : { type: 'VendorVerificationRevoked', data }];
    }
    case 'SetVendorActive': {
      if ((state.status === 'active' || state.status === 'inactive') && (state.status === 'active') === command.data.active) return [];
      const v = live(state, command.data.active ? 'activate' : 'deactivate');
      const data = { vendor_id: v.id, at: command.data.at };
      return [command.data.active ? { type: 'VendorActivated', data } : { type: 'VendorDeactivated', data }];
    }
    case 'DeleteVendor': {
      const v = live(state, 'delete');
      return [
        { type: 'VendorDeleted', data: { vendor_id: v.id, company_id: v.company_id, vendor_code: v.vendor_code, at: command.data.at } },
      ];
    }
    case 'AddVendorDomain':
    case 'RecordDomainCheck':
    case 'ChangeVendorDomain':
    case 'RemoveVendorDomain':
      return decideDomain(command, live(state, 'manage_domains'));
    default:
      return assertNever(command);
  }
}

export const vendor: Decider<VendorState, VendorCommand, VendorEvent> = {
  aggregate: 'vendor',
  initialState: initialVendorState,
  evolve: evolveVendor,
  decide: decideVendor,
};
