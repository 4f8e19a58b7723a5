import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, type EventStore, type Position, type RecordedEvent, START } from '../eventstore/port.ts';
import { sql } from './database.ts';
import type { Consumer, ProcessContext } from './consumer.ts';

const LOCK_CLASS = 1; // advisory lock namespace of consumers (2 = scheduled tasks)
const MAX_IDLE_SLEEP_MS = 250;

export interface ConsumerStatus {
  name: string;
  kind: Consumer['kind'];
  position: Position;
  /** True while this process holds the consumer (another instance may hold it instead). */
  leader: boolean;
  lastError: string | null;
  applied: number;
}

/**
 * Runs consumers. Each batch: BEGIN; take the consumer's advisory transaction lock (one instance
 * at a time; another instance that holds it just makes this one wait); read the checkpoint; read
 * the feed after it; apply; compare-and-set the checkpoint; COMMIT. A crash anywhere rolls the
 * whole batch back, so no event is applied twice or skipped.
 */
export class ConsumerRunner {
  private readonly state = new Map<string, ConsumerStatus>();
  private readonly progress = new EventEmitter();
  private running = false;
  private wake: (() => void) | null = null;
  private woken = false;
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | null = null;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    readonly consumers: readonly Consumer[],
    private readonly logger: Logger,
  ) {
    this.progress.setMaxListeners(0);
    for (const c of consumers) {
      this.state.set(c.name, { name: c.name, kind: c.kind, position: START, leader: false, lastError: null, applied: 0 });
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.store.onAppended(() => { for (const w of this.wakers) w(); });
    this.loops = this.consumers.map((c) => this.loop(c));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    for (const w of this.wakers) w();
    await Promise.all(this.loops);
  }

  status(): ConsumerStatus[] {
    return [...this.state.values()].map((s) => ({ ...s }));
  }

  /**
   * Read-your-writes: resolves when every consumer that reads one of `types` has passed
   * `position`, or after `timeoutMs` (resolving false).
   */
  async waitFor(position: Position, types: readonly string[], timeoutMs: number): Promise<boolean> {
    const relevant = this.consumers.filter((c) => c.kind === 'projection' && c.eventTypes.some((t) => types.includes(t)));
    const passed = () => relevant.every((c) => comparePositions(this.state.get(c.name)!.position, position) >= 0);
    if (passed()) return true;
    return new Promise((resolve) => {
      const onProgress = () => { if (passed()) finish(true); };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.progress.off('progress', onProgress);
        resolve(ok);
      };
      this.progress.on('progress', onProgress);
    });
  }

  /** Processes everything available now for one consumer (used by rebuilds and tests). */
  async catchUp(consumer: Consumer, onBatch?: (count: number, position: Position) => void): Promise<void> {
    for (;;) {
      const r = await this.step(consumer);
      if (r === 'busy') { await delay(5); continue; }
      onBatch?.(r.count, this.state.get(consumer.name)!.position);
      if (!r.full) return;
    }
  }

  private async loop(consumer: Consumer): Promise<void> {
    let sleep = 1;
    let failures = 0;
    while (this.running) {
      try {
        const r = await this.step(consumer);
        failures = 0;
        if (r !== 'busy' && r.full) { sleep = 1; continue; }
        if (r !== 'busy' && r.count > 0) sleep = 1;
      } catch (err) {
        failures++;
        const st = this.state.get(consumer.name)!;
        st.lastError = (err as Error).message;
        this.logger.error({ consumer: consumer.name, err }, 'consumer batch failed; retrying');
        sleep = Math.min(5000, 50 * 2 ** Math.min(failures, 7));
      }
      if (!this.running) break;
      await this.idle(sleep);
      sleep = Math.min(MAX_IDLE_SLEEP_MS, sleep * 2);
    }
  }

  /** Sleeps up to `ms`, waking at once on a new append. */
  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); this.wakers.delete(done); resolve(); };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async step(consumer: Consumer): Promise<'busy' | { count: number; full: boolean }> {
    const st = this.state.get(consumer.name)!;
    const limit = consumer.batchSize ?? (consumer.kind === 'projection' ? 1000 : 100);
    const outcome = await this.knex.transaction(async (trx) => {
      const [lock] = await sql(trx, 'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok', [LOCK_CLASS, consumer.name], 'cr_lock');
      const current = await readCheckpoint(trx, consumer.name);
      if (!lock.ok) return { busy: true as const, current };
      const batch = await this.store.readFeed(current, { limit, types: consumer.eventTypes, tx: trx });
      if (batch.events.length > 0) {
        if (consumer.kind === 'projection') await consumer.apply(trx, batch.events);
        else for (const e of batch.events) await consumer.handle(e, this.processContext(trx, consumer.name));
      }
      if (comparePositions(batch.next, current) > 0) await writeCheckpoint(trx, consumer.name, current, batch.next);
      return { busy: false as const, current: batch.next, count: batch.events.length, full: batch.events.length === limit };
    });
    st.leader = !outcome.busy;
    if (comparePositions(outcome.current, st.position) !== 0) {
      st.position = outcome.current;
      this.progress.emit('progress');
    }
    if (outcome.busy) return 'busy';
    st.lastError = null;
    st.applied += outcome.count;
    return { count: outcome.count, full: outcome.full };
  }

  private processContext(trx: Knex.Transaction, handler: string): ProcessContext {
    return {
      trx,
      store: this.store,
      commandContext: (event: RecordedEvent) => ({
        userId: `system:${handler}`,
        vendorId: (event.metadata.vendor_id as number | null | undefined) ?? null,
        correlationId: event.metadata.correlation_id ?? event.id,
        causationId: `${handler}:${event.id}`,
        tx: this.store.kind === 'eventstoredb' ? undefined : trx,
      }),
      firstTime: async (event: RecordedEvent) => {
        const rows = await sql(trx, `INSERT INTO processed_events (handler, event_id) VALUES ($1, $2)
          ON CONFLICT DO NOTHING RETURNING 1 AS ok`, [handler, event.id]);
        return rows.length === 1;
      },
    };
  }
}

export async function readCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<Position> {
  const [row] = await sql(db, 'SELECT pos_a::text AS a, pos_b::text AS b FROM consumer_checkpoints WHERE name = $1', [name], 'cr_checkpoint');
  return row ? { a: row.a, b: row.b } : START;
}

/** Compare-and-set: a stale leader (or a concurrent rebuild) fails here and rolls back. */
export async function writeCheckpoint(trx: Knex.Transaction, name: string, from: Position, to: Position): Promise<void> {
  const rows = await sql(trx, `INSERT INTO consumer_checkpoints AS c (name, pos_a, pos_b) VALUES ($1, $4, $5)
    ON CONFLICT (name) DO UPDATE SET pos_a = $4, pos_b = $5, updated_at = now()
      WHERE c.pos_a = $2::numeric AND c.pos_b = $3::numeric
    RETURNING 1 AS ok`, [name, from.a, from.b, to.a, to.b], 'cr_checkpoint_cas');
  if (rows.length !== 1) throw new Error(`checkpoint of ${name} moved under this batch; retrying`);
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
