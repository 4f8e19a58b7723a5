import type { Knex } from 'knex';
import { comparePositions, type Position } from '../eventstore/port.ts';
import { LOCK_CLASS, readCheckpoint, writeCheckpoint } from './checkpoints.ts';
import { quoteIdent, sql } from './database.ts';

/**
 * The table a rebuild fills beside the live one, then swaps in for it in one short transaction
 * (src/runtime/rebuildShadow.ts for row projections, rebuildReplay.ts for the others).
 *
 * Why: a live table must match its checkpoint at every commit, so a rebuild into it commits its
 * rows and its checkpoint together, and each such transaction holds the feed's horizon: no
 * consumer of this database reads past it until it commits. Short transactions then meant small
 * windows, and small windows write a row once per window that changes it (order_list: 1.18 M row
 * writes for 324,000 orders in windows of 3,000 events, 0.41 M in windows of 100,000). A shadow
 * table need not match anything until it is swapped in: its rows go in short transactions of
 * their own, in any order, and a crash only leaves a shadow that the next rebuild drops. The live
 * table stays whole and keeps being served (and updated by the live runner) meanwhile.
 *
 * Two ways to name it:
 * - beside the live table, `rb_<table>` (a row projection, whose statements are built for the
 *   shadow's name): its indexes get shadow names and are renamed at the swap;
 * - in a schema of the rebuild's own, under the live table's name (a projection with its own
 *   `apply`, whose SQL names its tables: it writes to the shadows with that schema first in its
 *   search_path): its constraints and indexes keep the live names, and the swap moves it into the
 *   live table's schema.
 *
 * The shadow is created with its primary key only; the other indexes are built on the loaded rows
 * (building a trigram GIN index once is far cheaper than inserting every row into it), with
 * CREATE INDEX CONCURRENTLY on a server: its long phases run in transactions without a
 * transaction id, so they do not hold the horizon either. In a schema, unique constraints and
 * indexes come first, with the key: an `apply` may name them in ON CONFLICT, and it writes in
 * the feed's order, as the live table was written. Beside the live table they come last, on the
 * final rows, so a window whose rows swap e-mails is not refused.
 *
 * The swap, in the transaction that holds the consumer's advisory lock: drop the live table, move
 * or rename the shadow and its indexes to the live names. The caller then sets the checkpoint to
 * where the shadow was built; a live runner goes on from there (it applies again what it had
 * applied beyond it, to the new table).
 */
export class ShadowTable {
  /** The shadow's name (in a schema: the live table's). */
  readonly name: string;
  /** The shadow in SQL (schema-qualified in a schema). */
  private readonly ref: string;
  private indexes: { live: string; shadow: string; definition: string }[] = [];
  private constraints: { live: string; shadow: string; definition: string }[] = [];

  /** `schema`: the rebuild's own schema (created by the caller), or none: beside the live table. */
  constructor(
    private readonly knex: Knex,
    readonly live: string,
    private readonly concurrently: boolean,
    private readonly schema?: string,
  ) {
    this.name = schema ? live : `rb_${live}`;
    this.ref = schema ? `${quoteIdent(schema)}.${quoteIdent(live)}` : quoteIdent(this.name);
  }

