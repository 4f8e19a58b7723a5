import { resolve } from 'node:path';
import { ConfigError, jwtSecret, logLevelOf, metricsToken, portOf, positive, smtpUrl } from './configChecks.ts';

/** Every setting the service reads, from the environment (README "Configuration"). */
export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** PostgreSQL server; absent = embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Connections to the server for requests, and for the consumers (a pool of their own). */
  databasePoolMax: number;
  consumerPoolMax: number;
  /** EventStoreDB; absent = the event store lives in the database. */
  eventstoreUrl?: string;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  admin?: { email: string; password: string; username?: string };
  logLevel: string;
  /** The environment step of the storefront locale resolution (SPEC.md part 2 Conventions). */
  defaultLocale: string;
  /** Bound on the read-your-writes wait of a command (ARCHITECTURE.md "Read-your-writes"). */
  projectionWaitMs: number;
  /** The platform's own host name: `<subdomain>.<platformDomain>` serves a vendor's shop. */
  platformDomain: string;
  /** Resolvers for custom domain verification (host[:port], comma-separated); absent = the system's. */
  dnsServers?: string[];
  /**
   * `host:port` pairs the onboarding may fetch CSV feeds from although they are private or
   * loopback addresses (a developer's local feed server); ignored in production (docs/onboarding.md).
   */
  importUrlAllowedHosts: string[];
  /** The ECB reference rates file the daily task loads (unset: rates are loaded with the CLI only). */
  exchangeRatesUrl?: string;
  /** Outgoing mail (README "Outgoing mail"): absent = mails wait in the outbox, nothing is sent. */
  smtpUrl?: string;
  /** The From header of every mail. */
  mailFrom: string;
  /** The base of links inside mails (reset links, order pages), without a trailing slash. */
  publicUrl: string;
  /** What the capacity forecast reads each figure against (docs/subscriptions.md "Capacity planning"), in bytes. */
  capacity: { databaseBytes: number; mediaBytes: number };
  /**
   * Stripe (docs/billing.md): absent secret key = billing is not configured and the billing
   * routes answer 503. The API base is Stripe's own unless set (a local Stripe server in tests).
   */
  stripe?: {
    secretKey: string;
    apiBase?: string;
    webhookSecret?: string;
    /** STRIPE_PUBLISHABLE_KEY: what the signup's card page gives Stripe.js. */ publishableKey?: string;
  };
  /** How often an open live message stream checks that its caller still has access (docs/messaging.md "Live delivery"). */
  liveAccessRecheckMs: number;
  /**
   * Platforms (docs/platform-operations.md "Platform modules"): the deployment's own platform, to
   * which every request is attributed unless its host names another platform.
   */
  platforms: { own: string; byHost: Record<string, string> };
  /** The admins' log store (docs/platform-operations.md "Application logs"). */
  logStore: { level: string; retentionDays: number; maxRows: number; flushMs: number };
  /**
   * The HTTP server's connection timeouts (docs/operations.md "Behind a load balancer"): an idle
   * kept-alive connection stays open longer than a balancer keeps its own idle connections, so the
   * balancer, never the service, closes it.
   */
  http: { keepAliveTimeoutMs: number; headersTimeoutMs: number; requestTimeoutMs: number; shutdownTimeoutMs: number };
  /** How long the start waits for a PostgreSQL server to accept a connection. */
  databaseConnectTimeoutMs: number;
  /** Platform health metrics: how often an instance writes its window; the bearer token of GET /metrics (unset: off). */
  metrics: { flushMs: number; token?: string };
  /**
   * Platform operations' own checks (docs/platform-operations.md "Code quality", "Test runs"):
   * the source tree a code-quality scan reads (the rules come from the installation's own
   * architecture check), and the test suite a test run executes, with its bound in time.
   */
  operations: { sourceRoot: string; testRoot: string; testPattern: string; testRunTimeoutMs: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    production,
    port: portOf(env.PORT),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    databasePoolMax: positive(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    consumerPoolMax: positive(env.CONSUMER_POOL_MAX, 4, 'CONSUMER_POOL_MAX'),
    eventstoreUrl: env.EVENTSTORE_URL || undefined,
    dataDir,
    jwtSecret: jwtSecret(env, production, dataDir),
    jwtExpiresInSeconds: Number(env.JWT_EXPIRES_IN_SECONDS ?? 3600),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, username: env.ADMIN_USERNAME || undefined }
        : undefined,
    logLevel: logLevelOf(env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'), 'LOG_LEVEL'),
    http: httpConfig(env),
    databaseConnectTimeoutMs: positive(env.DATABASE_CONNECT_TIMEOUT_MS, 5000, 'DATABASE_CONNECT_TIMEOUT_MS'),
    defaultLocale: env.DEFAULT_LOCALE ?? 'en',
    projectionWaitMs: Number(env.PROJECTION_WAIT_MS ?? 5000),
    platformDomain: (env.PLATFORM_DOMAIN ?? 'localhost').toLowerCase(),
    importUrlAllowedHosts: (env.IMPORT_URL_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    dnsServers: env.DNS_SERVERS
      ? env.DNS_SERVERS.split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined,
    exchangeRatesUrl: env.EXCHANGE_RATES_URL || undefined,
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Shop <no-reply@localhost>',
    publicUrl: publicUrlOf(env),
    capacity: {
      databaseBytes: positive(env.CAPACITY_DATABASE_BYTES, 50 * 1024 ** 3, 'CAPACITY_DATABASE_BYTES'),
      mediaBytes: positive(env.CAPACITY_MEDIA_BYTES, 200 * 1024 ** 3, 'CAPACITY_MEDIA_BYTES'),
    },
    stripe: stripeConfig(env),
    liveAccessRecheckMs: positive(env.LIVE_ACCESS_RECHECK_MS, 60_000, 'LIVE_ACCESS_RECHECK_MS'),
    platforms: platformsConfig(env),
    logStore: {
      level: logLevelOf(env.LOG_STORE_LEVEL ?? 'info', 'LOG_STORE_LEVEL'),
      retentionDays: positive(env.LOG_RETENTION_DAYS, 14, 'LOG_RETENTION_DAYS'),
      maxRows: positive(env.LOG_RETENTION_MAX_ROWS, 2_000_000, 'LOG_RETENTION_MAX_ROWS'),
      flushMs: positive(env.LOG_STORE_FLUSH_MS, 1000, 'LOG_STORE_FLUSH_MS'),
    },
    metrics: {
      flushMs: positive(env.METRICS_FLUSH_MS, 10_000, 'METRICS_FLUSH_MS'),
      token: metricsToken(env.METRICS_TOKEN),
    },
    operations: {
      sourceRoot: resolve(env.SOURCE_ROOT ?? '.'),
      testRoot: resolve(env.TEST_SUITE_ROOT ?? '.'),
      testPattern: env.TEST_SUITE_PATTERN ?? 'test/**/*.test.ts',
      testRunTimeoutMs: positive(env.TEST_RUN_TIMEOUT_MS, 30 * 60_000, 'TEST_RUN_TIMEOUT_MS'),
    },
  };
}

/**
 * Node's own keep-alive timeout (5 s) is shorter than any balancer's idle timeout (60 s on the
 * common cloud balancers, 60 s in nginx' upstream keep-alive): a balancer reusing a connection
 * the service is closing at that instant gets a reset. The headers timeout must exceed the
 * keep-alive timeout, or a kept-alive connection is cut while it waits for its next request.
 */
function httpConfig(env: NodeJS.ProcessEnv): Config['http'] {
  const keepAliveTimeoutMs = positive(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 75_000, 'HTTP_KEEP_ALIVE_TIMEOUT_MS');
  const headersTimeoutMs = positive(env.HTTP_HEADERS_TIMEOUT_MS, keepAliveTimeoutMs + 1000, 'HTTP_HEADERS_TIMEOUT_MS');
  if (headersTimeoutMs <= keepAliveTimeoutMs) {
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT_MS',
      `(${headersTimeoutMs}) must be longer than HTTP_KEEP_ALIVE_TIMEOUT_MS (${keepAliveTimeoutMs})`,
      'raise it, or unset it to follow the keep-alive timeout',
    );
  }
  const requestTimeoutMs = positive(env.HTTP_REQUEST_TIMEOUT_MS, 300_000, 'HTTP_REQUEST_TIMEOUT_MS');
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new ConfigError(
      'HTTP_REQUEST_TIMEOUT_MS',
      `(${requestTimeoutMs}) must not be shorter than HTTP_HEADERS_TIMEOUT_MS (${headersTimeoutMs})`,
      'raise it, or unset it for 300000',
    );
  }
  return {
    keepAliveTimeoutMs,
    headersTimeoutMs,
    requestTimeoutMs,
    shutdownTimeoutMs: positive(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
  };
}

