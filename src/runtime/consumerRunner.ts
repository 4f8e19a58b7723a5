import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, type EventStore, type Position, START } from '../eventstore/port.ts';
import { aggregateCache } from './aggregateCache.ts';
import { CheckpointMovedError } from './checkpoints.ts';
import { applyBatch, batchLimit } from './consumerBatch.ts';
import { clientOf, isUniqueViolation } from './database.ts';
import { ConsumerWakeups } from './consumerWakeups.ts';
import { HorizonWatcher } from './horizonWatcher.ts';
import { idleLook } from './idleLook.ts';
import { isInlineProjection } from './inlineProjection.ts';
import { ReadModelStatistics } from './readModelStatistics.ts';
import { ReadYourWrites } from './readYourWrites.ts';
import { Semaphore } from './semaphore.ts';
import type { Consumer, ConsumerStatus } from './consumer.ts';

/**
 * Polling is the fallback: appends wake exactly the consumers that read their types, here and in
 * other processes (NOTIFY). A batch is a transaction of five statements, and with some thirty
 * consumers a 250 ms cap kept two to three of the ten pool connections busy polling. Once a
 * consumer has slept this long without a wake, it first looks (`nothingNew`): two statements
 * outside a transaction, and a batch only when they find something.
 */
const MAX_IDLE_SLEEP_MS = 1000;
/**
 * How long the projection of an inline read model rests between its batches while no command
 * waits for it. Its rows are written by the appends themselves (src/runtime/inlineProjection.ts):
 * what it does behind them is skipping rows that already hold their events and moving its
 * checkpoint. Done after every append, that was a transaction of five statements per command
 * under load, more than the command's own; every LAZY_MS, it folds the same events in one batch.
 * A command whose events it must apply itself (a deletion) waits for it, which ends its rest.
 */
const LAZY_MS = 1000;

/**
 * Runs consumers. Each batch: BEGIN; take the consumer's advisory transaction lock (one instance
 * at a time; another instance that holds it just makes this one wait); read the checkpoint; read
 * the feed after it; apply; compare-and-set the checkpoint; COMMIT. A crash anywhere rolls the
 * whole batch back, so no event is applied twice or skipped.
 */
