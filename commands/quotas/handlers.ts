/**
 * The quotas' entry points: claiming a slot of a plan limit (a claim with a limit waits for the
 * other claims of this instance on the same quota stream and is decided with them, in one append),
 * releasing one, closing a quota and counting an extmarket order. The decisions themselves are the
 * quota's, commands/quotas/quota.ts.
 */
import { TierLimitExceededException } from '../../src/core/errors.ts';
import { WrongExpectedVersionError, type EventStore } from '../../src/eventstore/port.ts';
import {
  handleCommand,
  load,
  retryOnConflict,
  type CommandContext,
  type Companion,
  type Handled,
} from '../../src/runtime/commandHandler.ts';
import type { QuotaEvent } from './events.ts';
import { quotaId } from './events.ts';
import { holds, LABEL, quota, QuotaNotOpen, type PlanQuota, type QuotaLimit, type QuotaState } from './quota.ts';

/**
 * Takes one slot for `holder`, or throws TierLimitExceededException (403) with the limit, the
 * count and the hint. `opening` lists the holders that existed before the stream did; it is read
 * only when the stream is new (or closed).
 *
 * `admits` prepares the creation the slot is for (prepareCommand's append); it is stored in the claim's own
 * statement when the claim is decided with others on a store that can (its `stored` is called
 * then): the creation's round trip after the claim's is saved, and the slot and what holds it
 * exist together or not at all. When `stored` was not called, the caller appends the creation.
 *
 * An unlimited plan claims nothing: its creations would all queue on this one stream for a count
 * nobody checks. The stream is closed instead (once), and a limit set later opens it afresh from
 * what exists then.
 */
