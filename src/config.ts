import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  stripe?: { secretKey: string; apiBase?: string; webhookSecret?: string };
  /** How often an open live message stream checks that its caller still has access (docs/messaging.md "Live delivery"). */
  liveAccessRecheckMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    production,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    databasePoolMax: positive(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    consumerPoolMax: positive(env.CONSUMER_POOL_MAX, 4, 'CONSUMER_POOL_MAX'),
    eventstoreUrl: env.EVENTSTORE_URL || undefined,
    dataDir,
    jwtSecret: jwtSecret(env, production, dataDir),
    jwtExpiresInSeconds: Number(env.JWT_EXPIRES_IN_SECONDS ?? 3600),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, username: env.ADMIN_USERNAME || undefined }
      : undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    defaultLocale: env.DEFAULT_LOCALE ?? 'en',
    projectionWaitMs: Number(env.PROJECTION_WAIT_MS ?? 5000),
    platformDomain: (env.PLATFORM_DOMAIN ?? 'localhost').toLowerCase(),
    dnsServers: env.DNS_SERVERS ? env.DNS_SERVERS.split(',').map((x) => x.trim()).filter(Boolean) : undefined,
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
  };
}

/** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start); the error never repeats the URL, it may hold a password. */
function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let protocol: string;
  try { protocol = new URL(value).protocol; } catch { throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587'); }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return value;
}

/** STRIPE_SECRET_KEY turns billing on; STRIPE_API_BASE (a URL) points the client elsewhere than api.stripe.com. */
function stripeConfig(env: NodeJS.ProcessEnv): Config['stripe'] {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const apiBase = env.STRIPE_API_BASE || undefined;
  if (apiBase) {
    try { new URL(apiBase); } catch { throw new Error('STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111'); }
  }
  return { secretKey: env.STRIPE_SECRET_KEY, apiBase, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}

/**
 * Production requires JWT_SECRET. In the embedded mode a secret is generated once and kept in
 * the data folder (mode 0600), so tokens survive a restart without any set-up.
 */
/** The address the service is reached at (links in e-mails); also read by process managers, which get no Config. */
export function publicUrlOf(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || `http://127.0.0.1:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, '');
}

function jwtSecret(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return env.JWT_SECRET;
  }
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
