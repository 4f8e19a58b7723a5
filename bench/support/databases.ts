import knexFactory from 'knex';

/**
 * The bench's databases on the PostgreSQL server it measures (bench/harness.ts): one fresh
 * database per scenario (and per baseline that needs its own), dropped at the end unless
 * BENCH_KEEP_DB=1, and a quiet disk before each scenario.
 */

/** Runs `fn` on a one-connection pool to the server's maintenance database. */
async function onServer<T>(serverUrl: string, fn: (admin: ReturnType<typeof knexFactory>) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/** The databases this run created and has not dropped yet: an interrupted run drops them on its way out. */
const live = new Map<string, () => Promise<void>>();
let dropOnInterrupt = false;

export async function createDatabase(serverUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `commerce_bench_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${Date.now()}_${process.pid}`;
  await onServer(serverUrl, (admin) => admin.raw(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    live.delete(name);
    if (process.env.BENCH_KEEP_DB === '1') return;
    await onServer(serverUrl, (admin) => admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}));
  };
  live.set(name, drop);
  if (!dropOnInterrupt) {
    dropOnInterrupt = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void interrupted(signal));
  }
  return { url: url.toString(), drop };
}

/** Ctrl-C or a kill: the services the scenarios started get the signal too; their databases are dropped here. */
async function interrupted(signal: NodeJS.Signals): Promise<void> {
  const names = [...live.keys()];
  process.stderr.write(
    `\nbench interrupted (${signal}): dropping ${names.length} database(s)${names.length ? `: ${names.join(', ')}` : ''}\n`,
  );
  await Promise.all([...live.values()].map((drop) => drop()));
  process.exit(130);
}

/**
 * A CHECKPOINT before each scenario: the rebuild scenario alone writes gigabytes of WAL, and the
 * checkpoints that WAL sets off spread their writes over the minutes after it, into the next
 * scenario, whose every commit then shares the disk with them. Each scenario still runs its
 * baseline next to its own cases; this only keeps one scenario's I/O out of the next one's
 * figures. Needs a superuser (or pg_checkpoint): without one the scenario runs anyway, and the
 * log says so.
 */
export async function quietDisk(serverUrl: string, log: (text: string) => void): Promise<void> {
  await onServer(serverUrl, (admin) => admin.raw('CHECKPOINT')).catch((err) => {
    log(`  (no CHECKPOINT before the scenario: ${(err as Error).message})`);
  });
}
