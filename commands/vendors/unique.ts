import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { reservation, reservationId } from '../reservations/reservation.ts';

/**
 * Unique vendor values (code, subdomain, custom domain) claimed through reservation streams, so
 * two concurrent requests for one value cannot both win (commands/reservations/reservation.ts).
 */
export type UniqueKind = 'vendor_code' | 'subdomain' | 'domain' | 'extmarket_shop';

/** The vendor holding a unique value, read on the write side (its reservation stream), or null when it is free. */
export async function uniqueValueHolder(store: EventStore, kind: UniqueKind, value: string): Promise<number | null> {
  const { state } = await load(store, reservation, reservationId(kind, value));
  const m = /^vendor-(\d+)$/.exec(state.holder ?? '');
  return m ? Number(m[1]) : null;
}

export function claim(
  store: EventStore,
  kind: UniqueKind,
  value: string,
  holder: number,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(
    store,
    reservation,
    reservationId(kind, value),
    { type: 'ReserveUniqueValue', data: { kind, value, holder: `vendor-${holder}` } },
    ctx,
  );
}

export function release(
  store: EventStore,
  kind: UniqueKind,
  value: string,
  holder: number,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(
    store,
    reservation,
    reservationId(kind, value),
    { type: 'ReleaseUniqueValue', data: { kind, value, holder: `vendor-${holder}` } },
    ctx,
  );
}

/** Runs `work` after the claims; releases every claim made when anything fails. */
export async function withClaims<T>(
  store: EventStore,
  claims: [UniqueKind, string][],
  holder: number,
  ctx: CommandContext,
  work: (done: Handled<unknown, any>[]) => Promise<T>,
): Promise<T> {
  const done: Handled<unknown, any>[] = [];
  const made: [UniqueKind, string][] = [];
  try {
    for (const [kind, value] of claims) {
      done.push(await claim(store, kind, value, holder, ctx));
      made.push([kind, value]);
    }
    return await work(done);
  } catch (err) {
    for (const [kind, value] of made) await release(store, kind, value, holder, ctx).catch(() => undefined);
    throw err;
  }
}
