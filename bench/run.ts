import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import { machine, runScenario, table, type Scenario, type ScenarioResult } from './harness.ts';
import { commandRatios, compare, HISTORY_SCENARIOS, readHistory, withEntry, writeHistory } from './history.ts';
import { adminDashboardScenario } from './scenarios/adminDashboard.ts';
import { appendScenario } from './scenarios/append.ts';
import { concurrencyScenario } from './scenarios/concurrency.ts';
import { liveTailScenario } from './scenarios/liveTail.ts';
import { messagingFanoutScenario } from './scenarios/messagingFanout.ts';
import { orderPagesScenario } from './scenarios/orderPages.ts';
import { productLimitsScenario } from './scenarios/productLimits.ts';
import { rebuildScenario } from './scenarios/rebuild.ts';
import { httpCommandScenario } from './scenarios/httpCommand.ts';
import { httpListScenario } from './scenarios/httpList.ts';
import { shopCatalogueScenario } from './scenarios/shopCatalogue.ts';
import { shopCommandsScenario } from './scenarios/shopCommands.ts';
import { startupScenario } from './scenarios/startup.ts';

/**
 * `npm run bench`: every scenario against fresh databases on the local PostgreSQL
 * server, each with its same-run baseline, BENCH_REPS (default 3) repetitions; prints a table and
 * writes bench/results/<timestamp>.json.
 *
 *   npm run bench                      every scenario
 *   npm run bench -- append live-tail  only these (by id)
 *   BENCH_QUICK=1 npm run bench        small sizes, short runs: checks the bench itself
 *   BENCH_DATABASE_URL=postgres://…    another server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run bench -- --check           the command scenarios at 32 connections, compared with bench/history.json
 *   npm run bench -- --record          the same, and the run added to bench/history.json and bench/history.md
 */
const HERE = dirname(fileURLToPath(import.meta.url));

const scenarios: Scenario[] = [
  appendScenario,
  concurrencyScenario,
  liveTailScenario,
  rebuildScenario,
  httpCommandScenario,
  httpListScenario,
  shopCatalogueScenario,
  shopCommandsScenario,
  messagingFanoutScenario,
  adminDashboardScenario,
  startupScenario,
  productLimitsScenario,
  orderPagesScenario,
];

/**
 * Scenario 7, the marketplace CSV import, belongs to the catalogue area: when
 * bench/catalogueImport.ts exists it runs too. If it exports a Scenario (bench/harness.ts) as
 * `scenario` or as its default export, that is run like the others; otherwise it is a script
 * that prints its result as JSON (rows_per_second, peak_rss_mb…), and it is run as a child
 * process once per repetition (BENCH_IMPORT_ROWS rows, default 100,000).
 */
async function optionalScenarios(): Promise<Scenario[]> {
  const file = join(HERE, 'catalogueImport.ts');
  if (!existsSync(file)) return [];
  if (/export (const scenario|default)/.test(readFileSync(file, 'utf8'))) {
    const mod = await import(pathToFileURL(file).href);
    const found = [mod.scenario, mod.default].find((v: any) => v && typeof v.id === 'string' && typeof v.run === 'function') as
      Scenario | undefined;
    if (!found) throw new Error('bench/catalogueImport.ts exports something that is not a Scenario (see bench/harness.ts)');
    return [found];
  }
  return [scriptScenario(file)];
}

function scriptScenario(file: string): Scenario {
  return {
    id: 'catalogue-import',
    title: '7. Marketplace CSV import',
    async run(ctx) {
      const rows = Number(process.env.BENCH_IMPORT_ROWS ?? ctx.size(100_000, 5_000));
      const name = `import of ${rows.toLocaleString('en-US')} rows, job started → products readable`;
      ctx.define({ name, unit: 'rows/s' });
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const { stdout, code } = await runScript(file, { DATABASE_URL: ctx.serverUrl, ROWS: String(rows) });
        // The script prints its result as indented JSON: from the last line "{" to the last "}".
        const lines = stdout.split('\n');
        const from = lines.lastIndexOf('{');
        const to = lines.lastIndexOf('}');
        const result = from >= 0 && to > from ? JSON.parse(lines.slice(from, to + 1).join('\n')) : null;
        if (!result || code !== 0) throw new Error(`bench/catalogueImport.ts exited ${code}: ${stdout.slice(-2000)}`);
        ctx.record(name, { rate: result.rows_per_second, peak_rss_mb: result.peak_rss_mb, seconds: result.seconds });
      }
      ctx.note(
        "Catalogue import: bench/catalogueImport.ts (the catalogue area's script) run as a child process on a fresh database of the same server; " +
          "peak RSS is the whole service process's. The issue's memory bound is for 1,000,000 rows: BENCH_IMPORT_ROWS=1000000 npm run bench -- catalogue-import.",
      );
    },
  };
}

function runScript(file: string, env: Record<string, string>): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: join(HERE, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ stdout, code }));
  });
}

