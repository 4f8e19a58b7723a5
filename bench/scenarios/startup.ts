import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../../test/support/childService.ts';
import type { Scenario, ScenarioContext } from '../harness.ts';

/**
 * Start-up time: process start → GET /health/ready answers 200, on PGlite (an empty data folder,
 * then the same folder again) and on PostgreSQL, compiled (`npm start`, dist/) and from the
 * sources (tsx); against the floor of the embedded case measured in the same run: a bare process
 * that opens PGlite in an empty folder and runs the migrations, nothing else. Also: how long a
 * configuration mistake takes to say so. `rate` is starts per minute; `seconds` is the figure.
 */
interface Timing {
  ready_s: number;
  first_line_s: number;
}

const READY_BOUND_MS = 600_000;

function spawnService(entry: 'compiled' | 'sources', env: Record<string, string>) {
  const args = entry === 'compiled' ? [join(ROOT, 'dist/src/main.js')] : ['--import', 'tsx', join(ROOT, 'src/main.ts')];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the service, waits for readiness, stops it (SIGTERM) and returns the two times from the spawn. */
async function timeStart(entry: 'compiled' | 'sources', env: Record<string, string>): Promise<Timing> {
  const port = await freePort();
  const began = performance.now();
  const child = spawnService(entry, { ...env, PORT: String(port) });
  let firstLine = 0;
  let output = '';
  child.stdout!.on('data', (d) => {
    if (!firstLine) firstLine = performance.now();
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  let exited = false;
  const exit = new Promise<void>((r) =>
    child.once('exit', () => {
      exited = true;
      r();
    }),
  );
  try {
    for (;;) {
      if (exited) throw new Error(`the service exited during start-up:\n${output.slice(-2000)}`);
      if (performance.now() - began > READY_BOUND_MS)
        throw new Error(`not ready within ${READY_BOUND_MS / 1000} s:\n${output.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(30_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { ready_s: (performance.now() - began) / 1000, first_line_s: (firstLine - began) / 1000 };
  } finally {
    child.kill('SIGTERM');
    await exit;
  }
}

/** The floor: a process that opens PGlite in an empty folder and migrates it, compiled, nothing else. */
async function timeBarePglite(dataDir: string): Promise<number> {
  const began = performance.now();
  const script = `const { openDatabase } = await import(${JSON.stringify(join(ROOT, 'dist/src/runtime/database.js'))});
const { migrate } = await import(${JSON.stringify(join(ROOT, 'dist/src/runtime/migrate.js'))});
const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); await migrate(db.knex); await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`the bare PGlite boot failed: ${err.slice(-2000)}`);
  return (performance.now() - began) / 1000;
}

/** A configuration mistake (an unreachable DATABASE_URL): spawn → its one line and exit. */
async function timeMistake(entry: 'compiled' | 'sources'): Promise<number> {
  const began = performance.now();
  const child = spawnService(entry, {
    DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
    PORT: String(await freePort()),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-mistake-')),
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 1) throw new Error(`a configuration mistake exited with ${code}, not 1`);
  return (performance.now() - began) / 1000;
}

const perMinute = (seconds: number) => 60 / seconds;

export const startupScenario: Scenario = {
  id: 'startup',
  title: 'Start-up time (process start → /health/ready)',
  async run(ctx: ScenarioContext) {
    if (!existsSync(join(ROOT, 'dist/src/main.js'))) throw new Error('dist/ holds no build: run npm run build first');
    const floor = 'bare PGlite boot + migrations, empty folder (compiled)';
    const cases = {
      emptyCompiled: 'PGlite, empty data folder, compiled',
      existingCompiled: 'PGlite, existing data folder, compiled',
      existingSources: 'PGlite, existing data folder, sources (tsx)',
      postgresCompiled: 'PostgreSQL, fresh database, compiled',
      postgresSources: 'PostgreSQL, fresh database, sources (tsx)',
      mistakeCompiled: 'configuration mistake → its line and exit 1, compiled',
      mistakeSources: 'configuration mistake → its line and exit 1, sources (tsx)',
    };
    ctx.define({ name: floor, unit: 'starts/min', isBaseline: true });
    for (const name of Object.values(cases))
      ctx.define({ name, unit: 'starts/min', baseline: name.startsWith('PGlite, empty') ? floor : undefined });
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      const bareDir = mkdtempSync(join(tmpdir(), 'bench-bare-pglite-'));
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
      try {
        const bare = await timeBarePglite(join(bareDir, 'data'));
        ctx.record(floor, { rate: perMinute(bare), seconds: bare });
        const empty = await timeStart('compiled', { DATA_DIR: dataDir });
        ctx.record(cases.emptyCompiled, { rate: perMinute(empty.ready_s), seconds: empty.ready_s, first_line_s: empty.first_line_s });
        const again = await timeStart('compiled', { DATA_DIR: dataDir });
        ctx.record(cases.existingCompiled, { rate: perMinute(again.ready_s), seconds: again.ready_s, first_line_s: again.first_line_s });
        const sources = await timeStart('sources', { DATA_DIR: dataDir });
        ctx.record(cases.existingSources, {
          rate: perMinute(sources.ready_s),
          seconds: sources.ready_s,
          first_line_s: sources.first_line_s,
        });
        for (const [entry, name] of [
          ['compiled', cases.postgresCompiled],
          ['sources', cases.postgresSources],
        ] as const) {
          const db = await ctx.freshDatabase(`startup-${entry}`);
          try {
            const t = await timeStart(entry, { DATABASE_URL: db.url, DATA_DIR: dataDir });
            ctx.record(name, { rate: perMinute(t.ready_s), seconds: t.ready_s, first_line_s: t.first_line_s });
          } finally {
            await db.drop();
          }
        }
        const mc = await timeMistake('compiled');
        ctx.record(cases.mistakeCompiled, { rate: perMinute(mc), seconds: mc });
        const ms = await timeMistake('sources');
        ctx.record(cases.mistakeSources, { rate: perMinute(ms), seconds: ms });
      } finally {
        rmSync(bareDir, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    ctx.note(
      'Start-up: each case spawns the service (node dist/src/main.js as npm start runs it, or node --import tsx src/main.ts) ' +
        'and polls GET /health/ready every 50 ms; `seconds` runs from the spawn to the first 200, `first_line_s` to the first log line. ' +
        'The floor is a bare process opening PGlite in an empty folder and running the migrations (compiled). ',
    );
  },
};
