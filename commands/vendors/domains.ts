import { BusinessLogicException } from '../../src/core/errors.ts';
import { VendorDomainNotFoundException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { VendorDomainCommand } from './commands.ts';
import type { VendorEvent } from './events.ts';
import { DOMAIN_TRANSITIONS, type LiveVendor, type VendorDomain } from './vendor.ts';

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