/** The commit measured: the short id, with `+changes` when the work tree differs from it. */
function currentCommit(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty=+changes', '--abbrev=7'], {
      cwd: join(HERE, '..'),
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

function historyStep(
  results: ScenarioResult[],
  run: { check: boolean; record: boolean; started: Date; file: string; load: [number, number] },
  log: (t: string) => void,
) {
  const ratios = commandRatios(results);
  const history = readHistory();
  const previous = history.at(-1);
  if (run.check) {
    if (!previous) {
      log('bench check: bench/history.json has no row yet to compare with');
    } else {
      log(`\nbench check against ${previous.commit} (${previous.started.slice(0, 16)} UTC):`);
      const found = compare(previous, ratios);
      for (const c of found) {
        log(
          `  ${c.scenario.padEnd(18)} ${(c.previous.median * 100).toFixed(1)} % → ${(c.current.median * 100).toFixed(1)} %: ` +
            `${c.loss >= 0 ? `lost ${(c.loss * 100).toFixed(0)} %` : `gained ${(-c.loss * 100).toFixed(0)} %`}, noise ${(c.noise * 100).toFixed(0)} %` +
            (c.regressed ? '  REGRESSED' : ''),
        );
      }
      const regressed = found.filter((c) => c.regressed);
      if (regressed.length > 0) {
        log(`regressed: ${regressed.map((c) => c.scenario).join(', ')}`);
        process.exitCode = 1;
      } else {
        log('no scenario lost more than 20 % beyond its noise');
      }
    }
  }
  if (run.record) {
    writeHistory(
      withEntry(history, { commit: currentCommit(), started: run.started.toISOString(), results: run.file, load: run.load, ratios }),
    );
    log('recorded in bench/history.json and bench/history.md');
  }
}

async function postgresVersion(url: string): Promise<string> {
  const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const { rows } = await k.raw('SHOW server_version');
    const settings = await k.raw(`SELECT name, setting FROM pg_settings
      WHERE name IN ('shared_buffers', 'synchronous_commit', 'max_connections', 'fsync')`);
    return `PostgreSQL ${rows[0].server_version} (${settings.rows.map((r: any) => `${r.name}=${r.setting}`).join(', ')})`;
  } finally {
    await k.destroy();
  }
}

export const HELP = `npm run bench [-- <scenario id>…]
  Runs the benchmarks (docs/performance.md) against fresh databases on a PostgreSQL server, each
  scenario with its baseline measured in the same run; prints a table and writes
  bench/results/<timestamp>.json. Takes from minutes (BENCH_QUICK=1) to hours (every scenario).
  An interrupted run (Ctrl-C) drops the databases it created.
  Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
  BENCH_REPS (default 3), BENCH_QUICK=1 (small sizes), BENCH_KEEP_DB=1 (keep the databases),
  BENCH_CONNECTIONS (the HTTP command scenarios' connection levels, default 1,8,32).
  --check   runs the command scenarios (http-command, shop-commands) at 32 connections unless
            scenarios are named, and compares their ratios to the bare route with the newest row
            of bench/history.json: exit code 1 naming each scenario that lost more than 20 %
            beyond the noise of its repetitions.
  --record  the same run, added to bench/history.json and bench/history.md (the last ten commits).
  Scenarios:`;

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    const all = [...scenarios, ...(await optionalScenarios())];
    console.log(`${HELP}\n${all.map((s) => `    ${s.id.padEnd(20)} ${s.title}`).join('\n')}`);
    return;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const repetitions = Math.max(1, Number(process.env.BENCH_REPS ?? 3));
  const quick = process.env.BENCH_QUICK === '1';
  const check = process.argv.includes('--check');
  const record = process.argv.includes('--record');
  let only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if ((check || record) && only.length === 0) {
    only = [...new Set(HISTORY_SCENARIOS.map((h) => h.scenario))];
    process.env.BENCH_CONNECTIONS ??= '32';
  }
  const all = [...scenarios, ...(await optionalScenarios())];
  const unknown = only.filter((id) => !all.some((s) => s.id === id));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${all.map((s) => s.id).join(', ')}`);
  const selected = only.length > 0 ? all.filter((s) => only.includes(s.id)) : all;

  const env = { ...machine(), postgres: await postgresVersion(serverUrl) };
  const started = new Date();
  const log = (text: string) => process.stdout.write(`${text}\n`);
  log(`bench: ${selected.map((s) => s.id).join(', ')}; ${repetitions} repetitions${quick ? ' (quick)' : ''}`);
  log(`machine: ${env.cpus} × ${env.cpu_model}, ${env.memory_gb} GB, node ${env.node}, ${env.postgres}`);

  const loadAtStart = loadavg()[0];
  log(
    `load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const results: ScenarioResult[] = [];
  for (const scenario of selected) {
    log(`\n${scenario.title} (${scenario.id})`);
    const result = await runScenario(scenario, { serverUrl, repetitions, quick, log });
    log(`  ${result.seconds.toFixed(0)} s`);
    results.push(result);
  }

  const loadAtEnd = loadavg()[0];
  log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const rendered = table(results);
  const notes = results.flatMap((r) => r.notes);
  log(`\n${rendered}\n`);
  for (const n of notes) log(`- ${n}`);
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const dir = join(HERE, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        started: started.toISOString(),
        command: `npm run bench${only.length ? ` -- ${only.join(' ')}` : ''}`,
        commit: currentCommit(),
        load: [loadAtStart, loadAtEnd],
        repetitions,
        quick,
        machine: env,
        table: rendered,
        notes,
        results,
      },
      null,
      2,
    )}\n`,
  );
  log(`\nwritten ${file}`);
  if (check || record)
    historyStep(results, { check, record, started, file: `bench/results/${stamp}.json`, load: [loadAtStart, loadAtEnd] }, log);
  const failed = results.filter((r) => r.error);
  if (failed.length > 0) {
    log(`failed scenarios: ${failed.map((r) => r.id).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
