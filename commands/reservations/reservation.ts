import type { Decider } from '../../src/core/decider.ts';
import { ConflictException } from '../../src/core/errors.ts';
import type { ReservationEvent } from './events.ts';

/**
 * Uniqueness on the write side: one stream per (kind, value), e.g. `reservation-email:a@b.c`.
 * Two concurrent claims append to the same stream with the same expected version: one wins, the
 * other gets a conflict. A read-model lookup could not give that guarantee (it races).
 */
export type ReservationState = { holder: string | null };

export type ReservationCommand =
  | { type: 'ReserveUniqueValue'; data: { kind: string; value: string; holder: string } }
  | { type: 'ReleaseUniqueValue'; data: { kind: string; value: string; holder: string } };

export const reservationId = (kind: string, value: string) => `${kind}:${value.trim().toLowerCase()}`;

export const reservation: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  aggregate: 'reservation',
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UniqueValueReserved':
        return { holder: event.data.holder };
      case 'UniqueValueReleased':
        return { holder: null };
    }
  },
  decide: (command, state) => {
    const { kind, value, holder } = command.data;
    const data = { kind, value: value.trim().toLowerCase(), holder };
    switch (command.type) {
      case 'ReserveUniqueValue':
        if (state.holder === holder) return [];
        if (state.holder !== null) throw new ConflictException(`The ${kind} '${value}' is already in use`, { field: kind });
        return [{ type: 'UniqueValueReserved', data }];
      case 'ReleaseUniqueValue':
        return state.holder === holder ? [{ type: 'UniqueValueReleased', data }] : [];
    }
  },
};
