import type { Knex } from 'knex';
import { writtenColumns, type ReadModel } from '../core/readModel.ts';
import type { RecordedEvent } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { sql, type Executor } from './database.ts';
import { copyText } from './pgCopy.ts';
import type { FoldEvent, RowFold, RowKey, Rows } from './rowFold.ts';
import { rowStatements, writeChanges, type RowChanges, type RowStatements } from './rowStatements.ts';

/**
 * Row projections: a read model whose every row is folded from events in memory, then written
 * once per batch. The projector says which rows an event touches (`keys`) and how the event
 * changes them (`apply`, pure, on plain objects named like the table's columns); this module
 * loads the rows, folds the batch, and writes each changed row once: one statement to load, one
 * to upsert (json_populate_recordset … ON CONFLICT), one to delete, all named prepared
 * statements with a single json or array parameter, however many rows. A rebuild on
 * node-postgres writes with COPY instead (RowSet.takeChanges).
 *
 * The live runner and the rebuild run the same fold. The rebuild (src/runtime/rebuildShadow.ts) folds
 * windows of tens of thousands of events and keeps the rows it wrote in memory, so a row that
 * several events change is written once per window, not once per event, and is never read back.
 * That is only correct if the fold depends on nothing but the rows and the event: `apply` must
 * not read the clock, the database or another row than those it names in `keys`.
 *
 * What a projector declares is in rowFold.ts; the statements that load and write the rows, in
 * rowStatements.ts.
 */

export interface RowProjection<R extends object = any> extends Projection {
  fold: RowFold<R>;
}

/** The fold of a row projection whose table's row is declared: the table and its columns come from the declaration. */
type DeclaredFold<R extends object> = Omit<RowFold<R>, 'table' | 'columns'>;

/**
 * A projection whose `apply` loads, folds and writes with `fold` (the live path). With `readModel`
 * (the table's row, declared once: src/core/readModel.ts) the fold names neither its table nor its
 * columns: they are the declaration's, but the generated ones (and the key, unless insert-only).
 */
export function rowProjection<R extends object>(
  spec: { name: string; eventTypes: readonly string[]; batchSize?: number } & (
    { readModel: ReadModel; fold: DeclaredFold<R> } | { readModel?: undefined; fold: RowFold<R> }
  ),
): RowProjection<R> {
  const fold: RowFold<R> = spec.readModel ? { ...spec.fold, ...declaredColumns(spec.readModel, spec.fold) } : spec.fold;
  if (fold.inline && !fold.inline.version && !fold.insertOnly)
    throw new Error(
      `${spec.name} is declared inline without the column of its rows' stream version, which a table that updates rows needs`,
    );
  const statements = rowStatements(fold);
  return {
    kind: 'projection',
    name: spec.name,
    eventTypes: spec.eventTypes,
    tables: [fold.table],
    readModels: spec.readModel ? [spec.readModel] : undefined,
    batchSize: spec.batchSize,
    fold,
    async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
      const rows = new RowSet<R>(fold, true);
      await rows.load(trx, statements, events);
      for (const e of events) rows.fold(e);
      await rows.write(trx, statements);
    },
  };
}

function declaredColumns(model: ReadModel, fold: Pick<RowFold<object>, 'key' | 'insertOnly'>) {
  const written = writtenColumns(model);
  return { table: model.table, columns: fold.insertOnly ? written : written.filter((c) => c !== fold.key) };
}

/** Rows per upsert statement (a statement's jsonb parameter stays a few megabytes). */
const WRITE_CHUNK = 5000;

/**
 * The rows a fold works on: the loaded and folded rows, which of them changed, which were
 * deleted. The live path makes one per batch; the rebuild keeps one across windows.
 */
export class RowSet<R extends object> implements Rows<R> {
  readonly rows = new Map<RowKey, R>();
  /** Keys changed since the last write, in the order they first changed. */
  private dirty = new Set<RowKey>();
  private deleted = new Set<RowKey>();
  /** Keys whose row is stored (loaded, or written by an earlier batch of this set). */
  private readonly stored = new Set<RowKey>();
  /**
   * Keys whose row may be stored but is not in memory. `all`: every key (nothing is known);
   * a set: only these (a rebuild starts from an empty table and knows every row it wrote).
   */
  private unknown: 'all' | Set<RowKey>;

  constructor(
    private readonly spec: RowFold<R>,
    unknownAll: boolean,
  ) {
    this.unknown = unknownAll ? 'all' : new Set();
  }

  get size(): number {
    return this.rows.size;
  }
  get changed(): number {
    return this.dirty.size + this.deleted.size;
  }

  get(key: RowKey): R | undefined {
    return this.rows.get(key);
  }

  set(key: RowKey, row: R): void {
    this.rows.set(key, row);
    this.deleted.delete(key);
    this.dirty.add(key);
  }

  delete(key: RowKey): void {
    this.rows.delete(key);
    this.dirty.delete(key);
    this.deleted.add(key);
  }

  /** Keys of these events whose rows are neither in memory nor known to be absent. */
  missing(events: readonly FoldEvent[]): RowKey[] {
    if (this.spec.insertOnly || (this.unknown !== 'all' && this.unknown.size === 0)) return [];
    const out = new Set<RowKey>();
    for (const e of events) {
      for (const k of this.spec.keys(e)) {
        if (this.rows.has(k) || this.deleted.has(k) || out.has(k)) continue;
        if (this.unknown === 'all' || this.unknown.has(k)) out.add(k);
      }
    }
    return [...out];
  }

