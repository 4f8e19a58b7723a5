import type { Knex } from 'knex';
import { clientOf, queryOn, type Connection } from './database.ts';

const REBUILD_LOCK_CLASS = 3; // one rebuild of a projection at a time (2: scheduled tasks)
/** Projections being rebuilt by this process. */
const rebuildsHere = new Set<string>();

/**
 * Held for the whole rebuild of projection `name` (its shadow tables are shared by name): refused
 * while another rebuild of it holds it. On a server, a session lock on a connection of its own
 * (any process or session); in this process, a set of names, which is all PGlite needs (its data
 * folder is one process's, src/runtime/database.ts). On a server the lock comes first, so the test
 * of two rebuilds at once meets the lock there. Resolves to its release.
 */
export async function rebuildLock(knex: Knex, name: string, server: boolean): Promise<() => Promise<void>> {
  const refuse = (where: string) => new Error(`a rebuild of ${name} is already running (${where}); try again when it has ended`);
  const client = clientOf(knex);
  let conn: Connection | null = null;
  if (server) {
    conn = await client.acquireConnection();
    try {
      const rows = await queryOn<{ ok: boolean }>(conn, 'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REBUILD_LOCK_CLASS, name]);
      if (!rows[0].ok) throw refuse('another process or session');
    } catch (err) {
      await client.releaseConnection(conn);
      throw err;
    }
  }
  const unlock = async () => {
    if (!conn) return;
    await queryOn(conn, 'SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK_CLASS, name]).catch(() => {});
    await client.releaseConnection(conn);
  };
  if (rebuildsHere.has(name)) {
    await unlock();
    throw refuse('in this process');
  }
  rebuildsHere.add(name);
  return async () => {
    rebuildsHere.delete(name);
    await unlock();
  };
}
