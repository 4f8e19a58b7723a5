/**
 * The event store port (ARCHITECTURE.md "Event store"). Two adapters implement it:
 * PostgreSQL (server or embedded PGlite) and EventStoreDB. The contract suite in
 * test/eventstore/contract.test.ts runs against each one that is available.
 */

/** Stream version = number of events in the stream; the first event has version 1. */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export interface EventMetadata {
  /** Tenant the event belongs to (vendor id), when it has one. */
  vendor_id?: number | null;
  /** Acting user id, or a system actor name such as `system:admin-bootstrap`. */
  user_id?: number | string | null;
  correlation_id?: string;
  causation_id?: string;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** UUID; appending an id that is already stored is a no-op (idempotent retries). */
  id: string;
  type: T;
  data: D;
  metadata?: EventMetadata;
}

/**
 * A position in the global feed. Ordered as the pair (a, b): for PostgreSQL (transaction id,
 * sequence position), for EventStoreDB (commit, prepare). Both are decimal strings because
 * they can exceed 2^53.
 */
export interface Position {
  a: string;
  b: string;
}
export const START: Position = { a: '0', b: '0' };

export function comparePositions(x: Position, y: Position): number {
  const xa = BigInt(x.a),
    ya = BigInt(y.a);
  if (xa !== ya) return xa < ya ? -1 : 1;
  const xb = BigInt(x.b),
    yb = BigInt(y.b);
  return xb === yb ? 0 : xb < yb ? -1 : 1;
}

export interface RecordedEvent<T extends string = string, D = any> {
  id: string;
  stream: string;
  version: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  position: Position;
  /** ISO time the event was stored. */
  recorded_at: string;
}

export interface AppendResult {
  /** Version of the stream after the append. */
  version: number;
  /** Position of the last appended event, for read-your-writes waits. */
  position: Position;
  /** False when every event id was already stored (a retried append). */
  appended: boolean;
}

/** A transaction handle of the adapter (a knex transaction for the PostgreSQL adapter). */
export type StoreTx = unknown;

/** What a lean feed read returns of an event (ReadFeedOptions.lean); an adapter may return more. */
export type LeanEvent = Pick<RecordedEvent, 'id' | 'type' | 'data' | 'version' | 'position'>;

export interface FeedBatch<E = RecordedEvent> {
  events: E[];
  /**
   * Where the next read starts. Past the last event returned, or, when the batch was not full,
   * past every event already committed that the filter skipped, so consumers whose types are rare
   * still advance and read-your-writes waits on them end.
   */
  next: Position;
  /** False when ReadFeedOptions.lock was asked for and another transaction holds it (no events then). */
  locked?: boolean;
}

export interface ReadFeedOptions {
  limit: number;
  /** Only these event types (all when absent). */
  types?: readonly string[];
  tx?: StoreTx;
  /**
   * Only each event's id, type, data, version and position (LeanEvent), for a reader of the whole feed (a
   * rebuild): decoding every event's metadata and timestamps cost about as much as its data.
   */
  lean?: boolean;
  /**
   * Take this transaction-level advisory lock in the statement that reads (PostgreSQL stores,
   * within `tx`): a consumer that knows its checkpoint saves the round trip of a statement of
   * its own. When another transaction holds the lock, no events are read and `locked` is false.
   * Other stores ignore it.
   */
  lock?: { space: number; key: string };
}

/**
 * Rows of a read model written by the append's own statement (an inline projection,
 * src/runtime/inlineProjection.ts): `upsert` is that part of the statement, given the number of
 * its JSON parameter and the condition that the append stored its events; `json` is the
 * parameter. Only the PostgreSQL stores take them (`inlineRows`).
 */
export interface InlineRows {
  /** The read model's table: names the prepared statement. */
  table: string;
  upsert(param: number, guard: string): string;
  json: string;
}

/** One stream's part of EventStore.appendTogether: as `append`'s arguments, with an exact expectation. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expected: Exclude<ExpectedVersion, 'any'>;
  rows?: readonly InlineRows[];
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  /** Whether `append` writes InlineRows in its statement. */
  readonly inlineRows: boolean;
  append(
    stream: string,
    events: NewEvent[],
    options: { expected: ExpectedVersion; tx?: StoreTx; rows?: readonly InlineRows[] },
  ): Promise<AppendResult>;
  /**
   * Several streams' appends stored together or not at all, in one round trip where the store
   * can (PostgreSQL stores; absent on the others): a quota's claim and the product it admits.
   * Every stream's expected version is checked; a conflict on any throws WrongExpectedVersionError
   * naming that stream, and nothing is stored. Results in the order of `appends`.
   */
  appendTogether?(appends: readonly StreamAppend[], options?: { tx?: StoreTx }): Promise<AppendResult[]>;
  /** Events of one stream from `fromVersion` (inclusive, 1-based), in order. */
  readStream(stream: string, options?: { fromVersion?: number; limit?: number; tx?: StoreTx }): Promise<RecordedEvent[]>;
  /** The global feed after `after`, gap-safe: never skips an event committed late. */
  readFeed(after: Position, options: ReadFeedOptions & { lean: true }): Promise<FeedBatch<LeanEvent>>;
  readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch>;
  /**
   * Calls `listener` promptly after new events may be available (local append or another
   * process), with the types appended when the adapter knows them (absent: any type), and the
   * position of the last one when it was appended in this process.
   */
  onAppended(listener: (types?: readonly string[], position?: Position) => void): () => void;
  /** Position of the newest event visible now (for lag reports). */
  head(): Promise<Position>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`stream ${stream}: expected version ${String(expected)}, actual ${actual ?? 'unknown'}`);
    this.name = 'WrongExpectedVersionError';
  }
}
