import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ValidationException, VendorNotFoundException } from '../../src/core/errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { VendorCommand } from './commands.ts';
import { decideDomain } from './domains.ts';
import type { ExtmarketSettings, VendorEvent, VendorProfile } from './events.ts';
import { evolveVendor, initialVendorState, VENDOR_TRANSITIONS, type LiveVendor, type VendorAction, type VendorState } from './vendor.ts';

export type { VendorCommand } from './commands.ts';
export type { LiveVendor, VendorState } from './vendor.ts';

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
  for (const [k, v] of Object.entries(requested) as [keyof T, any][]) {
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
