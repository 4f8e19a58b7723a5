import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ExtmarketCredentialsException } from '../../src/core/errors.ts';
import type { ExtmarketCredentialsEvent } from './events.ts';

/**
 * A vendor's extmarket credentials, stream `extmarket_credentials-<vendor id>`. The key arrives
 * sealed (the handler encrypts it); this aggregate never sees it in clear.
 */
export type CredentialsState =
  | { status: 'none' | 'removed'; vendor_id: number | null }
  | { status: 'set'; vendor_id: number; api_key_sealed: string; api_key_hint: string; api_endpoint: string; auto_sync_enabled: boolean };

export type CredentialsCommand =
  | {
      type: 'SaveExtmarketCredentials';
      data: {
        vendor_id: number;
        api_key_sealed: string | null;
        api_key_hint: string | null;
        api_endpoint: string;
        auto_sync_enabled: boolean;
        by: number | string | null;
        at: string;
      };
    }
  | { type: 'RemoveExtmarketCredentials'; data: { vendor_id: number; by: number | string | null; at: string } }
  | { type: 'RecordConnectionTest'; data: { vendor_id: number; ok: boolean; error: string | null; at: string } };

function evolve(state: CredentialsState, event: ExtmarketCredentialsEvent): CredentialsState {
  switch (event.type) {
    case 'ExtmarketCredentialsSaved': {
      const { vendor_id, api_key_sealed, api_key_hint, api_endpoint, auto_sync_enabled } = event.data;
      return { status: 'set', vendor_id, api_key_sealed, api_key_hint, api_endpoint, auto_sync_enabled };
    }
    case 'ExtmarketSyncSettingsChanged':
      return state.status === 'set'
        ? { ...state, api_endpoint: event.data.api_endpoint, auto_sync_enabled: event.data.auto_sync_enabled }
        : state;
    case 'ExtmarketCredentialsRemoved':
      return { status: 'removed', vendor_id: event.data.vendor_id };
    case 'ExtmarketConnectionTested':
      return state;
  }
}

function decide(command: CredentialsCommand, state: CredentialsState): ExtmarketCredentialsEvent[] {
  switch (command.type) {
    case 'SaveExtmarketCredentials': {
      const { vendor_id, api_key_sealed, api_key_hint, api_endpoint, auto_sync_enabled, by, at } = command.data;
      if (api_key_sealed && api_key_hint) {
        return [
          {
            type: 'ExtmarketCredentialsSaved',
            data: { vendor_id, api_key_sealed, api_key_hint, api_endpoint, auto_sync_enabled, saved_by: by, at },
          },
        ];
      }
      // Without a new key only the settings change, which needs a key stored before.
      if (state.status !== 'set') throw new ExtmarketCredentialsException('No extmarket API key is stored yet: send api_key');
      if (state.api_endpoint === api_endpoint && state.auto_sync_enabled === auto_sync_enabled) return [];
      return [{ type: 'ExtmarketSyncSettingsChanged', data: { vendor_id, api_endpoint, auto_sync_enabled, at } }];
    }
    case 'RemoveExtmarketCredentials':
      if (state.status !== 'set') throw new ExtmarketCredentialsException('No extmarket API key is stored');
      return [
        {
          type: 'ExtmarketCredentialsRemoved',
          data: { vendor_id: command.data.vendor_id, removed_by: command.data.by, at: command.data.at },
        },
      ];
    case 'RecordConnectionTest':
      return [{ type: 'ExtmarketConnectionTested', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const extmarketCredentials: Decider<CredentialsState, CredentialsCommand, ExtmarketCredentialsEvent> = {
  aggregate: 'extmarket_credentials',
  initialState: () => ({ status: 'none', vendor_id: null }),
  evolve,
  decide,
};