  /** Loads the stored rows these events need (one statement). */
  async load(db: Executor, statements: RowStatements, events: readonly FoldEvent[]): Promise<void> {
    const keys = this.missing(events);
    if (keys.length === 0 || !statements.load) return;
    const found = await sql<{ r: R }>(db, statements.load.text, [keys], statements.load.name);
    for (const { r } of found) {
      // The key column is named at run time (the fold's `key`), so the row is read as a record here.
      const key = (r as Record<string, RowKey>)[this.spec.key]!;
      this.rows.set(key, r);
      this.stored.add(key);
    }
    if (this.unknown !== 'all') for (const k of keys) this.unknown.delete(k);
  }

  /**
   * Folds one event; the rows it names that exist afterwards are written with the batch. An inline
   * read model's row (RowFold.inline) keeps the stream version it is folded to, and an event it
   * already holds (written with its append) is not folded again.
   */
  fold(event: FoldEvent): void {
    const version = this.spec.inline?.version;
    const keys = this.spec.keys(event);
    if (version && keys.length > 0 && keys.every((k) => Number(this.field(k, version) ?? 0) >= event.version)) return;
    this.spec.apply(this, event);
    for (const k of keys) {
      if (!this.rows.has(k)) continue;
      this.dirty.add(k);
      if (version) (this.rows.get(k) as Record<string, unknown>)[version] = event.version;
    }
  }

  /** A column of a row in memory, read by the name the fold declares. */
  private field(key: RowKey, column: string): unknown {
    const row = this.rows.get(key) as Record<string, unknown> | undefined;
    return row?.[column];
  }

  /** Holds `row` as the stored row of `key` (known, unchanged): an inline read model's row as its command found it. */
  seed(key: RowKey, row: R): void {
    this.rows.set(key, row);
    this.stored.add(key);
  }

  /**
   * The changed rows as the statements' parameters, taken now: folding may go on while they
   * are written (the rebuild folds its next window meanwhile). Stored rows come first, then new
   * ones: a unique index other than the key (user_list's e-mail) sees a value freed by a
   * changed row before a new row takes it.
   *
   * With `copy`, rows known to be new (a rebuild knows every row it stored) go as COPY text:
   * PostgreSQL parses a wide row of JSON in about 25 µs, the same row as COPY text in a few.
   * `chunk`: rows per statement (and per transaction of a rebuild's shadow table). `replace`
   * (a shadow table, with no index but its key): changed stored rows are deleted and copied anew.
   */
  takeChanges(copy = false, chunk = WRITE_CHUNK, replace = false): RowChanges {
    const old: RowKey[] = [];
    const fresh: RowKey[] = [];
    const replaced: RowKey[] = [];
    for (const k of this.dirty) {
      if (this.spec.insertOnly || !this.stored.has(k)) fresh.push(k);
      // Deleted, then copied anew: cheaper than an upsert where no other index is to be kept.
      else if (replace && copy && this.unknown !== 'all') {
        fresh.push(k);
        replaced.push(k);
      } else old.push(k);
    }
    if (!this.spec.insertOnly) for (const k of fresh) this.stored.add(k);
    const columns = this.spec.insertOnly ? this.spec.columns : [this.spec.key, ...this.spec.columns];
    const sizes = (n: number) => Array.from({ length: Math.ceil(n / chunk) }, (_, i) => Math.min(chunk, n - i * chunk));
    const texts = (keys: RowKey[]) => {
      const out: string[] = [];
      for (let i = 0; i < keys.length; i += chunk)
        out.push(
          copyText(
            keys.slice(i, i + chunk).map((k) => this.rows.get(k)!),
            columns,
          ),
        );
      return out;
    };
    // New rows by COPY only when they are known to be new (a rebuild knows every row it stored).
    const byCopy = copy && this.unknown !== 'all';
    const json = [...(copy ? [] : old), ...(byCopy ? [] : fresh)];
    const upserts: string[] = [];
    for (let i = 0; i < json.length; i += chunk) {
      upserts.push(JSON.stringify(json.slice(i, i + chunk).map((k) => this.rows.get(k))));
    }
    const staged = copy ? texts(old) : [];
    const copies = byCopy ? texts(fresh) : [];
    for (const k of this.deleted) this.stored.delete(k);
    const deletes = [...this.deleted, ...replaced];
    this.dirty = new Set();
    this.deleted = new Set();
    // An insert-only table keeps what it stored first (ON CONFLICT DO NOTHING): a row written
    // need not stay in memory, a later duplicate is dropped by the table.
    if (this.spec.insertOnly) this.rows.clear();
    return {
      upserts,
      staged,
      copies,
      deletes,
      count: old.length + fresh.length,
      sizes: { upserts: sizes(json.length), staged: sizes(copy ? old.length : 0), copies: sizes(byCopy ? fresh.length : 0) },
    };
  }

  async write(trx: Executor, statements: RowStatements): Promise<void> {
    await writeChanges(trx, statements, this.takeChanges());
  }

  /**
   * Forgets rows (the first created or loaded first: in the feed, an aggregate's events are
   * mostly close together) until at most `max` stay in memory; they are loaded again when an
   * event names them. Only rows already written may be forgotten.
   */
  evict(max: number): void {
    if (this.rows.size <= max || this.changed > 0) return;
    if (this.unknown === 'all') {
      this.rows.clear();
      return;
    }
    for (const k of this.rows.keys()) {
      if (this.rows.size <= max) break;
      this.rows.delete(k);
      this.unknown.add(k);
    }
  }
}

export function isRowProjection(p: Projection): p is RowProjection<object> {
  return (p as RowProjection).fold !== undefined;
}
