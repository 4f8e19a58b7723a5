import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamSubscription,
  type ExpectedRevision,
  type JSONType,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type FeedBatch,
  type NewEvent,
  type Position,
  type ReadFeedOptions,
  type RecordedEvent,
  START,
  WrongExpectedVersionError,
} from './port.ts';

/**
 * The EventStoreDB adapter (ARCHITECTURE.md "Event store"), chosen when EVENTSTORE_URL is set.
 *
 * - Port versions are 1-based counts, ESDB revisions 0-based: version = revision + 1.
 * - Positions are ESDB's (commit, prepare) as decimal strings. Events on $all are totally ordered
 *   once committed (a reader never sees a later one before an earlier one), so the feed needs none
 *   of the PostgreSQL adapter's gap-safety logic.
 * - `tx` options are ignored: ESDB has no PostgreSQL transaction.
 */

/** Events scanned per readAll page, and at most per readFeed call (bounds one call's latency). */
const PAGE = 500;
const MAX_SCAN = 20 * PAGE;

export function toExpectedRevision(expected: ExpectedVersion): ExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

export function toPortPosition(p: EsdbPosition | undefined): Position {
  return p ? { a: p.commit.toString(10), b: p.prepare.toString(10) } : { a: '0', b: '0' };
}

/** System events (`$`-prefixed types, `$`-prefixed streams) never reach the port. */
export function isSystemEvent(e: { type: string; streamId: string }): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

export function toRecorded(e: EsdbRecordedEvent): RecordedEvent {
  const data: unknown = e.isJson ? e.data : JSON.parse(Buffer.from(e.data as Uint8Array).toString('utf8'));
  const meta = e.metadata;
  return {
    id: e.id,
    stream: e.streamId,
    version: Number(e.revision) + 1,
    type: e.type,
    data,
    metadata: meta && typeof meta === 'object' && !Array.isArray(meta) && !(meta instanceof Uint8Array) ? (meta as EventMetadata) : {},
    position: toPortPosition(e.position),
    recorded_at: e.created.toISOString(),
  };
}

export class EventStoreDbStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  /** EventStoreDB and the read models are two stores: no statement writes both, the projections do. */
  readonly inlineRows = false;
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | null = null;
  private notifyScheduled = false;
  private closed = false;

  private constructor(private readonly client: EventStoreDBClient) {}

  static async connect(url: string): Promise<EventStoreDbStore> {
    const store = new EventStoreDbStore(EventStoreDBClient.connectionString(url));
    await store.head(); // fail at start, not at the first command, when the server is unreachable
    return store;
  }

  async append(stream: string, events: NewEvent[], options: { expected: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = events.map((e) =>
      jsonEvent({ id: e.id, type: e.type, data: (e.data ?? {}) as JSONType, metadata: (e.metadata ?? {}) as JSONType }),
    );
    let result;
    try {
      result = await this.client.appendToStream(stream, data, { expectedRevision: toExpectedRevision(options.expected) });
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion === NO_STREAM ? 0 : typeof err.actualVersion === 'bigint' ? Number(err.actualVersion) + 1 : null;
        throw new WrongExpectedVersionError(stream, options.expected, actual);
      }
      throw err;
    }
    // ESDB dedupes by event id and answers a retried append with success. Servers before 22.x send
    // no position for such an idempotent write: that (and only that) is reported as appended=false,
    // with the position of the stored event. Newer servers send the original position, so a retry
    // there reports appended=true: telling it apart would cost a read per append.
    if (!result.position) {
      const [last] = await this.readStream(stream, { fromVersion: Number(result.nextExpectedRevision) + 1, limit: 1 });
      return { version: Number(result.nextExpectedRevision) + 1, position: last?.position ?? START, appended: false };
    }
    this.notify();
    return { version: Number(result.nextExpectedRevision) + 1, position: toPortPosition(result.position), appended: true };
  }

  async readStream(stream: string, options: { fromVersion?: number; limit?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: BigInt(Math.max(0, (options.fromVersion ?? 1) - 1)),
        maxCount: options.limit ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const r of read) if (r.event) out.push(toRecorded(r.event));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  /**
   * The $all feed after `after`. The v6 client's readAll has no server-side filter (it always sends
   * NoFilter), so pages of $all are filtered here: system events and types not asked for are skipped.
   * A read from a position includes the event at that position: it is skipped. `next` is the last
   * event scanned (returned or skipped), so consumers of rare types still advance.
   */
  async readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch> {
    const types = options.types ? new Set(options.types) : null;
    const events: RecordedEvent[] = [];
    let next = after;
    let scanned = 0;
    while (events.length < options.limit && scanned < MAX_SCAN) {
      const from = next.a === '0' && next.b === '0' ? ESDB_START : { commit: BigInt(next.a), prepare: BigInt(next.b) };
      let page = 0;
      let advanced = false;
      for await (const r of this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: PAGE + 1 })) {
        page++;
        const e = r.event;
        if (!e) continue;
        const pos = toPortPosition(e.position);
        if (pos.a === next.a && pos.b === next.b) continue; // the inclusive start
        if (events.length >= options.limit) break;
        scanned++;
        next = pos;
        advanced = true;
        if (!isSystemEvent(e) && (!types || types.has(e.type))) events.push(toRecorded(e));
      }
      if (!advanced || page < PAGE + 1) break; // end of $all
    }
    return { events, next };
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || !this.subscription) return;
      this.subscription.unsubscribe().catch(() => {});
      this.subscription = null;
    };
  }

  /** The newest non-system event on $all (system events such as $statsCollected are stepped over). */
  async head(): Promise<Position> {
    let from: EsdbPosition | typeof END = END;
    for (;;) {
      let page = 0;
      let last: EsdbPosition | undefined;
      for await (const r of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: PAGE })) {
        page++;
        if (!r.event) continue;
        if (!isSystemEvent(r.event)) return toPortPosition(r.event.position);
        last = r.event.position;
      }
      if (page < PAGE || !last) return START;
      from = last; // a backwards read from a position starts below it
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.subscription?.unsubscribe().catch(() => {});
    this.subscription = null;
    await this.client.dispose();
  }

  /** One live subscription to $all from END, shared by every listener; resubscribes after an error. */
  private subscribe(): void {
    if (this.subscription || this.closed || this.listeners.size === 0) return;
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = sub;
    sub.on('data', () => this.notify());
    sub.on('error', () => {
      if (this.subscription !== sub) return;
      this.subscription = null;
      // Consumers' capped polling covers the gap; try again shortly.
      setTimeout(() => this.subscribe(), 1000).unref();
    });
  }

  /** Calls every listener once per burst of events (coalesced to the next turn of the event loop). */
  private notify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      for (const l of [...this.listeners]) {
        try {
          l();
        } catch {
          /* a listener's failure is its own */
        }
      }
    });
  }
}
