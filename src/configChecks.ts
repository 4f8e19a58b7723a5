/**
 * The checks of single settings (src/config.ts reads them all): a value read from the
 * environment, or a ConfigError naming the setting, what is wrong and what to do about it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A setting the service cannot start with: the setting's name and what to do about it. The start
 * prints it as one line (src/main.ts) and exits with code 1; the stack only at LOG_LEVEL=debug.
 */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
    readonly remedy: string,
  ) {
    super(`${setting} ${problem}: ${remedy}`);
    this.name = 'ConfigError';
  }
}

export function logLevelOf(value: string, name: string): string {
  if (!['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(value))
    throw new ConfigError(
      name,
      `is ${JSON.stringify(value)}, not a log level`,
      'set it to trace, debug, info, warn, error, fatal or silent',
    );
  return value;
}

export function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16)
    throw new ConfigError(
      'METRICS_TOKEN',
      `has ${value.length} characters, at least 16 are needed`,
      'set a longer token (openssl rand -hex 24), or unset it to turn GET /metrics off',
    );
  return value;
}

/** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start); the error never repeats the URL, it may hold a password. */
export function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new ConfigError('SMTP_URL', 'is not a URL', 'write it as smtp://user:password@host:587, or unset it to keep mail in the outbox');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new ConfigError(
      'SMTP_URL',
      'must start with smtp:// or smtps://',
      'write it as smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)',
    );
  return value;
}

export function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(
      name,
      `is ${JSON.stringify(value)}, not a positive integer`,
      `set a whole number of 1 or more, or unset it for the default (${fallback})`,
    );
  return n;
}

/**
 * Production requires JWT_SECRET. In the embedded mode a secret is generated once and kept in
 * the data folder (mode 0600), so tokens survive a restart without any set-up.
 */
export function jwtSecret(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32)
      throw new ConfigError(
        'JWT_SECRET',
        `has ${env.JWT_SECRET.length} characters, at least 32 are needed`,
        'set a longer secret (openssl rand -base64 48)',
      );
    return env.JWT_SECRET;
  }
  if (production)
    throw new ConfigError(
      'JWT_SECRET',
      'is required when NODE_ENV=production',
      'set it to a secret of 32 characters or more (openssl rand -base64 48)',
    );
  const file = join(dataDir, 'jwt-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (err) {
    throw unwritableDataDir(dataDir, err);
  }
}

export function portOf(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(
      'PORT',
      `is ${JSON.stringify(value)}, not a port number`,
      'set a number from 1 to 65535 (0 picks a free one), or unset it for 3000',
    );
  return n;
}

/** The data folder cannot be created or written: which folder, why, and the two ways out. */
export function unwritableDataDir(dataDir: string, err: unknown): ConfigError {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a part of the path is a file, not a folder'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : ((err as Error)?.message ?? String(err));
  return new ConfigError(
    'DATA_DIR',
    `(${dataDir}) cannot be written (${why})`,
    'point DATA_DIR to a folder this user may write, or give this user write access to it',
  );
}
