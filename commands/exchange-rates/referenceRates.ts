import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { ExchangeRateEvent, ReferenceRates } from './events.ts';

/**
 * One ECB publication day, stream `ecb_rates-<date>`. Loading the same file twice records
 * nothing new; a file that gives other rates for a day already recorded records them as a
 * correction (the ECB republishes rarely, but the history must say so).
 */
export interface ReferenceRatesState {
  rates: Record<string, string> | null;
}

export type RecordReferenceRates = { type: 'RecordReferenceRates'; data: ReferenceRates & { source: string; at: string } };

const same = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

export const referenceRates: Decider<ReferenceRatesState, RecordReferenceRates, ExchangeRateEvent> = {
  aggregate: 'ecb_rates',
  initialState: () => ({ rates: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'EcbReferenceRatesRecorded':
        return { rates: event.data.rates };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordReferenceRates': {
        if (state.rates && same(state.rates, command.data.rates)) return [];
        return [{ type: 'EcbReferenceRatesRecorded', data: { ...command.data, corrected: state.rates !== null } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
