import type { Decider } from '../../src/core/decider.ts';
import { ConcurrencyException, TierLimitExceededException } from '../../src/core/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { QuotaEvent } from './events.ts';

/**
 * A plan limit counted on the write side: one stream per (kind, key), e.g. `quota-products:42`
 * or `quota-orders:42:2026-11-01T00:00:00.000Z`. Concurrent claims append with the version they
 * loaded; the loser reloads and decides again on the new count, so 10 parallel claims at one
 * below the limit give exactly one slot.
 */
export type QuotaState = { opened: boolean; holders: string[] };

/** What the caller knows of the plan: the limit (null = unlimited) and what to say on a refusal. */
export interface QuotaLimit {
  limit: number | null;
  /** Extra members of the refusal's problem body (the upgrade hint). */
  hint: Record<string, unknown>;
}

/** One vendor's quota of a kind, as the caller read it from the plan. */
export interface PlanQuota {
  /** The stream key within the kind (the vendor, and for orders the period start). */
  key: string;
  limit: QuotaLimit;
  /** The holders that existed before the quota stream did (read once, when the stream opens). */
  opening: () => Promise<string[]>;
}

export type QuotaCommand =
  | { type: 'ClaimQuotaSlot'; data: { kind: string; key: string; holder: string; limit: number | null; hint: Record<string, unknown>; opening: string[] } }
  | { type: 'ReleaseQuotaSlot'; data: { kind: string; key: string; holder: string } }
  | { type: 'CloseQuota'; data: { kind: string; key: string } };

export const quotaId = (kind: string, key: string) => `${kind}:${key}`;

const LABEL: Record<string, string> = { products: 'products', orders: 'orders in this billing period' };

export const quota: Decider<QuotaState, QuotaCommand, QuotaEvent> = {
  aggregate: 'quota',
  initialState: () => ({ opened: false, holders: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'QuotaOpened': return { opened: true, holders: [...new Set([...state.holders, ...event.data.holders])] };
      case 'QuotaSlotClaimed': return { opened: true, holders: state.holders.includes(event.data.holder) ? state.holders : [...state.holders, event.data.holder] };
      case 'QuotaSlotReleased': return { ...state, holders: state.holders.filter((h) => h !== event.data.holder) };
      case 'QuotaClosed': return { opened: false, holders: [] };
    }
  },
  decide: (command, state) => {
    const { kind, key } = command.data;
    if (command.type === 'CloseQuota') return state.opened ? [{ type: 'QuotaClosed', data: { kind, key } }] : [];
    const { holder } = command.data;
    switch (command.type) {
      case 'ClaimQuotaSlot': {
        const { limit, hint, opening } = command.data;
        const events: QuotaEvent[] = [];
        let holders = state.holders;
        if (!state.opened) {
          holders = [...new Set(opening)].filter((h) => h !== holder);
          events.push({ type: 'QuotaOpened', data: { kind, key, holders } });
        }
        if (holders.includes(holder)) return events;
        if (limit !== null && holders.length >= limit) {
          throw new TierLimitExceededException(`The plan allows ${limit} ${LABEL[kind] ?? kind}; this vendor has ${holders.length}`,
            { limit_kind: kind, limit, count: holders.length, ...hint });
        }
        events.push({ type: 'QuotaSlotClaimed', data: { kind, key, holder } });
        return events;
      }
      case 'ReleaseQuotaSlot':
        return state.holders.includes(holder) ? [{ type: 'QuotaSlotReleased', data: { kind, key, holder } }] : [];
    }
  },
};

const ATTEMPTS = 25;

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof ConcurrencyException) || attempt >= ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * attempt)));
    }
  }
}

/**
 * Takes one slot for `holder`, or throws TierLimitExceededException (403) with the limit, the
 * count and the hint. `opening` lists the holders that existed before the stream did; it is read
 * only when the stream is new (or closed).
 *
 * An unlimited plan claims nothing: its creations would all queue on this one stream for a count
 * nobody checks. The stream is closed instead (once), and a limit set later opens it afresh from
 * what exists then.
 */
export async function claimQuotaSlot(store: EventStore, kind: string, key: string, holder: string | number, limit: QuotaLimit, opening: () => Promise<string[]>, ctx: CommandContext): Promise<Handled<unknown, any> | null> {
  const id = quotaId(kind, key);
  const { state } = await load(store, quota, id);
  if (limit.limit === null) {
    return state.opened ? retrying(() => handleCommand(store, quota, id, { type: 'CloseQuota', data: { kind, key } }, ctx)) : null;
  }
  const existing = state.opened ? [] : await opening();
  return retrying(() => handleCommand(store, quota, id, {
    type: 'ClaimQuotaSlot', data: { kind, key, holder: String(holder), limit: limit.limit, hint: limit.hint, opening: existing },
  }, ctx));
}

export async function releaseQuotaSlot(store: EventStore, kind: string, key: string, holder: string | number, ctx: CommandContext): Promise<Handled<unknown, any>> {
  return retrying(() => handleCommand(store, quota, quotaId(kind, key), { type: 'ReleaseQuotaSlot', data: { kind, key, holder: String(holder) } }, ctx));
}

/** Stops counting on a quota stream that will not be claimed again (a billing period that ended, a deleted vendor). */
export async function closeQuota(store: EventStore, kind: string, key: string, ctx: CommandContext): Promise<Handled<unknown, any>> {
  return retrying(() => handleCommand(store, quota, quotaId(kind, key), { type: 'CloseQuota', data: { kind, key } }, ctx));
}