export class ConsumerRunner {
  private readonly state = new Map<string, ConsumerStatus>();
  private running = false;
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | null = null;
  /** Which consumers must look again, and their sleeps until then. */
  private readonly wakeups: ConsumerWakeups;
  /** When each consumer last wrote its checkpoint (performance.now(); see consumerBatch.ts). */
  private readonly lastWrite = new Map<string, number>();
  /**
   * Projections whose last batch a unique index other than the key refused (two users swapping
   * e-mails within one batch: rows written in folded order can collide where the events, one
   * after another, did not): up to this position they apply one event per batch, the feed's
   * own order.
   */
  private readonly narrow = new Map<string, Position>();
  /** Process managers whose last batch ran out of time, with the events it handled (batchLimit). */
  private readonly cut = new Map<string, number>();
  /**
   * Projections whose last batch this process committed, with their stored checkpoint as that
   * batch left it: the next batch takes the lock in its feed statement and skips the statement
   * that reads the checkpoint. Should another instance (or a rebuild) have moved it meanwhile,
   * that batch's compare-and-set fails and rolls it back, and the next batch reads the checkpoint.
   * Used only while the projection is behind an append of this process (step). (The stored
   * checkpoint may lag the consumer's position: a move without events is written only now and
   * then, see SKIP_WRITE_POSITIONS in consumerBatch.ts.)
   */
  private readonly leading = new Map<string, Position>();
  /** Where consumers wait for an event hidden behind an older open transaction. */
  private readonly horizon: HorizonWatcher;
  /**
   * Batches in progress at once, bounded so that requests always find pool connections: with
   * dozens of consumers (all catching up after a start or a restore), unbounded batches took
   * every connection and commands failed with "Unable to acquire a connection".
   */
  private readonly slots: Semaphore;
  private readonly statistics: ReadModelStatistics;
  /**
   * Per consumer, its stored checkpoint as this process's last batch of it left it (unknown after
   * a batch another instance held): an idle look that finds it elsewhere (a rebuild set it back,
   * another instance moved it) runs a batch.
   */
  private readonly knownCheckpoint = new Map<string, Position>();
  /** The commands' waits on the projections, and which projections rest (LAZY_MS) meanwhile. */
  private readonly readers: ReadYourWrites;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    readonly consumers: readonly Consumer[],
    private readonly logger: Logger,
    options: { dedicatedPool?: boolean } = {},
  ) {
    this.wakeups = new ConsumerWakeups(consumers);
    // A pool of their own: every connection; a pool shared with requests: half of it.
    const poolMax = Number(clientOf(knex).config.pool?.max ?? 10);
    this.horizon = new HorizonWatcher(knex, logger);
    this.slots = new Semaphore(options.dedicatedPool ? poolMax : Math.max(1, Math.floor(poolMax / 2)));
    this.statistics = new ReadModelStatistics(knex, logger);
    // The projections whose rows the appends of this store write themselves (inline read models)
    // rest; EventStoreDB's appends write no rows, so there none does.
    const resting = new Set(store.kind === 'eventstoredb' ? [] : consumers.filter(isInlineProjection).map((c) => c.name));
    this.readers = new ReadYourWrites(
      consumers,
      resting,
      (name) => this.state.get(name)!.position,
      () => this.wakeups.wakeAll(),
    );
    for (const c of consumers) {
      this.state.set(c.name, { name: c.name, kind: c.kind, position: START, leader: false, lastError: null, applied: 0, batches: 0 });
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.statistics.start();
    this.unsubscribe = this.store.onAppended((types, position) => {
      this.wakeups.appended(types, position);
      if (position) this.horizon.nudge();
    });
    this.loops = this.consumers.map((c) => this.loop(c));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wakeups.wakeAll();
    await Promise.all(this.loops);
    await this.statistics.stop();
  }

  status(): ConsumerStatus[] {
    return [...this.state.values()].map((s) => ({ ...s }));
  }

  /** Read-your-writes: see ReadYourWrites.waitFor. */
  waitFor(position: Position, types: readonly string[], timeoutMs: number, inlined: readonly string[] = []): Promise<boolean> {
    return this.readers.waitFor(position, types, timeoutMs, inlined);
  }

  /** Processes everything available now for one consumer (used by rebuilds and tests). */
  async catchUp(consumer: Consumer, onBatch?: (count: number, position: Position) => void): Promise<void> {
    for (;;) {
      const r = await this.step(consumer);
      if (r === 'busy') {
        await delay(5);
        continue;
      }
      onBatch?.(r.count, this.state.get(consumer.name)!.position);
      if (!r.full) return;
    }
  }

  /**
   * One consumer's loop. After a full batch it reads again at once. Otherwise it sleeps until an
   * append of one of its types wakes it (consumerWakeups.ts; a wake that arrives while a batch is
   * being read is remembered, not lost):
   * - an append made in this process comes with its position, so the loop knows whether it has
   *   passed it. If not, the event is still hidden behind an older transaction that has not
   *   committed (the xmin horizon): it looks again every few ms until it has. Otherwise it has
   *   nothing to look for and sleeps the longest (polling is only the fallback);
   * - an append of another process (NOTIFY) has no position: the loop looks again with a backoff
   *   that starts at 1 ms and doubles up to MAX_IDLE_SLEEP_MS.
   * Read-your-writes waits on these loops: no empty poll should stand between an append and the
   * batch that applies it.
   */
  private async loop(consumer: Consumer): Promise<void> {
    const name = consumer.name;
    let backoff = 1;
    let failures = 0;
    let waitedAt: Position | null = null;
    /** The last sleep was the longest and nothing woke it: look before running a batch. */
    let look = false;
    while (this.running) {
      if (look && !this.wakeups.told(name) && (await this.nothingNew(consumer))) {
        look = !(await this.wakeups.idle(name, MAX_IDLE_SLEEP_MS, true, () => !this.running));
        continue;
      }
      look = false;
      if (this.wakeups.reading(name)) backoff = 1;
      let outcome: Awaited<ReturnType<ConsumerRunner['step']>> | null = null;
      try {
        outcome = await this.step(consumer);
        failures = 0;
      } catch (err) {
        failures++;
        const st = this.state.get(name)!;
        st.lastError = (err as Error).message;
        this.logger.error({ consumer: name, err }, 'consumer batch failed; retrying');
      }
      if (!this.running) break;
      if (outcome && outcome !== 'busy' && outcome.full) continue;
      if (failures === 0 && this.readers.rests(name)) {
        await this.wakeups.doze(LAZY_MS, () => !this.running || !this.readers.rests(name));
        continue;
      }
      const position = this.state.get(name)!.position;
      if (
        failures === 0 &&
        outcome !== 'busy' &&
        this.behind(name) &&
        this.store.kind === 'postgres' &&
        (!waitedAt || comparePositions(position, waitedAt) !== 0)
      ) {
        // The event is appended but hidden behind an older open transaction: one shared watcher
        // looks at the horizon for every waiting consumer, instead of each consumer reading the
        // feed in a transaction of its own every few ms. (Once per position: should the feed
        // still not show it after the horizon passed, the loop falls back to its short sleeps.)
        if (await this.horizon.passed(BigInt(this.wakeups.target(name)!.a), 50)) waitedAt = position;
        continue;
      }
      let sleep: number;
      if (failures > 0) sleep = Math.min(5000, 50 * 2 ** Math.min(failures, 7));
      else if (this.behind(name)) sleep = outcome === 'busy' ? 5 : 2;
      else {
        sleep = backoff;
        backoff = Math.min(MAX_IDLE_SLEEP_MS, backoff * 2);
      }
      // A failing consumer keeps its backoff whatever is appended meanwhile.
      const woken = await this.wakeups.idle(name, sleep, failures === 0, () => !this.running);
      look = !woken && failures === 0 && sleep === MAX_IDLE_SLEEP_MS;
    }
  }

  /** True, with the consumer moved to the feed's head, when its idle look finds nothing (idleLook.ts). */
  private async nothingNew(consumer: Consumer): Promise<boolean> {
    const known = this.knownCheckpoint.get(consumer.name);
    if (!known || this.store.kind === 'eventstoredb') return false;
    const st = this.state.get(consumer.name)!;
    const head = await idleLook(this.knex, this.store, consumer, st.position, known);
    if (!head) return false;
    if (comparePositions(head, st.position) > 0) st.position = head;
    return true;
  }

  /** True while an event of the consumer's types appended in this process lies past its position. */
  private behind(name: string): boolean {
    return this.wakeups.behind(name, this.state.get(name)!.position);
  }

  private async step(consumer: Consumer): Promise<'busy' | { count: number; full: boolean }> {
    const st = this.state.get(consumer.name)!;
    const narrowUntil = this.narrow.get(consumer.name);
    if (narrowUntil && comparePositions(st.position, narrowUntil) >= 0) this.narrow.delete(consumer.name);
    const limit = batchLimit(consumer, this.narrow.has(consumer.name), this.cut.get(consumer.name));
    let batchTx: Knex.Transaction | null = null;
    let applying: { count: number; next: Position } | null = null;
    // Only for an append this process knows of: an idle poll reads the checkpoint, so a rebuild
    // that swapped the table and set the checkpoint back (another process) is seen within one
    // idle sleep, as before, even if no event of the projection's types comes.
    const stored = this.store.kind !== 'eventstoredb' && this.behind(consumer.name) ? this.leading.get(consumer.name) : undefined;
    this.leading.delete(consumer.name);
    const outcome = await this.slots.run(() =>
      this.knex
        .transaction(async (trx) => {
          batchTx = trx;
          return applyBatch(trx, this.store, consumer, stored, limit, this.lastWrite, (a) => {
            applying = a;
          });
        })
        .catch((err) => {
          // Another instance moved the checkpoint between this batch's read and its write: the
          // batch was rolled back whole; that instance leads now.
          if (err instanceof CheckpointMovedError) return { busy: true as const, current: st.position };
          const failed = applying as { count: number; next: Position } | null;
          if (consumer.kind === 'projection' && isUniqueViolation(err) && failed && failed.count > 1) {
            this.narrow.set(consumer.name, failed.next);
            this.logger.warn({ consumer: consumer.name }, 'batch refused by a unique index; applying its events one by one');
            return { busy: false as const, current: st.position, checkpoint: undefined, count: 0, full: true, cut: false };
          }
          throw err;
        }),
    );
    // Committed: the states the batch's commands appended become the cached ones.
    if (batchTx && consumer.kind === 'process') aggregateCache(this.store).committed(batchTx);
    // Before the readers waiting on this position hear of it: their first list counts right after a bulk.
    if (consumer.kind === 'projection' && !outcome.busy) await this.statistics.applied(consumer, outcome.count, !outcome.full);
    st.leader = !outcome.busy;
    if (!outcome.busy && outcome.checkpoint) this.knownCheckpoint.set(consumer.name, outcome.checkpoint);
    else this.knownCheckpoint.delete(consumer.name);
    if (comparePositions(outcome.current, st.position) !== 0) {
      // Moved back: a rebuild reset the checkpoint. Catching up is the rebuild's work; the
      // positions of earlier appends say nothing about hidden events any more.
      if (comparePositions(outcome.current, st.position) < 0) this.wakeups.forget(consumer.name);
      st.position = outcome.current;
      this.readers.moved();
    }
    if (outcome.busy) return 'busy';
    if (outcome.cut) this.cut.set(consumer.name, outcome.count);
    else this.cut.delete(consumer.name);
    if (consumer.kind === 'projection' && outcome.checkpoint) this.leading.set(consumer.name, outcome.checkpoint);
    st.lastError = null;
    st.applied += outcome.count;
    st.batches++;
    return { count: outcome.count, full: outcome.full };
  }
}
