import type { RecordedEvent } from '../eventstore/port.ts';

/**
 * What a row projection (src/runtime/rowProjection.ts) declares: its table, its key and columns,
 * which rows an event touches (`keys`) and how the event changes them (`apply`, pure, on plain
 * objects named like the table's columns).
 */

/** What a fold may read of an event (a rebuild reads nothing else from the feed). */
export type FoldEvent = Pick<RecordedEvent, 'id' | 'type' | 'data' | 'version' | 'position'>;

export type RowKey = string | number;

/** The rows of a batch, keyed by primary key: what `apply` reads and changes. */
export interface Rows<R> {
  get(key: RowKey): R | undefined;
  /** Creates or replaces a row (written at the end of the batch). */
  set(key: RowKey, row: R): void;
  /** Removes a row (deleted at the end of the batch). */
  delete(key: RowKey): void;
}

export interface RowFold<R extends object> {
  table: string;
  /**
   * The primary key column (rows are loaded and deleted by it) and its SQL type. A `date` key is
   * the day as `YYYY-MM-DD` text, as a loaded row gives it back (rows are matched by that text).
   */
  key: string;
  keyType: 'integer' | 'text' | 'date';
  /** Every other column, as the row objects name them (test/projections/rowProjections.test.ts checks the list against the table). */
  columns: readonly string[];
  /**
   * Insert-only tables: the conflict target and `ignore` (ON CONFLICT DO NOTHING): a row stored
   * already stays as it is. Rows of such a table are never loaded.
   */
  insertOnly?: { conflict: readonly string[] };
  /**
   * The rows an event reads or changes, by key: loaded before the batch is folded (unless the
   * batch made them already), and written after it when they exist.
   */
  keys(event: FoldEvent): readonly RowKey[];
  /** Applies one event to the rows, in memory. */
  apply(rows: Rows<R>, event: FoldEvent): void;
  /**
   * A read model whose every row is one aggregate's: the row is folded from the events of that
   * aggregate's stream `<aggregate>-<id>` alone, so a command can write it in the statement that
   * appends its events (an inline projection, src/runtime/inlineProjection.ts) and the caller
   * reads it next without waiting for this projection. The aggregate's id is the row's key, or,
   * where an aggregate owns several rows (an order's items), what `owner` reads from an event.
   * `version` names the column holding the stream version the row is folded to: the projection,
   * running behind, skips an event its row already holds and never writes an older row over a
   * newer one. An insert-only table needs none: a row it holds already is never written again.
   */
  inline?: { aggregate: string; version?: string; owner?: (event: FoldEvent) => RowKey };
}
