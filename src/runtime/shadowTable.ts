import type { Knex } from 'knex';
import { quoteIdent, sql } from './database.ts';

/**
 * The table a row projection's rebuild fills (src/runtime/rebuildShadow.ts), beside the live one, then
 * swaps in for it in one short transaction.
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
 * The shadow is loaded with its primary key only; the other indexes are built on the loaded rows
 * (building a trigram GIN index once is far cheaper than inserting every row into it), with
 * CREATE INDEX CONCURRENTLY on a server: its long phases run in transactions without a
 * transaction id, so they do not hold the horizon either. Unique indexes other than the key are
 * built on the final rows too, so a window whose rows swap e-mails is no longer refused.
 *
 * The swap, in one transaction under the consumer's advisory lock: drop the live table, rename the
 * shadow and its indexes to the live names, set the checkpoint to where the shadow was built.
 * A live runner goes on from there (it applies again what it had applied beyond it, to the new table).
 */
export class ShadowTable {
  readonly name: string;
  private indexes: { live: string; shadow: string; definition: string }[] = [];
  private key: { live: string; shadow: string; definition: string } | null = null;

  constructor(private readonly knex: Knex, readonly live: string, private readonly concurrently: boolean) {
    this.name = `rb_${live}`;
  }

  /** Drops a shadow left by an earlier rebuild and creates an empty one: the live table's columns, defaults, checks and primary key. */
  async create(): Promise<void> {
    const live = this.live;
    const [key] = await sql<{ name: string; definition: string }>(this.knex,
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`, [live]);
    if (!key) throw new Error(`${live} has no primary key: a row projection's table needs one`);
    this.key = { live: key.name, shadow: `${this.name}_pkey`, definition: key.definition };
    const indexes = await sql<{ name: string; definition: string }>(this.knex, `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype = 'p')
     ORDER BY i.relname`, [live]);
    this.indexes = indexes.map((ix, i) => ({ live: ix.name, shadow: `${this.name}_${i}`, definition: ix.definition }));
    await sql(this.knex, `DROP TABLE IF EXISTS ${quoteIdent(this.name)}`);
    await sql(this.knex, `CREATE TABLE ${quoteIdent(this.name)} (LIKE ${quoteIdent(live)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED
      INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING STATISTICS INCLUDING COMMENTS)`);
    await sql(this.knex, `ALTER TABLE ${quoteIdent(this.name)} ADD CONSTRAINT ${quoteIdent(this.key.shadow)} ${this.key.definition}`);
  }

  /** Builds the live table's other indexes on the loaded shadow. */
  async buildIndexes(): Promise<void> {
    for (const ix of this.indexes) {
      const m = /^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ (USING .*)$/s.exec(ix.definition);
      if (!m) throw new Error(`cannot read the definition of index ${ix.live}: ${ix.definition}`);
      await sql(this.knex, `CREATE ${m[1] ?? ''}INDEX ${this.concurrently ? 'CONCURRENTLY ' : ''}${quoteIdent(ix.shadow)} ON ${quoteIdent(this.name)} ${m[3]}`);
    }
  }

  /**
   * Replaces the live table by the shadow, in `trx` (which holds the consumer's lock): the live
   * names, the same indexes.
   */
  async swap(trx: Knex.Transaction): Promise<void> {
    const live = this.live;
    await sql(trx, `DROP TABLE ${quoteIdent(live)}`);
    await sql(trx, `ALTER TABLE ${quoteIdent(this.name)} RENAME TO ${quoteIdent(live)}`);
    await sql(trx, `ALTER TABLE ${quoteIdent(live)} RENAME CONSTRAINT ${quoteIdent(this.key!.shadow)} TO ${quoteIdent(this.key!.live)}`);
    for (const ix of this.indexes) await sql(trx, `ALTER INDEX ${quoteIdent(ix.shadow)} RENAME TO ${quoteIdent(ix.live)}`);
  }

  /** Drops the shadow (a rebuild that failed). */
  async drop(): Promise<void> {
    await sql(this.knex, `DROP TABLE IF EXISTS ${quoteIdent(this.name)}`);
  }
}
