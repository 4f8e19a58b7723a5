/**
 * Marketplace CSV import at volume (issue 4): generates an N-row product CSV on disk, serves it
 * from a local HTTP server, starts an import job through the admin API of the real service, and
 * measures until the job is completed AND the catalogue projection has published every product
 * (GET /admin/products answers the total). Reports rows/s and the peak RSS of the process.
 *
 *   npx tsx bench/catalogueImport.ts                   100,000 rows, embedded PGlite (in memory)
 *   ROWS=1000000 npx tsx bench/catalogueImport.ts      a million rows
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/catalogueImport.ts
 *                                                     on a PostgreSQL server (a fresh database)
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadConfig } from '../src/config.ts';
import { consumers } from '../src/modules/index.ts';
import { createApp } from '../src/http/app.ts';
import { createLogger } from '../src/runtime/logger.ts';
import { createServices } from '../src/runtime/services.ts';
import { openDatabase } from '../src/runtime/database.ts';
import { createUser } from '../commands/users/handlers.ts';
import { startWorkers } from '../src/workers/index.ts';
import { freshPostgresDatabase } from '../test/support/database.ts';
import { csv, goodRow, HEADER } from '../test/support/catalogueFiles.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const dir = join(tmpdir(), `catalogue-bench-${process.pid}`);
await mkdir(dir, { recursive: true });

// 1. The file, written as a stream (a million rows never sit in memory).
const file = join(dir, 'products.csv');
const base = 10_000 + Math.floor(Math.random() * 89_999);
const out = createWriteStream(file);
out.write(csv([HEADER]));
for (let i = 1; i <= ROWS; i++) {
  if (!out.write(csv([goodRow({ base, count: ROWS, marketplace: 'BenchMarket' }, i)]))) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
const bytes = (await stat(file)).size;

// 2. The service, as src/main.ts builds it, on PGlite in memory or a fresh PostgreSQL database.
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const server = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL) : null;
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789', DATA_DIR: dir, PROJECTION_WAIT_MS: '10000' });
const db = await openDatabase(server ? { url: server.url, poolMax: 10 } : {});
const services = await createServices(config, createLogger('warn'), { consumers, db });
const admin = { email: 'bench@platform.test', username: 'bench', password: 'bench-password-123' };
await services.settle((await createUser({ store: services.store, db: services.db.knex }, { ...admin, role: 'admin' }, { userId: 'system:bench', correlationId: 'bench' })).done);
const workers = startWorkers(services);
const http = createApp(services).listen(0, '127.0.0.1');
await once(http, 'listening');
const api = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/v1/admin`;
const files = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/csv', 'content-length': bytes }); createReadStream(file).pipe(res); });
files.listen(0, '127.0.0.1');
await once(files, 'listening');

async function call(method: string, path: string, token?: string, body?: unknown, retries = 3): Promise<any> {
  // A poll may meet a keep-alive socket the server is closing: a client retries an idempotent GET.
  if (method === 'GET' && retries > 0) {
    try { return await call(method, path, token, body, 0); } catch (err) {
      if ((err as any)?.cause?.code !== 'ECONNRESET') throw err;
      return call(method, path, token, body, retries - 1);
    }
  }
  const res = await fetch(api + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const json: any = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const { access_token: token } = await call('POST', '/auth/login', undefined, { email_or_username: admin.email, password: admin.password });
const company = await call('POST', '/companies', token, { name: 'Bench Company', owner_email: 'owner@bench.test' });
const vendor = await call('POST', '/vendors', token, { company_id: company.id, vendor_code: 'BENCH', name: 'Bench Shop' });

// 3. The import, end to end: accepted → completed → every product readable.
const rssBefore = process.memoryUsage().rss;
const started = Date.now();
if (process.env.BENCH_TRACE) console.error('import starts at', Math.round(performance.now()));
const job = await call('POST', '/marketplace-import-jobs', token, { vendor_id: vendor.id, language: 'en', source_url: `http://127.0.0.1:${(files.address() as AddressInfo).port}/products.csv` });
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

const result = {
  scenario: 'catalogueImport', rows: ROWS, file_mb: Math.round(bytes / 1024 / 1024 * 10) / 10, database: services.db.kind,
  status: status.status, error: status.error_message, imported: status.imported_count, products_readable: products.total,
  seconds: Math.round(seconds * 100) / 100, job_seconds: (jobDone - started) / 1000, rows_per_second: Math.round(ROWS / seconds),
  peak_rss_mb: Math.round(peak / 1024 / 1024), rss_before_import_mb: Math.round(rssBefore / 1024 / 1024),
  batch_rows: Number(process.env.MARKETPLACE_IMPORT_BATCH_ROWS ?? 1000), node: process.version, at: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
await mkdir('bench/results', { recursive: true });
await writeFile(`bench/results/catalogueImport-${services.db.kind}-${ROWS}.json`, JSON.stringify(result, null, 2));

files.close();
http.close();
await workers.stop();
await services.close();
await db.close();
await server?.drop();
await rm(dir, { recursive: true, force: true });
process.exit(status.status === 'completed' && products.total === ROWS ? 0 : 1);
