import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config.ts';
import { consumers, memoryViews, modules } from '../../src/modules/index.ts';
import { runSetUp, startBackground } from '../../src/modules/registry.ts';
import { createApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { applyConnectionTimeouts } from '../../src/runtime/preflight.ts';
import { createServices, type Services } from '../../src/runtime/services.ts';
import { createUser } from '../../commands/users/handlers.ts';
import { testDatabase } from './database.ts';
import { bootInRootHook, closeInRootHook, drifts } from './rootBoot.ts';
import { Writable } from 'node:stream';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/core/clock.ts';
import { startWorkers, type Workers } from '../../src/workers/index.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { startStripeServer, type StripeServer } from './stripeServer.ts';

/**
 * The real service on an ephemeral port against the test database, one per test process.
 * Its log lines are kept in `logLines` so tests can check what is (and is not) logged.
 */
export interface TestApp {
  url: string;
  services: Services;
  /** The service's clock: tests move it forward (trials, expiries, retries). */
  clock: ManualClock;
  /** The SMTP server the service sends its mail to (SMTP_URL, with credentials). */
  mailbox: Mailbox;
  /** The local Stripe API the service is configured against (STRIPE_API_BASE), on the service's clock. */
  stripe: StripeServer;
  logLines: string[];
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  adminToken(): Promise<string>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw body string (sent as is, with the given content type). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

let shared: Promise<TestApp> | null = null;

let server: Server | null = null;
let workers: Workers | null = null;
let background: { stop(): Promise<void> } | null = null;

export function testApp(): Promise<TestApp> {
  return (shared ??= start());
}

// A file that loads this module uses the app: it starts in the root hook, before any test asks for it.
bootInRootHook('the test app', testApp);
closeInRootHook(stopTestApp);

export const ADMIN = { email: 'root@platform.test', username: 'root', password: 'root-password-123' };
/** The test app's second platform (PLATFORM_HOSTS); its own platform is `main`. */
export const SECOND_PLATFORM = { code: 'second', host: 'second.platform.test' };
/** The test app's SMTP login: a test can check the password never reaches the log. */
export const SMTP_LOGIN = { user: 'shop-mailer', pass: 'smtp-Secret-5ae1' };

async function start(): Promise<TestApp> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const mailbox = await startMailbox(SMTP_LOGIN);
  const clock = new ManualClock();
  const stripe = await startStripeServer({ now: () => clock.now() });
  const config = {
    ...loadConfig({
      // A data folder of this test process's own (media, keys): two runs side by side (CI's PGlite and PostgreSQL passes) never share files.
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'test-data-')),
      SMTP_URL: mailbox.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      // A second platform, reached with this Host header (test/support/platforms.ts): its modules are switched apart from the own platform's.
      PLATFORM_HOSTS: `${SECOND_PLATFORM.host}=${SECOND_PLATFORM.code}`,
      // Code-quality scans read a small fixture tree, not the project's own (test/support/codeQuality.ts).
      SOURCE_ROOT: 'test/fixtures/code-quality/tree',
      // Test runs run a small fixture suite, never the project's own, in a copy: a run writes its flip flag there, not into the repository.
      TEST_SUITE_ROOT: fixtureSuiteCopy(),
      TEST_SUITE_PATTERN: 'test/**/*.spec.ts',
    }),
  };
  const logger = createLogger('info', sink);
  const services = await createServices(config, logger, { consumers, views: memoryViews, db: await testDatabase(), clock });
  const { done } = await createUser(
    { store: services.store, db: services.db.knex, clock: services.clock },
    { ...ADMIN, role: 'admin' },
    { userId: 'system:test', correlationId: 'test-setup' },
  );
  await services.settle(done);
  await runSetUp(services, modules); // as src/service.ts does at start: the tiers, the upgrade (nobody to mark on this fresh database)
  workers = startWorkers(services);
  background = await startBackground(services, modules);
  server = createApp(services, { onDrift: (drift) => drifts.push(drift) }).listen(0, '127.0.0.1');
  await new Promise((r) => server!.once('listening', r));
  applyConnectionTimeouts(server, config.http);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stripe.appUrl = url;
  let token: string | null = null;
  const app: TestApp = {
    url,
    services,
    clock,
    mailbox,
    stripe,
    logLines,
    call: (method, path, options = {}) => callService(url, method, path, options),
    async adminToken() {
      if (token) return token;
      const res = await app.call('POST', '/api/v1/admin/auth/login', {
        body: { email_or_username: ADMIN.email, password: ADMIN.password },
      });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
      token = res.body.access_token as string;
      return token;
    },
  };
  return app;
}

/** A client's request to a service at `url` (this app, or one started as a child process): JSON in, JSON (or text) out. */
export async function callService(url: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url + path, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function stopTestApp(): Promise<void> {
  if (!shared) return;
  const app = await shared;
  shared = null;
  // Live message streams and keep-alive sockets would hold close() open for ever.
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await workers?.stop();
  await background?.stop();
  await app.services.close();
  await app.mailbox.stop();
  await app.stripe.stop();
  rmSync(app.services.config.dataDir, { recursive: true, force: true });
}

/** A unique suffix for names in one test run (tests share one database). */
export const unique = (prefix = 'x') => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A private copy of the fixture test suite for the shared app's test runs. */
function fixtureSuiteCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fixture-suite-'));
  cpSync('test/fixtures/test-suite', dir, { recursive: true, filter: (source) => !source.endsWith('.flip') });
  return dir;
}
