import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type EventStore, type Position, START } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { isUniqueViolation, quoteIdent, sql } from './database.ts';
import { FeedReader } from './feedReader.ts';
import { canCopy } from './pgCopy.ts';
import { rebuildLock } from './rebuildLock.ts';
import { ShadowTable, swapShadows } from './shadowTable.ts';

/**
 * The rebuild of a projection with its own `apply` (not a row projection): its events replayed
 * into shadows of its tables (src/runtime/shadowTable.ts), in a schema of the rebuild's own,
 * `rb_<projection>`, which each replay transaction puts first in its search_path: the apply's SQL
 * names its tables as it does live and writes to the shadows. The live tables stay whole and
 * served (and updated by the live runner) until the shadows, caught up with the feed and indexed,
 * are swapped in.
 *
 * One transaction per batch of the projection's size, read ahead. A replay transaction writes no
 * checkpoint and does not wait for its WAL flush: until the swap the shadows match nothing, and
 * a crash leaves a schema that the next rebuild drops. A batch refused by a unique index is
 * applied again one event per transaction, as the live runner does (src/runtime/consumerRunner.ts).
 */
export class ShadowReplay {
  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projection: Projection,
    private readonly logger: Logger,
    /** Called as each batch is written: its events and the position it reached. */
    private readonly progress: (count: number, position: Position) => void,
  ) {}

  async run(): Promise<void> {
    const p = this.projection;
    const server = await canCopy(this.knex);
    const release = await rebuildLock(this.knex, p.name, server);
    const schema = `rb_${p.name}`;
    const shadows = p.tables.map((table) => new ShadowTable(this.knex, table, server, schema));
    try {
      await sql(this.knex, `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await sql(this.knex, `CREATE SCHEMA ${quoteIdent(schema)}`);
      for (const shadow of shadows) await shadow.create();
      const [{ path }] = await sql<{ path: string }>(this.knex, `SELECT current_setting('search_path') AS path`);
      const searchPath = `${quoteIdent(schema)}, ${path}`;
      const limit = p.batchSize ?? 1000;
      const reader = new FeedReader((after: Position) => this.store.readFeed(after, { limit, types: p.eventTypes }), START, limit);
      let position = START;
      try {
        for (;;) {
          const batch = await reader.next();
          if (batch.events.length > 0) {
            try {
              await this.write(searchPath, server, batch.events);
            } catch (err) {
              if (!isUniqueViolation(err) || batch.events.length === 1) throw err;
              for (const e of batch.events) await this.write(searchPath, server, [e]);
            }
          }
          position = batch.next;
          this.progress(batch.events.length, position);
          if (batch.events.length < limit) break;
        }
      } finally {
        reader.stop();
      }
      let started = performance.now();
      for (const shadow of shadows) await shadow.buildIndexes();
      this.logger.debug({ projection: p.name, ms: Math.round(performance.now() - started) }, 'rebuild indexes built');
      started = performance.now();
      await swapShadows(this.knex, p.name, shadows, position, schema);
      this.logger.debug({ projection: p.name, ms: Math.round(performance.now() - started) }, 'rebuild swapped in');
    } catch (err) {
      await sql(this.knex, `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).catch(() => {});
      throw err;
    } finally {
      await release();
    }
  }

  private async write(searchPath: string, server: boolean, events: Parameters<Projection['apply']>[1]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await sql(trx, `SET LOCAL search_path TO ${searchPath}`);
      if (server) await sql(trx, 'SET LOCAL synchronous_commit = off');
      await this.projection.apply(trx, events);
    });
  }
}