export async function claimQuotaSlot(
  store: EventStore,
  kind: string,
  key: string,
  holder: string | number,
  limit: QuotaLimit,
  opening: () => Promise<string[]>,
  ctx: CommandContext,
  admits?: () => Promise<Companion>,
): Promise<Handled<unknown, any> | null> {
  const id = quotaId(kind, key);
  // Unlimited and known to be closed: nothing to count, nothing to read.
  if (limit.limit === null && limit.open === false) return null;
  // The claims of this instance on one stream are decided together (below); inside a caller's
  // transaction a claim stays on its own.
  if (limit.limit !== null && !ctx.tx) {
    const max = limit.limit;
    // Prepared only where it can go along: a claim decided with others, on a store that can.
    const along = admits && store.appendTogether ? await admits() : undefined;
    return new Promise((resolve, reject) =>
      enqueue(store, kind, key, { holder: String(holder), limit: max, hint: limit.hint, opening, ctx, admits: along, resolve, reject }),
    );
  }
  const { state } = await load(store, quota, id);
  if (limit.limit === null) {
    return state.opened
      ? retryOnConflict(() => handleCommand(store, quota, id, { type: 'CloseQuota', data: { kind, key } }, ctx), { tx: ctx.tx })
      : null;
  }
  const existing = state.opened ? [] : await opening();
  return retryOnConflict(
    () =>
      handleCommand(
        store,
        quota,
        id,
        {
          type: 'ClaimQuotaSlot',
          data: { kind, key, holder: String(holder), limit: limit.limit, hint: limit.hint, opening: existing },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
}

interface Waiting {
  holder: string;
  limit: number;
  hint: Record<string, unknown>;
  opening: () => Promise<string[]>;
  ctx: CommandContext;
  /** Stored with the claim's append when the store can (claimQuotaSlot's `admits`). */
  admits?: Companion;
  resolve(handled: Handled<unknown, any>): void;
  reject(err: unknown): void;
}

/** The claims waiting per quota stream, per event store (one instance's). */
const waiting = new WeakMap<EventStore, Map<string, Waiting[]>>();
const BATCH = 64;

/**
 * Group commit of the claims on one quota stream: the claims that arrive while a decision is
 * being appended wait, and are decided together in the next one (one stream read at most, one
 * append), in their order of arrival. Concurrent creations of one vendor on one instance thus
 * never fail each other's appends; across instances the expected version still decides, and a
 * conflicting batch is decided again. The events carry the first claim's command context.
 */
function enqueue(store: EventStore, kind: string, key: string, w: Waiting): void {
  const id = quotaId(kind, key);
  let queues = waiting.get(store);
  if (!queues) waiting.set(store, (queues = new Map<string, Waiting[]>()));
  const queue = queues.get(id);
  if (queue) {
    queue.push(w);
    return;
  }
  queues.set(id, [w]);
  void drain(store, kind, key, queues);
}

async function drain(store: EventStore, kind: string, key: string, queues: Map<string, Waiting[]>): Promise<void> {
  const id = quotaId(kind, key);
  // The claims arriving in the same turn of the event loop join the first batch.
  await new Promise((r) => setImmediate(r));
  for (;;) {
    const batch = queues.get(id)!.splice(0, BATCH);
    if (batch.length === 0) {
      queues.delete(id);
      return;
    }
    try {
      const handled = await claimTogether(store, kind, key, batch);
      const state = handled.state as QuotaState;
      for (const w of batch) {
        if (holds(state, w.holder)) w.resolve(handled);
        else {
          w.reject(
            new TierLimitExceededException(`The plan allows ${w.limit} ${LABEL[kind] ?? kind}; this vendor has ${state.count}`, {
              limit_kind: kind,
              limit: w.limit,
              count: state.count,
              ...w.hint,
            }),
          );
        }
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

async function claimTogether(store: EventStore, kind: string, key: string, batch: Waiting[]): Promise<Handled<unknown, any>> {
  const id = quotaId(kind, key);
  let opening: string[] | null = null;
  // The creations admitted by the slots this decision claims, by holder.
  const admitted = new Map(batch.filter((w) => w.admits).map((w) => [w.holder, w.admits!]));
  const along = (events: readonly QuotaEvent[]) =>
    events.flatMap((e) => (e.type === 'QuotaSlotClaimed' && admitted.has(e.data.holder) ? [admitted.get(e.data.holder)!] : []));
  for (;;) {
    try {
      const claims = batch.map((w) => ({ holder: w.holder, limit: w.limit }));
      return await retryOnConflict(
        () => handleCommand(store, quota, id, { type: 'ClaimQuotaSlots', data: { kind, key, claims, opening } }, batch[0].ctx, along),
        { tx: batch[0].ctx.tx },
      );
    } catch (err) {
      // A creation's own stream was not as it was decided on: the claims go without it, and its
      // caller appends it alone (and meets the conflict there).
      const creation = err instanceof WrongExpectedVersionError ? [...admitted].find(([, c]) => c.append.stream === err.stream) : undefined;
      if (creation) {
        admitted.delete(creation[0]);
        continue;
      }
      if (!(err instanceof QuotaNotOpen) || opening !== null) throw err;
      opening = await batch[0].opening();
    }
  }
}

export async function releaseQuotaSlot(
  store: EventStore,
  kind: string,
  key: string,
  holder: string | number,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return retryOnConflict(
    () => handleCommand(store, quota, quotaId(kind, key), { type: 'ReleaseQuotaSlot', data: { kind, key, holder: String(holder) } }, ctx),
    { tx: ctx.tx },
  );
}

/** Stops counting on a quota stream that will not be claimed again (a billing period that ended, a deleted vendor). */
export async function closeQuota(store: EventStore, kind: string, key: string, ctx: CommandContext): Promise<Handled<unknown, any>> {
  return retryOnConflict(() => handleCommand(store, quota, quotaId(kind, key), { type: 'CloseQuota', data: { kind, key } }, ctx), {
    tx: ctx.tx,
  });
}

/**
 * Counts an extmarket order in its period's order quota, never refusing it (the order already
 * exists on the marketplace). Past the limit the claim also appends ExtmarketOrderOverLimit, in
 * the same decision: a repeated count of the order is nothing new, so the report comes once.
 * An unlimited plan counts nothing, as for shop orders.
 */
export async function countExtmarketOrder(
  store: EventStore,
  kind: string,
  quotaOf: PlanQuota,
  order: { vendor_id: number; order_id: number; period_start: string; at: string },
  ctx: CommandContext,
): Promise<Handled<unknown, any> | null> {
  const { key, limit } = quotaOf;
  const id = quotaId(kind, key);
  const { state } = await load(store, quota, id);
  if (limit.limit === null) {
    return state.opened
      ? retryOnConflict(() => handleCommand(store, quota, id, { type: 'CloseQuota', data: { kind, key } }, ctx), { tx: ctx.tx })
      : null;
  }
  const existing = state.opened ? [] : await quotaOf.opening();
  const max = limit.limit;
  return retryOnConflict(
    () =>
      handleCommand(
        store,
        quota,
        id,
        {
          type: 'CountExtmarketOrder',
          data: { kind, key, holder: String(order.order_id), limit: max, opening: existing, ...order },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
}
