import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, START, type EventStore, type Position, type RecordedEvent } from '../eventstore/port.ts';
import { LiveFeed } from './liveFeed.ts';
import { sql } from './database.ts';
import type { MemoryView, Views, ViewStatus } from './memoryView.ts';

/** Waits between attempts to load a view whose sources have not yet applied what it needs. */
const RELOAD_WAIT_MS = [5, 10, 20, 50, 100, 200, 500, 1000];

/** A view's state being loaded, before it replaces the live one. */
interface Fresh {
  slot: Slot;
  after: Position;
  state: unknown;
  position: Position;
  /** Where the attempt must be tried again from (sources behind, or an event that failed); null = good. */
  failed: Position | null;
}

interface Slot {
  view: MemoryView<unknown>;
  types: ReadonlySet<string>;
  state: unknown;
  loaded: boolean;
  position: Position;
  /** Live events that arrived while the view was loading, applied once the load is in. */
  pending: RecordedEvent[] | null;
  status: ViewStatus;
}

/** Declared views of every module, loaded and kept current for one service instance. */
export class MemoryViews implements Views {
  private readonly slots = new Map<string, Slot>();
  private readonly feed: LiveFeed | null;
  /** Where the tail has read up to: every view has applied the feed to here (or is loading). */
  private tail: Position = START;
  private readonly waiters = new Set<{ position: Position; types: readonly string[]; done: (ok: boolean) => void }>();
  private readonly listener = (events: readonly RecordedEvent[], next?: Position) => this.onEvents(events, next);
  private started = false;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    views: readonly MemoryView<any>[],
    private readonly logger: Logger,
    /** Projection names the sources must be among (the consumers the service runs). */
    projections?: readonly string[],
  ) {
    for (const view of views) {
      if (this.slots.has(view.name)) throw new Error(`Two memory views are named '${view.name}'`);
      const unknown = projections ? view.sources.filter((s) => !projections.includes(s)) : [];
      if (unknown.length > 0) throw new Error(`Memory view '${view.name}' reads unknown projections: ${unknown.join(', ')}`);
      this.slots.set(view.name, {
        view,
        types: new Set(view.eventTypes),
        state: undefined,
        loaded: false,
        position: START,
        pending: null,
        status: { name: view.name, position: START, applied: 0, loadedAt: null, reloads: 0, lastError: null },
      });
    }
    const types = [...new Set(views.flatMap((v) => v.eventTypes))];
    this.feed = types.length > 0 ? new LiveFeed(store, types, logger) : null;
  }

  /** Subscribes to the feed, then loads every view; resolves when all are current. */
  async start(): Promise<void> {
    if (this.started || !this.feed) return;
    this.started = true;
    for (const slot of this.slots.values()) slot.pending = [];
    this.tail = await this.feed.subscribe(this.listener);
    await this.load([...this.slots.values()]);
  }

  stop(): void {
    if (!this.feed || !this.started) return;
    this.feed.unsubscribeListener(this.listener);
    this.started = false;
    for (const w of this.waiters) w.done(false);
    this.waiters.clear();
  }

  get<S>(view: MemoryView<S> | string): S {
    const name = typeof view === 'string' ? view : view.name;
    const slot = this.slot(view);
    if (!slot) throw new Error(`No module declares the memory view '${name}'`);
    if (!slot.loaded) throw new Error(`The memory view '${name}' is not loaded (the service has not started its views)`);
    return slot.state as S;
  }

  find<S>(view: MemoryView<S> | string): S | undefined {
    const slot = this.slot(view);
    return slot?.loaded ? (slot.state as S) : undefined;
  }

  private slot(view: MemoryView<unknown> | string): Slot | undefined {
    const slot = this.slots.get(typeof view === 'string' ? view : view.name);
    return slot && (typeof view === 'string' || slot.view === view) ? slot : undefined;
  }

  waitFor(position: Position, types: readonly string[], timeoutMs: number): Promise<boolean> {
    if (!this.started || !this.concerned(types) || this.passed(position, types)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        types,
        done: (ok: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.waiters.add(waiter);
    });
  }

  status(): ViewStatus[] {
    return [...this.slots.values()].map((s) => ({ ...s.status, position: s.position }));
  }

  private concerned(types: readonly string[]): boolean {
    return [...this.slots.values()].some((s) => types.some((t) => s.types.has(t)));
  }

  private passed(position: Position, types: readonly string[]): boolean {
    if (comparePositions(this.tail, position) < 0) return false;
    // A view that is loading again has not applied what the tail read meanwhile.
    return [...this.slots.values()].every((s) => s.pending === null || !types.some((t) => s.types.has(t)));
  }

  /**
   * Loads the views until each is current: an attempt whose sources have not yet applied the
   * event a view could not (`after`), or whose catch-up meets an event it cannot apply, waits and
   * tries again (reading that event again would only fail again). Resolves when all are loaded.
   */
  private async load(slots: Slot[], after: Position = START): Promise<void> {
    let waiting = slots.map((slot) => ({ slot, after }));
    for (let attempt = 0; waiting.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, RELOAD_WAIT_MS[Math.min(attempt - 1, RELOAD_WAIT_MS.length - 1)]).unref?.());
      if (!this.started) return;
      waiting = await this.attempt(waiting);
    }
    this.settleWaiters();
  }

  /**
   * One attempt: loads the views in one snapshot with their sources' checkpoints, reads the feed
   * from the lowest of those up to where the tail stood, then applies what the tail delivered
   * meanwhile. The new state is built aside and swapped in at once, so until then the view
   * answers with its last state. Returns the views that must try again.
   */
  private async attempt(due: { slot: Slot; after: Position }[]): Promise<{ slot: Slot; after: Position }[]> {
    // From here the tail's events go to `pending`, and the catch-up reads the feed up to `until`:
    // together they hold every event after the checkpoints (one read twice is skipped by position).
    for (const { slot } of due) slot.pending = [];
    const until = this.tail;
    const loaded = await this.knex.transaction(
      async (trx) => {
        const names = [...new Set(due.flatMap((t) => t.slot.view.sources))];
        const rows =
          names.length === 0
            ? []
            : await sql<{ name: string; a: string; b: string }>(
                trx,
                'SELECT name, pos_a::text AS a, pos_b::text AS b FROM consumer_checkpoints WHERE name = ANY($1)',
                [names],
                'mv_checkpoints',
              );
        const checkpoint = new Map(rows.map((r) => [r.name, { a: r.a, b: r.b }]));
        const out: Fresh[] = [];
        for (const { slot, after } of due) {
          const positions = slot.view.sources.map((s) => checkpoint.get(s) ?? START);
          const position = positions.reduce((low, p) => (comparePositions(p, low) < 0 ? p : low), positions[0] ?? START);
          if (comparePositions(position, after) < 0) out.push({ slot, after, state: undefined, position, failed: after });
          else out.push({ slot, after, state: await slot.view.load(trx), position, failed: null });
        }
        return out;
      },
      { isolationLevel: 'repeatable read' },
    );
    const ready = loaded.filter((l) => !l.failed);
    const from = ready.reduce((low, l) => (comparePositions(l.position, low) < 0 ? l.position : low), until);
    if (comparePositions(from, until) < 0) {
      await this.feed!.replay(from, until, (events) => {
        for (const fresh of ready) this.catchUp(fresh, events);
      });
    }
    const now = new Date().toISOString();
    const again: { slot: Slot; after: Position }[] = [];
    for (const fresh of loaded) {
      const { slot } = fresh;
      if (!fresh.failed) this.catchUp(fresh, slot.pending ?? []);
      if (fresh.failed) {
        again.push({ slot, after: fresh.failed });
        continue;
      }
      slot.state = fresh.state;
      slot.position = fresh.position;
      slot.pending = null;
      slot.loaded = true;
      slot.status.loadedAt = now;
    }
    return again;
  }

  /** Applies events to a state being loaded; the first that fails marks the load for another attempt. */
  private catchUp(fresh: Fresh, events: readonly RecordedEvent[]): void {
    if (fresh.failed) return;
    const failed = this.applyTo(fresh, fresh.slot, events);
    if (failed) fresh.failed = failed.position;
  }

  private onEvents(events: readonly RecordedEvent[], next?: Position): void {
    for (const slot of this.slots.values()) {
      if (slot.pending) slot.pending.push(...events.filter((e) => slot.types.has(e.type)));
      else {
        const failed = this.applyTo(slot, slot, events);
        if (failed) this.reload(slot, failed.position);
      }
    }
    const last = next ?? events[events.length - 1]?.position;
    if (last && comparePositions(last, this.tail) > 0) this.tail = last;
    this.settleWaiters();
  }

  /**
   * Applies the events of the slot's types past `target.position` to `target.state` (an event at
   * or before it is in the state already: a replay and the tail may both deliver it). Returns the
   * event that failed, if one did; the events after it are not applied.
   */
  private applyTo(target: { state: unknown; position: Position }, slot: Slot, events: readonly RecordedEvent[]): RecordedEvent | null {
    for (const event of events) {
      if (!slot.types.has(event.type) || comparePositions(event.position, target.position) <= 0) continue;
      try {
        target.state = slot.view.apply(target.state, event);
      } catch (err) {
        slot.status.lastError = `${event.type} at ${event.position.a}/${event.position.b}: ${(err as Error).message}`;
        this.logger.error(
          { err, view: slot.view.name, event: event.id },
          'a memory view failed to apply an event; loading it again from the read models once they hold it',
        );
        return event;
      }
      target.position = event.position;
      slot.status.applied++;
    }
    return null;
  }

  /**
   * Until the reload is in, the view answers with its last state and keeps what the tail reads.
   * The load starts once the tail's current batch is through (the rest of that batch is read
   * again up to the tail), and reads the read models only once their projections have applied
   * the event that failed: the event is then in the loaded state, never applied again here.
   */
  private reload(slot: Slot, failedAt: Position): void {
    slot.pending = [];
    slot.status.reloads++;
    const again = () =>
      this.load([slot], failedAt).catch((err) => {
        this.logger.error({ err, view: slot.view.name }, 'a memory view could not be loaded again; retrying');
        setTimeout(again, 1000).unref();
      });
    setImmediate(again);
  }

  private settleWaiters(): void {
    for (const w of [...this.waiters]) if (this.passed(w.position, w.types)) w.done(true);
  }
}
