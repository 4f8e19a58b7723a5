import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { NewEvent } from '../../src/eventstore/port.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { APPEND_SQL } from '../../src/eventstore/postgresAppend.ts';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';

export const silent = pino({ level: 'silent' });

/** The real stack as the service builds it: knex pool, migrations, the PostgreSQL adapter listening. */
export async function openStore(url: string, poolMax = 10): Promise<{ db: Database; store: PostgresEventStore; close(): Promise<void> }> {
  const db = await openDatabase({ url, poolMax });
  await migrate(db.knex);
  const store = new PostgresEventStore(db);
  await store.listen(url);
  return {
    db,
    store,
    close: async () => {
      await store.close();
      await db.close();
    },
  };
}

/** A bare node-postgres pool of the same size, for the baselines. */
export function barePool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

/** An event shaped like the service's: a few business fields and the command context's metadata. */
export function sampleEvent(type: string, i: number): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { order_id: i, item_id: i * 7 + 1, sku: `SKU-${i % 9973}`, quantity: 1 + (i % 5), at: new Date().toISOString() },
    metadata: { vendor_id: 1 + (i % 50), user_id: 1, correlation_id: randomUUID(), causation_id: undefined },
  };
}

/**
 * The baseline's table and statement: a copy of `events` (same columns, constraints and indexes)
 * and the adapter's very append statement pointed at it, so the bare node-postgres side differs
 * from the adapter only by the adapter's own code.
 */
async function createBaselineEvents(pool: pg.Pool): Promise<string> {
  await pool.query('CREATE TABLE baseline_events (LIKE events INCLUDING ALL)');
  return APPEND_SQL.replace(/INTO events\b/, 'INTO baseline_events').replace(/FROM events\b/, 'FROM baseline_events');
}

/** Both sides of a comparison of the adapter with bare node-postgres, and what measures them. */
export interface Comparison {
  db: Database;
  store: PostgresEventStore;
  /** The bare side's pool, of the same size as the adapter's. */
  pool: pg.Pool;
  /** The adapter's append statement pointed at the baseline's table (createBaselineEvents). */
  baseSql: string;
  meter: CpuMeter;
  close(): Promise<void>;
}

/** The setup of the append and concurrency scenarios: the real stack, a bare pool, the baseline's table, a CPU meter. */
export async function openComparison(url: string, poolMax = 10): Promise<Comparison> {
  const { db, store, close } = await openStore(url, poolMax);
  const pool = barePool(url, poolMax);
  const closeBoth = async () => {
    await pool.end();
    await close();
  };
  try {
    return { db, store, pool, baseSql: await createBaselineEvents(pool), meter: new CpuMeter(pool), close: closeBoth };
  } catch (err) {
    await closeBoth();
    throw err;
  }
}

/**
 * CPU time spent per operation on each side of a comparison: by this process (the benchmark's
 * client side: pg driver, pools, the adapter's own code) from process.cpuUsage(), and by the
 * server's backends connected to the bench database from /proc/<pid>/schedstat, which is only
 * readable when the server runs on this machine (otherwise `server_cpu_us` is left out). On a
 * machine whose cores the client and the server share, these say where an operation's time
 * goes better than a rate that other people's load moves.
 */
export class CpuMeter {
  private pids: number[] = [];
  private readable = true;

  constructor(private readonly pool: pg.Pool) {}

  /** Finds the backends of the bench database again (pools open connections as they need them). */
  async refresh(): Promise<void> {
    if (!this.readable) return;
    const { rows } = await this.pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    this.pids = rows.map((r) => Number(r.pid));
  }

  /** Starts a measurement; the function returned ends it: client and server CPU in µs. */
  start(): () => { client: number; server: number | null } {
    const client = process.cpuUsage();
    const server = this.serverNs();
    return () => {
      const c = process.cpuUsage(client);
      const s = this.serverNs();
      return { client: c.user + c.system, server: s === null || server === null ? null : (s - server) / 1000 };
    };
  }

  private serverNs(): number | null {
    if (!this.readable) return null;
    let total = 0,
      read = 0;
    for (const pid of this.pids) {
      try {
        total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
        read++;
      } catch {
        /* a backend that ended, or a server elsewhere */
      }
    }
    if (this.pids.length > 0 && read === 0) this.readable = false;
    return this.readable ? total : null;
  }
}

/** Accumulates CpuMeter readings of one side and reports them per operation. */
export class CpuTotals {
  private client = 0;
  private server: number | null = 0;

  add(r: { client: number; server: number | null }): void {
    this.client += r.client;
    this.server = this.server === null || r.server === null ? null : this.server + r.server;
  }

  perOp(ops: number): { client_cpu_us: number; server_cpu_us?: number } {
    return { client_cpu_us: this.client / ops, ...(this.server === null ? {} : { server_cpu_us: this.server / ops }) };
  }
}

/** True when the pgbench client is installed. */
export function pgbenchAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('pgbench', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * The append baseline through pgbench, PostgreSQL's own C client, for reference: `clients`
 * clients for `seconds` s, each on its own 50 streams in turn with the exact expected version,
 * the adapter's INSERT … SELECT FROM unnest … WHERE <expected version exists> into `table` (the
 * arrays are built in SQL; a data and a metadata object of the sample event's size). Returns
 * appends/s, or null when pgbench is not installed.
 */
export async function pgbenchAppend(url: string, table: string, clients: number, seconds: number, tag: string): Promise<number | null> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  const script = join(dir, 'append.sql');
  const stream = `:tag || '-' || :client_id || '-' || :k`;
  const data = JSON.stringify(sampleEvent('BenchAppended', 1).data);
  const meta = JSON.stringify(sampleEvent('BenchAppended', 1).metadata);
  writeFileSync(
    script,
    [
      '\\set k :n % 50',
      '\\set e :n / 50',
      '\\set n :n + 1',
      `INSERT INTO ${table} (event_id, stream_id, version, type, data, metadata) SELECT u.id, ${stream}, :e + u.ord, u.type, u.data, u.meta ` +
        `FROM unnest(ARRAY[gen_random_uuid()], ARRAY['BenchAppended'], ARRAY['${data}'::jsonb], ARRAY['${meta}'::jsonb]) WITH ORDINALITY AS u(id, type, data, meta, ord) ` +
        `WHERE :e = 0 OR EXISTS (SELECT 1 FROM ${table} WHERE stream_id = ${stream} AND version = :e) ` +
        'ON CONFLICT (event_id) DO NOTHING RETURNING version, tx_id::text AS tx, position::text AS pos;',
      '',
    ].join('\n'),
  );
  try {
    const out = await new Promise<string | null>((resolve, reject) => {
      const child = spawn(
        'pgbench',
        [
          '-n',
          '-M',
          'prepared',
          '-c',
          String(clients),
          '-j',
          String(Math.min(clients, cpus().length)),
          '-T',
          String(seconds),
          '-D',
          'n=0',
          '-D',
          `tag=${tag}`,
          '-f',
          script,
          url,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      let missing = false;
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.stderr.on('data', (d) => {
        text += d;
      });
      child.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') missing = true;
        else reject(err);
      });
      child.on('close', (code) => {
        if (missing) resolve(null);
        else if (code !== 0) reject(new Error(`pgbench exited ${code}: ${text.slice(-1000)}`));
        else resolve(text);
      });
    });
    if (out === null) return null;
    const m = /tps = ([\d.]+)/.exec(out);
    if (!m) throw new Error(`pgbench printed no rate: ${out.slice(-1000)}`);
    return Number(m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
