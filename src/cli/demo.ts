import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { ADMIN_EMAIL } from '../demo/data.ts';
import { loadDemo, type DemoLoaded } from '../demo/load.ts';
import { startDemoMarketplace } from '../demo/marketplace.ts';
import { createLogger } from '../runtime/logger.ts';
import { openDatabase, sql } from '../runtime/database.ts';
import { startService } from '../service.ts';
import { fail, helpWanted } from './context.ts';

/**
 * npm run demo [-- --load-only]
 * Loads the demo platform (docs/demo.md) into an empty database, then starts the service on it
 * and prints where to go. The data is made through the service's own API on a private port
 * first, so every record has its history; a database that holds anything is refused.
 */
const HELP = `npm run demo [-- --load-only]
  Loads a demo platform into an EMPTY database (DATA_DIR, or DATABASE_URL): an admin, a company
  with two shops (one on the path form, one on a subdomain), 50 products in English, French and
  German with pictures, stock, content pages, customers and their orders, an order from a local
  external marketplace waiting for confirmation, a conversation and a notification. Then starts the service and prints the links and the sign-ins (passwords are
  drawn at random; ADMIN_EMAIL / ADMIN_PASSWORD choose the admin's).
  --load-only   load, print, and exit without starting the service (npm start serves it later)`;
helpWanted(HELP);
const loadOnly = process.argv.includes('--load-only');

const started = Date.now();
let config = loadConfig();
const held = await heldData().catch((err: Error) => fail(`could not open the database: ${err.message}`));
// A refusal is one line: what is being loaded is told only once the database is known to be empty.
if (held)
  fail(
    `The demo loads into an empty database only, and this one holds ${held}. Give it another one: DATA_DIR=./demo-data npm run demo (or an empty DATABASE_URL).`,
  );
console.log('Loading the demo platform (a minute or so)…');

// The demo's admin is the service's first admin (the start-up creates it, as with ADMIN_EMAIL).
const admin = {
  email: config.admin?.email ?? ADMIN_EMAIL,
  password: config.admin?.password ?? `admin-${randomBytes(6).toString('base64url')}`,
};
config = { ...config, admin: { ...admin, username: config.admin?.username ?? 'admin' } };
let loaded: DemoLoaded;
// The service on a private port of this machine, its connections kept while the loader waits between calls.
const server = createServer();
server.keepAliveTimeout = 120_000;
// On a busy machine one call can take minutes (a first password hash, a cold catalogue): never cut one.
server.requestTimeout = 0;
let handler: RequestListener = (_req, res) => {
  res.writeHead(503).end();
};
server.on('request', (req, res) => handler(req, res));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
// The external marketplace the first shop sells on, local to this command: it lives while the command runs.
const marketplace = await startDemoMarketplace();
try {
  const running = await startService(config, createLogger(process.env.LOG_LEVEL ?? 'warn'), {
    server,
    serve(next) {
      handler = next;
    },
  });
  try {
    loaded = await loadDemo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, admin, marketplace);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await running.stop();
  }
} catch (err) {
  fail(
    `The demo could not be loaded: ${(err as Error).message}. What was loaded stays: remove ${config.databaseUrl ? 'the database' : config.dataDir} and run it again.`,
  );
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);

if (loadOnly) {
  await marketplace.close();
  console.log(summary(loaded, seconds, 'Start the service with npm start, then open:'));
  process.exit(0);
}
console.log(`Demo platform loaded in ${seconds} s; starting the service…`);
// The service as npm start runs it, in a process of its own (the embedded database is free again).
const service = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL('../main.ts', import.meta.url))], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => service.kill(signal));
service.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
if (await ready(baseUrl(config.host, config.port), service))
  console.log(summary(loaded, seconds, 'The service runs (Ctrl-C stops it). Open:'));

/**
 * What makes the database not empty, in words, or null: a user, a company or a vendor (read from
 * the event table before anything is started, so what a first start seeds, the subscription
 * tiers, does not count; with EventStoreDB, whose events live elsewhere, from the users' read model).
 */
async function heldData(): Promise<string | null> {
  // An embedded database not created yet holds nothing: not opening it spares creating it twice.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) return null;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 1, consumerPoolMax: 1 });
  try {
    const table = config.eventstoreUrl ? 'user_list' : 'events';
    const [exists] = await sql<{ found: string | null }>(db.knex, 'SELECT to_regclass($1)::text AS found', [table]);
    if (!exists?.found) return null;
    const [row] = await sql<{ n: string }>(
      db.knex,
      table === 'events'
        ? "SELECT count(DISTINCT stream_id)::text AS n FROM events WHERE stream_id ~ '^(user|company|vendor)-'"
        : 'SELECT count(*)::text AS n FROM user_list',
    );
    const n = Number(row?.n ?? 0);
    return n === 0 ? null : `${n.toLocaleString('en-US')} ${table === 'events' ? 'users, companies or vendors' : 'users'}`;
  } finally {
    await db.close();
  }
}

/** Until the service answers ready (true), or has exited (false). */
async function ready(url: string, child: ChildProcess): Promise<boolean> {
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

function summary(d: DemoLoaded, secs: string, lead: string): string {
  const url = baseUrl(config.host, config.port);
  const shopUrl = (s: DemoLoaded['shops'][number]) =>
    s.onSubdomain ? `http://${s.subdomain}.${config.platformDomain}:${config.port}/` : `${url}/vendors/${s.code}/shop/`;
  const rows: [string, string, string][] = [
    ['Admin sign-in', `${url}/admin/login`, `${admin.email} / ${admin.password}`],
    [
      'Vendor sign-in',
      `${url}/vendor/login`,
      `${d.owner.email} / ${d.owner.password} (vendor code ${d.shops.map((s) => s.code).join(' or ')})`,
    ],
    ...d.shops.map((s): [string, string, string] => [
      `Shop ${s.name}`,
      shopUrl(s),
      `${s.products} products${s.onSubdomain ? ', on its subdomain' : ''}`,
    ]),
    ['Shop customer', `${shopUrl(d.shops[0])}login`, `${d.customers[0].email} / ${d.customers[0].password}`],
    ['API reference', `${url}/docs`, 'the token of POST /api/v1/admin/auth/login under "Authorize"'],
  ];
  const w1 = Math.max(...rows.map((r) => r[0].length));
  const w2 = Math.max(...rows.map((r) => r[1].length));
  return [
    '',
    `Demo platform loaded in ${secs} s: 1 company, ${d.shops.length} shops, ${d.shops.reduce((n, s) => n + s.products, 0)} products, ` +
      `${d.customers.length} customers with ${d.orders.shop} shop orders, ${d.orders.marketplace} marketplace order waiting for confirmation, a conversation.`,
    lead,
    ...rows.map(([a, b, c]) => `  ${a.padEnd(w1)}  ${b.padEnd(w2)}  ${c}`),
    '',
  ].join('\n');
}
