import type { Decider } from '../../src/core/decider.ts';
import { TierLimitExceededException } from '../../src/core/errors.ts';
import { OPEN_QUOTAS_VIEW, quotaId, type QuotaEvent } from './events.ts';
import { bucketDelete, bucketGet, bucketSet, emptyBuckets, hashBucket, type BucketedMap } from '../../src/core/bucketedMap.ts';

/**
 * A plan limit counted on the write side: one stream per (kind, key), e.g. `quota-products:42`
 * or `quota-orders:42:2026-11-01T00:00:00.000Z`. Concurrent claims append with the version they
 * loaded; the loser reloads and decides again on the new count, so 10 parallel claims at one
 * below the limit give exactly one slot.
 */
export type QuotaState = {
  opened: boolean;
  /** How many slots are held: the count a limit is checked against. */
  count: number;
  /**
   * The holders (products, orders) by id, in buckets (src/core/bucketedMap.ts): a vendor's quota
   * holds as many as it has products, and a claim must not copy them all.
   */
  holders: BucketedMap<true>;
};

const BUCKETS = 64;
export const holds = (state: QuotaState, holder: string): boolean => bucketGet(state.holders, hashBucket(holder, BUCKETS), holder) === true;
const EMPTY: QuotaState = { opened: false, count: 0, holders: emptyBuckets() };

/** The state with one more holder (the same state when it holds the slot already). */
function withHolder(state: QuotaState, holder: string): QuotaState {
  if (holds(state, holder)) return state;
  return { opened: true, count: state.count + 1, holders: bucketSet(state.holders, hashBucket(holder, BUCKETS), holder, true) };
}

/** The holders a stream opens with, as a state (the ones already counted kept). */
const openedWith = (state: QuotaState, holders: readonly string[]): QuotaState => holders.reduce(withHolder, { ...state, opened: true });

/** What the caller knows of the plan: the limit (null = unlimited) and what to say on a refusal. */
export interface QuotaLimit {
  limit: number | null;
  /** Extra members of the refusal's problem body (the upgrade hint). */
  hint: Record<string, unknown>;
  /**
   * Whether the quota stream is open, as the instance's memory knows it (the view `open_quotas`);
   * undefined when the caller has no such memory. An unlimited claim reads the stream only when
   * it is open (to close it), or when this is unknown.
   */
  open?: boolean;
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
  | {
      type: 'ClaimQuotaSlot';
      data: { kind: string; key: string; holder: string; limit: number | null; hint: Record<string, unknown>; opening: string[] };
    }
  /**
   * Several claims decided in turn, in one append (the claims waiting in one instance at once):
   * each takes a slot while the count is under its limit; the others take none (the caller
   * refuses them). `opening` null: the caller believes the stream open; when it is not, the
   * decision throws QuotaNotOpen and the caller reads the opening holders.
   */
  | { type: 'ClaimQuotaSlots'; data: { kind: string; key: string; claims: { holder: string; limit: number }[]; opening: string[] | null } }
  | { type: 'ReleaseQuotaSlot'; data: { kind: string; key: string; holder: string } }
  | { type: 'CloseQuota'; data: { kind: string; key: string } }
  /** An extmarket order counts in the order quota without a refusal; past the limit it is reported. */
  | {
      type: 'CountExtmarketOrder';
      data: {
        kind: string;
        key: string;
        holder: string;
        limit: number;
        opening: string[];
        vendor_id: number;
        order_id: number;
        period_start: string;
        at: string;
      };
    };

export { OPEN_QUOTAS_VIEW, quotaId };

/** A batch of claims met a stream that is not open, without the holders to open it with. */
export class QuotaNotOpen extends Error {}

export const LABEL: Record<string, string> = { products: 'products', orders: 'orders in this billing period' };

export const quota: Decider<QuotaState, QuotaCommand, QuotaEvent> = {
  aggregate: 'quota',
  initialState: () => EMPTY,
  evolve: (state, event) => {
    switch (event.type) {
      case 'QuotaOpened':
        return openedWith(state, event.data.holders);
      case 'QuotaSlotClaimed':
        return withHolder(state, event.data.holder);
      case 'QuotaSlotReleased': {
        const bucket = hashBucket(event.data.holder, BUCKETS);
        return holds(state, event.data.holder)
          ? { ...state, count: state.count - 1, holders: bucketDelete(state.holders, bucket, event.data.holder) }
          : state;
      }
      case 'QuotaClosed':
        return EMPTY;
      case 'ExtmarketOrderOverLimit':
        return state;
    }
  },
  decide: (command, state) => {
    const { kind, key } = command.data;
    if (command.type === 'CloseQuota') return state.opened ? [{ type: 'QuotaClosed', data: { kind, key } }] : [];
    if (command.type === 'ClaimQuotaSlots') return claimInTurn(command.data, state);
    const { holder } = command.data;
    // The state to decide on: the stream's, or when it is not open yet, the holders it opens with.
    const opening = (existing: string[]): { counted: QuotaState; events: QuotaEvent[] } => {
      if (state.opened) return { counted: state, events: [] };
      const holders = [...new Set(existing)].filter((h) => h !== holder);
      return { counted: openedWith(EMPTY, holders), events: [{ type: 'QuotaOpened', data: { kind, key, holders } }] };
    };
    switch (command.type) {
      case 'ClaimQuotaSlot': {
        const { limit, hint } = command.data;
        const { counted, events } = opening(command.data.opening);
        if (holds(counted, holder)) return events;
        if (limit !== null && counted.count >= limit) {
          throw new TierLimitExceededException(`The plan allows ${limit} ${LABEL[kind] ?? kind}; this vendor has ${counted.count}`, {
            limit_kind: kind,
            limit,
            count: counted.count,
            ...hint,
          });
        }
        events.push({ type: 'QuotaSlotClaimed', data: { kind, key, holder } });
        return events;
      }
      case 'CountExtmarketOrder': {
        const { limit, vendor_id, order_id, period_start, at } = command.data;
        const { counted, events } = opening(command.data.opening);
        if (holds(counted, holder)) return events;
        events.push({ type: 'QuotaSlotClaimed', data: { kind, key, holder } });
        const count = counted.count + 1;
        if (count > limit) events.push({ type: 'ExtmarketOrderOverLimit', data: { vendor_id, order_id, limit, count, period_start, at } });
        return events;
      }
      case 'ReleaseQuotaSlot':
        return holds(state, holder) ? [{ type: 'QuotaSlotReleased', data: { kind, key, holder } }] : [];
    }
  },
};

function claimInTurn(data: Extract<QuotaCommand, { type: 'ClaimQuotaSlots' }>['data'], state: QuotaState): QuotaEvent[] {
  const { kind, key } = data;
  if (!state.opened && data.opening === null) throw new QuotaNotOpen(`quota ${kind}:${key} is not open`);
  const events: QuotaEvent[] = [];
  const claimed = new Set(data.claims.map((c) => c.holder));
  let counted = state;
  if (!state.opened) {
    const holders = [...new Set(data.opening)].filter((h) => !claimed.has(h));
    events.push({ type: 'QuotaOpened', data: { kind, key, holders } });
    counted = openedWith(EMPTY, holders);
  }
  for (const c of data.claims) {
    if (holds(counted, c.holder) || counted.count >= c.limit) continue;
    counted = withHolder(counted, c.holder);
    events.push({ type: 'QuotaSlotClaimed', data: { kind, key, holder: c.holder } });
  }
  return events;
}
