import type { Knex } from 'knex';
import { PG_FUNCTION as SQL_FUNCTION } from './2026112110_feed_horizon.ts';

/**
 * feed_horizon() in PL/pgSQL: the same bound as migrations/2026112110_feed_horizon.ts, at a
 * quarter of the cost.
 *
 * The SQL-language function could not be inlined (it is a scalar function with a WITH), so every
 * statement that called it parsed and planned its body again: about 0.28 ms a call, and the feed
 * statement called it twice. That was most of every feed read (measured with
 * log_min_duration_statement: es_feed 0.56 ms on average under the ShipItem load, where an
 * EXPLAIN of the same read without the horizon took 0.1 ms). PL/pgSQL keeps the plan of its
 * query for the session. The feed statements now also evaluate it once (a MATERIALIZED CTE).
 *
 * The backend activity is read only when the snapshot has a transaction in progress: with none,
 * the horizon is the snapshot's xmax at once.
 */
const PLPGSQL_FUNCTION = `
CREATE OR REPLACE FUNCTION feed_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  horizon xid8;
BEGIN
  IF pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) THEN
    RETURN pg_snapshot_xmax(snap);
  END IF;
  SELECT min(x) INTO horizon FROM pg_snapshot_xip(snap) AS x
   WHERE (x::text::bigint % 4294967296) NOT IN (
     SELECT a.backend_xid::text::bigint FROM pg_stat_get_activity(NULL) a
      WHERE a.backend_xid IS NOT NULL
        AND a.datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database()));
  RETURN coalesce(horizon, pg_snapshot_xmax(snap));
END
$$`;

export async function up(knex: Knex): Promise<void> {
  // A function's language cannot be changed by CREATE OR REPLACE.
  await knex.raw('DROP FUNCTION IF EXISTS feed_horizon()');
  await knex.raw(PLPGSQL_FUNCTION);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS feed_horizon()');
  await knex.raw(SQL_FUNCTION);
}
