/**
 * Marketplace CSV import at volume: generates an N-row product CSV on disk, serves it
 * from a local HTTP server, starts an import job through the admin API of the real service, and
 * measures until the job is completed AND the catalogue projection has published every product
 * (GET /admin/products answers the total). Reports lines/s and the peak RSS of the process.
 *
 *   npx tsx bench/catalogueImport.ts                   100,000 rows, embedded PGlite (in memory)
 *   ROWS=1000000 npx tsx bench/catalogueImport.ts      a million rows
 *   BROKEN_PERCENT=1 npx tsx bench/catalogueImport.ts  1 % of the lines are broken CSV (parse_error)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/catalogueImport.ts
 *                                                     on a PostgreSQL server (a fresh database)
 *
 * As scenario 7 of `npm run bench -- catalogue-import` (bench/run.ts picks up `scenario`), each
 * repetition imports the clean file and then the same file with 1 % broken lines, each in a child
 * process of its own on a fresh database of the bench's server; the broken file's lines/s and
 * peak RSS are reported as ratios against the clean file of the same repetition (target: within
 * 10 %). BENCH_IMPORT_ROWS sets the size (default 100,000).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, realpathSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './harness.ts';
import { csv, goodRow, HEADER } from '../test/support/catalogueFiles.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Data line `i` of the bench file: a good product, or (every `every`-th line) a broken one. */
function line(base: number, rows: number, i: number, every: number): string {
  const row = goodRow({ base, count: rows, marketplace: 'BenchMarket' }, i);
  if (every === 0 || i % every !== Math.floor(every / 2)) return csv([row]);
  // Three kinds of broken line, in turn: a quote that is not doubled inside a quoted title, text
  // after a closing quote, and a quoted title that never closes (the next quote, in the
  // description, is then followed by text).
  const cells = csv([row]).slice(0, -1).split(',');
  const kind = Math.floor(i / every) % 3;
  cells[2] = kind === 0 ? `"${row[2]} with a 12" blade"` : kind === 1 ? `"${row[2]}" Pro` : `"${row[2]}`;
  return `${cells.join(',')}\n`;
}

export interface ImportResult {
  scenario: string;
  rows: number;
  broken_lines: number;
  file_mb: number;
  database: string;
  status: string;
  error: string | null;
  imported: number;
  errors: number;
  parse_errors: number;
  products_readable: number;
  seconds: number;
  job_seconds: number;
  rows_per_second: number;
  peak_rss_mb: number;
  rss_before_import_mb: number;
  batch_rows: number;
  node: string;
  at: string;
}

/** One import end to end in this process; `ok` when every good line is a product and every broken one a parse_error. */
async function runImport(
  rows: number,
  brokenPercent: number,
  databaseUrl: string | undefined,
): Promise<{ result: ImportResult; ok: boolean }> {
  const { loadConfig } = await import('../src/config.ts');
  const { consumers } = await import('../src/modules/index.ts');
  const { createApp } = await import('../src/http/app.ts');
  const { createLogger } = await import('../src/runtime/logger.ts');
  const { createServices } = await import('../src/runtime/services.ts');
  const { openDatabase } = await import('../src/runtime/database.ts');
  const { createUser } = await import('../commands/users/handlers.ts');
  const { startWorkers } = await import('../src/workers/index.ts');
  const { freshPostgresDatabase } = await import('../test/support/database.ts');

  const dir = join(tmpdir(), `catalogue-bench-${process.pid}`);
  await mkdir(dir, { recursive: true });

  // 1. The file, written as a stream (a million rows never sit in memory).
  const every = brokenPercent > 0 ? Math.round(100 / brokenPercent) : 0;
  const file = join(dir, 'products.csv');
  const base = 10_000 + Math.floor(Math.random() * 89_999);
  const out = createWriteStream(file);
  out.write(csv([HEADER]));
  let broken = 0;
  for (let i = 1; i <= rows; i++) {
    const text = line(base, rows, i, every);
    if (every > 0 && i % every === Math.floor(every / 2)) broken++;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const bytes = (await stat(file)).size;

  // 2. The service, as src/main.ts builds it, on PGlite in memory or a fresh PostgreSQL database.
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const server = databaseUrl ? await freshPostgresDatabase(databaseUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: dir,
    PROJECTION_WAIT_MS: '10000',
  });
  const db = await openDatabase(server ? { url: server.url, poolMax: 10 } : {});
  const services = await createServices(config, createLogger('warn'), { consumers, db });
  const admin = { email: 'bench@platform.test', username: 'bench', password: 'bench-password-123' };
  await services.settle(
    (
      await createUser(
        { store: services.store, db: services.db.knex, clock: services.clock },
        { ...admin, role: 'admin' },
        { userId: 'system:bench', correlationId: 'bench' },
      )
    ).done,
  );
  const workers = startWorkers(services);
  const http = createApp(services).listen(0, '127.0.0.1');
  await once(http, 'listening');
  const api = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/v1/admin`;
  const files = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': bytes });
    createReadStream(file).pipe(res);
  });
  files.listen(0, '127.0.0.1');
  await once(files, 'listening');

  async function call(method: string, path: string, token?: string, body?: unknown, retries = 3): Promise<any> {
    // A poll may meet a keep-alive socket the server is closing: a client retries an idempotent GET.
    if (method === 'GET' && retries > 0) {
      try {
        return await call(method, path, token, body, 0);
      } catch (err) {
        if ((err as any)?.cause?.code !== 'ECONNRESET') throw err;
        return call(method, path, token, body, retries - 1);
      }
    }
    const res = await fetch(api + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json: any = await res.json();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  const { access_token: token } = await call('POST', '/auth/login', undefined, {
    email_or_username: admin.email,
    password: admin.password,
  });
  const company = await call('POST', '/companies', token, { name: 'Bench Company', owner_email: 'owner@bench.test' });
  const vendor = await call('POST', '/vendors', token, { company_id: company.id, vendor_code: 'BENCH', name: 'Bench Shop' });

  // 3. The import, end to end: accepted → completed → every product readable.
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  if (process.env.BENCH_TRACE) console.error('import starts at', Math.round(performance.now()));
  const job = await call('POST', '/marketplace-import-jobs', token, {
    vendor_id: vendor.id,
    language: 'en',
    source_url: `http://127.0.0.1:${(files.address() as AddressInfo).port}/products.csv`,
  });
  let status: any;
  for (;;) {
    status = await call('GET', `/marketplace-import-jobs/${job.id}`, token);
    if (status.status === 'completed' || status.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const jobDone = Date.now();
  const products = await call('GET', '/products?marketplace=BenchMarket&limit=1', token);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const parseErrors = status.error_details?.errors_by_type?.parse_error ?? 0;

  const result: ImportResult = {
    scenario: 'catalogueImport',
    rows,
    broken_lines: broken,
    file_mb: Math.round((bytes / 1024 / 1024) * 10) / 10,
    database: services.db.kind,
    status: status.status,
    error: status.error_message,
    imported: status.imported_count,
    errors: status.error_count,
    parse_errors: parseErrors,
    products_readable: products.total,
    seconds: Math.round(seconds * 100) / 100,
    job_seconds: (jobDone - started) / 1000,
    // Every data line read counts, imported or reported.
    rows_per_second: Math.round(rows / seconds),
    peak_rss_mb: Math.round(peak / 1024 / 1024),
    rss_before_import_mb: Math.round(rssBefore / 1024 / 1024),
    batch_rows: Number(process.env.MARKETPLACE_IMPORT_BATCH_ROWS ?? 1000),
    node: process.version,
    at: new Date().toISOString(),
  };

  files.close();
  http.close();
  await workers.stop();
  await services.close();
  await db.close();
  await server?.drop();
  await rm(dir, { recursive: true, force: true });
  const ok =
    status.status === 'completed' &&
    products.total === rows - broken &&
    status.imported_count === rows - broken &&
    status.error_count === broken &&
    parseErrors === broken;
  return { result, ok };
}

/** Runs this file as a child process (one import per process: its peak RSS is that import's). */
function child(env: Record<string, string>): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const file = join(HERE, 'catalogueImport.ts');
    const proc = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: join(HERE, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    proc.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    proc.once('error', reject);
    proc.once('exit', (code) => {
      // The script prints its result as indented JSON: from the last line "{" to the last "}".
      const lines = stdout.split('\n');
      const from = lines.lastIndexOf('{');
      const to = lines.lastIndexOf('}');
      const result = from >= 0 && to > from ? JSON.parse(lines.slice(from, to + 1).join('\n')) : null;
      if (!result || code !== 0) reject(new Error(`bench/catalogueImport.ts exited ${code}: ${stdout.slice(-2000)}`));
      else resolve(result);
    });
  });
}

