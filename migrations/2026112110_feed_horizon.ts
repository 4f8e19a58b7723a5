import type { Knex } from 'knex';

/**
 * feed_horizon(): the transaction id below which the feed is complete, for this database.
 *
 * The feed (src/eventstore/postgres.ts) orders events by (tx_id, position) and shows an event only
 * when no transaction that could still append one below it is running. That bound was the
 * snapshot's xmin, which is cluster-wide: a transaction open in any other database of the same
 * server (another service, a test suite, a rebuild elsewhere) held back every consumer here, for
 * as long as it stayed open (measured: HTTP commands waiting ~900 ms, their read-your-writes
 * bound, while another database's suite ran).
 *
 * The horizon is now the oldest in-progress transaction of the snapshot that may belong to this
 * database, or the snapshot's xmax when there is none. A transaction is left out only when
 * pg_stat_get_activity shows it as the current transaction of a backend connected to another
 * database: such a backend can write no row of this database's events table. Everything not
 * known to be elsewhere (prepared transactions, a backend whose transaction changed since the
 * activity was read) still counts, so the bound is never later than the truth:
 * - an event with tx_id below the horizon was appended by a transaction that is either finished
 *   (committed: visible to the snapshot, which is below its xmax and not in progress) or running
 *   in another database (it has no events here);
 * - every transaction that can still append here is in progress with an id at or above the
 *   horizon, or will get one at or above xmax.
 * backend_xid is shown to every role (not only to superusers or the backend's own role).
 * Transaction ids in the activity are 32-bit; the snapshot's are 64-bit (epoch and id).
 */
/** The SQL-language definition (also what 2026112200_feed_horizon_plpgsql.ts restores on the way down). */
export const PG_FUNCTION = `
CREATE OR REPLACE FUNCTION feed_horizon() RETURNS xid8 LANGUAGE sql STABLE AS $$
  WITH s AS (SELECT pg_current_snapshot() AS s)
  SELECT coalesce(
    (SELECT min(x) FROM s, pg_snapshot_xip(s.s) AS x
      WHERE (x::text::bigint % 4294967296) NOT IN (
        SELECT a.backend_xid::text::bigint FROM pg_stat_get_activity(NULL) a
         WHERE a.backend_xid IS NOT NULL
           AND a.datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database()))),
    (SELECT pg_snapshot_xmax(s.s) FROM s))
$$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(PG_FUNCTION);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS feed_horizon()');
}
