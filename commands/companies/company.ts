import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { CompanyDetails, CompanyEvent } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields } from '../../src/core/changedFields.ts';
import { CompanyException, CompanyHasVendorsException, CompanyNotFoundException } from './errors.ts';
import type { CompanyCommand } from './commands.ts';

export type { CompanyCommand } from './commands.ts';

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

function live(state: CompanyState, action: CompanyAction): LiveCompany {
  if (state.status === 'none' && action !== 'create') throw new CompanyNotFoundException('Company not found');
  if (state.status === 'deleted') throw new CompanyNotFoundException('Company not found (deleted)');
  checkTransition('Company', COMPANY_TRANSITIONS, action, state.status);
  return state as LiveCompany;
}

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  switch (command.type) {
    case 'CreateCompany': {
      live(state, 'create');
      const { at, ...data } = command.data;
      return [{ type: 'CompanyCreated', data: { ...data, created_at: at } }];
    }
    case 'ChangeCompanyDetails': {
      const c = live(state, 'change_details');
      const changes = changedFields<CompanyDetails>(c, command.data.changes);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'CompanyDetailsChanged', data: { company_id: c.id, changes, at: command.data.at } }];
    }
    case 'SetCompanyVerified': {
      const c = live(state, 'verify');
      if (c.verified === command.data.verified) return [];
      const data = { company_id: c.id, at: command.data.at };
      return [command.data.verified ? { type: 'CompanyVerified', data } : { type: 'CompanyVerificationRevoked', data }];
    }
    case 'SetCompanyActive': {
      // Setting the flag it already has is an idempotent no-op, not a refused move.
      if ((state.status === 'active') === command.data.active && (state.status === 'active' || state.status === 'inactive')) return [];
      const c = live(state, command.data.active ? 'activate' : 'deactivate');
      const data = { company_id: c.id, at: command.data.at };
      return [command.data.active ? { type: 'CompanyActivated', data } : { type: 'CompanyDeactivated', data }];
    }
    case 'TransferCompanyOwnership': {
      const c = live(state, 'transfer_ownership');
      if (c.owner_user_id === command.data.new_owner_user_id) throw new CompanyException('This user already owns the company');
      return [
        {
          type: 'CompanyOwnershipTransferred',
          data: { company_id: c.id, previous_owner_user_id: c.owner_user_id, ...command.data },
        },
      ];
    }
    case 'AttachVendor': {
      const c = live(state, 'attach_vendor');
      if (c.vendor_ids.includes(command.data.vendor_id)) return [];
      return [{ type: 'CompanyVendorAttached', data: { company_id: c.id, ...command.data } }];
    }
    case 'DetachVendor': {
      const c = live(state, 'detach_vendor');
      if (!c.vendor_ids.includes(command.data.vendor_id)) return [];
      return [{ type: 'CompanyVendorDetached', data: { company_id: c.id, ...command.data } }];
    }
    case 'DeleteCompany': {
      const c = live(state, 'delete');
      if (c.vendor_ids.length > 0) {
        throw new CompanyHasVendorsException(`The company still has ${c.vendor_ids.length} vendor(s); delete or move them first`, {
          vendor_ids: c.vendor_ids,
        });
      }
      return [{ type: 'CompanyDeleted', data: { company_id: c.id, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const company: Decider<CompanyState, CompanyCommand, CompanyEvent> = {
  aggregate: 'company',
  initialState: initialCompanyState,
  evolve: evolveCompany,
  decide: decideCompany,
};