  /** Drops a shadow left by an earlier rebuild and creates an empty one: the live table's columns, defaults, checks and primary key. */
  async create(): Promise<void> {
    const live = this.live;
    const inSchema = this.schema !== undefined;
    // The key, and in a schema the unique and exclusion constraints too: they come first.
    const constraints = await sql<{ name: string; definition: string }>(
      this.knex,
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = $1::regclass AND contype = ANY($2) ORDER BY contype, conname`,
      [live, inSchema ? ['p', 'u', 'x'] : ['p']],
    );
    if (!constraints.some((c) => /^PRIMARY KEY/.test(c.definition)))
      throw new Error(`${live} has no primary key: a projection's table needs one`);
    this.constraints = constraints.map((c) => ({ live: c.name, shadow: inSchema ? c.name : `rb_${live}_pkey`, definition: c.definition }));
    const indexes = await sql<{ name: string; definition: string }>(
      this.knex,
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype = ANY($2))
     ORDER BY i.relname`,
      [live, inSchema ? ['p', 'u', 'x'] : ['p']],
    );
    this.indexes = indexes.map((ix, i) => ({ live: ix.name, shadow: inSchema ? ix.name : `rb_${live}_${i}`, definition: ix.definition }));
    await sql(this.knex, `DROP TABLE IF EXISTS ${this.ref}`);
    await sql(
      this.knex,
      `CREATE TABLE ${this.ref} (LIKE ${quoteIdent(live)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED
      INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING STATISTICS INCLUDING COMMENTS)`,
    );
    for (const c of this.constraints)
      await sql(this.knex, `ALTER TABLE ${this.ref} ADD CONSTRAINT ${quoteIdent(c.shadow)} ${c.definition}`);
    if (inSchema) for (const ix of this.indexes.filter((i) => isUnique(i.definition))) await this.createIndex(ix, false);
  }

  /** Builds the live table's other indexes on the loaded shadow. */
  async buildIndexes(): Promise<void> {
    for (const ix of this.indexes) {
      if (this.schema !== undefined && isUnique(ix.definition)) continue; // built by create()
      await this.createIndex(ix, this.concurrently);
    }
  }

  private async createIndex(ix: { live: string; shadow: string; definition: string }, concurrently: boolean): Promise<void> {
    const m = /^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ (USING .*)$/s.exec(ix.definition);
    if (!m) throw new Error(`cannot read the definition of index ${ix.live}: ${ix.definition}`);
    await sql(this.knex, `CREATE ${m[1] ?? ''}INDEX ${concurrently ? 'CONCURRENTLY ' : ''}${quoteIdent(ix.shadow)} ON ${this.ref} ${m[3]}`);
  }

  /**
   * Replaces the live table by the shadow, in `trx` (which holds the consumer's lock): the live
   * names, the same indexes.
   */
  async swap(trx: Knex.Transaction): Promise<void> {
    const live = quoteIdent(this.live);
    if (this.schema !== undefined) {
      const [{ schema }] = await sql<{ schema: string }>(
        trx,
        'SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = $1::regclass',
        [this.live],
      );
      await sql(trx, `DROP TABLE ${live}`);
      await sql(trx, `ALTER TABLE ${this.ref} SET SCHEMA ${quoteIdent(schema)}`);
      return;
    }
    await sql(trx, `DROP TABLE ${live}`);
    await sql(trx, `ALTER TABLE ${this.ref} RENAME TO ${live}`);
    for (const c of this.constraints)
      await sql(trx, `ALTER TABLE ${live} RENAME CONSTRAINT ${quoteIdent(c.shadow)} TO ${quoteIdent(c.live)}`);
    for (const ix of this.indexes) await sql(trx, `ALTER INDEX ${quoteIdent(ix.shadow)} RENAME TO ${quoteIdent(ix.live)}`);
  }

  /** Drops the shadow (a rebuild that failed). */
  async drop(): Promise<void> {
    await sql(this.knex, `DROP TABLE IF EXISTS ${this.ref}`);
  }
}

function isUnique(definition: string): boolean {
  return /^CREATE UNIQUE INDEX/.test(definition);
}

/**
 * Swaps the shadows of projection `name` in, in one transaction under the consumer's advisory
 * lock, and sets its checkpoint to `position`, where they were built: a live instance goes on
 * from there (it applies again, to the new tables, what it had applied past that point).
 * `schema`: the rebuild's own schema, dropped with the swap (empty by then).
 */
export async function swapShadows(knex: Knex, name: string, shadows: ShadowTable[], position: Position, schema?: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await sql(trx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, name]);
    const current = await readCheckpoint(trx, name);
    for (const shadow of shadows) await shadow.swap(trx);
    if (schema) await sql(trx, `DROP SCHEMA ${quoteIdent(schema)}`);
    if (comparePositions(current, position) !== 0) await writeCheckpoint(trx, name, current, position);
  });
}