export const scenario: Scenario = {
  id: 'catalogue-import',
  title: '7. Marketplace CSV import',
  async run(ctx) {
    const rows = Number(process.env.BENCH_IMPORT_ROWS ?? ctx.size(100_000, 5_000));
    const n = rows.toLocaleString('en-US');
    const clean = `import of ${n} lines, clean file, job started → products readable`;
    const broken = `import of ${n} lines, 1 % broken (parse_error), vs the clean file`;
    ctx.define({ name: clean, unit: 'lines/s', isBaseline: true });
    ctx.define({
      name: broken,
      unit: 'lines/s',
      baseline: clean,
      targets: [
        { label: 'lines/s ≥ 90 % of the clean file', metric: 'ratio', min: 0.9 },
        { label: 'peak RSS ≤ 110 % of the clean file', metric: 'rss_ratio', max: 1.1 },
      ],
    });
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      const a = await child({ DATABASE_URL: ctx.serverUrl, ROWS: String(rows), BROKEN_PERCENT: '0' });
      ctx.record(clean, { rate: a.rows_per_second, peak_rss_mb: a.peak_rss_mb, seconds: a.seconds });
      const b = await child({ DATABASE_URL: ctx.serverUrl, ROWS: String(rows), BROKEN_PERCENT: '1' });
      ctx.record(broken, {
        rate: b.rows_per_second,
        peak_rss_mb: b.peak_rss_mb,
        seconds: b.seconds,
        parse_errors: b.parse_errors,
        rss_ratio: Math.round((b.peak_rss_mb / a.peak_rss_mb) * 1000) / 1000,
      });
    }
    ctx.note(
      'Catalogue import: bench/catalogueImport.ts, one child process per import on a fresh database of the same server, the clean file then ' +
        'the same file with 1 % broken lines (undoubled quote, text after a closing quote, unclosed quote, in turn) in each repetition; lines/s counts ' +
        "every data line (imported or reported); peak RSS is the whole service process's. BENCH_IMPORT_ROWS=1000000 for the million-row memory bound.",
    );
  },
};

const isMain = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (isMain) {
  const rows = Number(process.env.ROWS ?? 100_000);
  const brokenPercent = Number(process.env.BROKEN_PERCENT ?? 0);
  const { result, ok } = await runImport(rows, brokenPercent, process.env.DATABASE_URL);
  console.log(JSON.stringify(result, null, 2));
  await mkdir('bench/results', { recursive: true });
  await writeFile(
    `bench/results/catalogueImport-${result.database}-${rows}${brokenPercent > 0 ? `-broken${brokenPercent}` : ''}.json`,
    JSON.stringify(result, null, 2),
  );
  process.exit(ok ? 0 : 1);
}