const PLATFORM_CODE = /^[a-z][a-z0-9-]{1,31}$/;

/** PLATFORM_CODE (default `main`) and PLATFORM_HOSTS, `host=code` pairs separated by commas. */
function platformsConfig(env: NodeJS.ProcessEnv): Config['platforms'] {
  const own = env.PLATFORM_CODE || 'main';
  if (!PLATFORM_CODE.test(own))
    throw new ConfigError(
      'PLATFORM_CODE',
      'must be 2 to 32 lower-case letters, digits or dashes, starting with a letter',
      'set it to a code such as main, or unset it',
    );
  const byHost: Record<string, string> = {};
  for (const pair of (env.PLATFORM_HOSTS ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [host, code] = pair.split('=').map((x) => x?.trim().toLowerCase());
    if (!host || !code || !PLATFORM_CODE.test(code))
      throw new ConfigError(
        'PLATFORM_HOSTS',
        'must be host=code pairs separated by commas',
        'write it as b2b.example.com=b2b,shop.example.org=retail',
      );
    byHost[host] = code;
  }
  return { own, byHost };
}

/** STRIPE_SECRET_KEY turns billing on; STRIPE_API_BASE (a URL) points the client elsewhere than api.stripe.com. */
function stripeConfig(env: NodeJS.ProcessEnv): Config['stripe'] {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const apiBase = env.STRIPE_API_BASE || undefined;
  if (apiBase) {
    try {
      new URL(apiBase);
    } catch {
      throw new ConfigError('STRIPE_API_BASE', 'is not a URL', 'write it as http://127.0.0.1:12111, or unset it to reach api.stripe.com');
    }
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    apiBase,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
  };
}

/** The address the service is reached at (links in e-mails); also read by process managers, which get no Config. */
export function publicUrlOf(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || `http://127.0.0.1:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, '');
}
