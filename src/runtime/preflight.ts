import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { ConfigError, unwritableDataDir } from '../configChecks.ts';
import { lockDataDir } from './dataDirLock.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The listener, bound before the long part of the start: it answers 503 until `serve` hands it the app. */
export interface EarlyListener {
  server: Server;
  serve(handler: Handler): void;
}

/**
 * The checks that take a second and name the setting to fix, run before the service loads its
 * modules and opens its database (which takes most of the start): the port is free and bound,
 * the data folder writable, the embedded database not held by another process, the PostgreSQL
 * server reachable. Each failure is a ConfigError; `release` undoes what succeeded.
 */
export async function preflight(config: Config): Promise<{ listener: EarlyListener; release(): void }> {
  const listener = await listenEarly(config);
  let unlock = () => {};
  try {
    writableDataDir(config.dataDir);
    if (!config.databaseUrl) unlock = lockDataDir(config.dataDir);
    else await reachDatabase(config.databaseUrl, config.databaseConnectTimeoutMs);
  } catch (err) {
    unlock();
    listener.server.close();
    throw err;
  }
  return { listener, release: unlock };
}

function writableDataDir(dataDir: string): void {
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    throw unwritableDataDir(dataDir, err);
  }
}

/** The connection timeouts of Config.http on a server (the service's, the test app's). */
export function applyConnectionTimeouts(server: Server, http: Config['http']): void {
  server.keepAliveTimeout = http.keepAliveTimeoutMs;
  server.headersTimeout = http.headersTimeoutMs;
  server.requestTimeout = http.requestTimeoutMs;
}

/** Binds HOST:PORT with the configured connection timeouts; while the service starts, every request gets 503 and a Retry-After. */
async function listenEarly(config: Config): Promise<EarlyListener> {
  let handler: Handler = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '2', 'x-content-type-options': 'nosniff' });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Service starting',
        status: 503,
        detail: 'The service is starting; try again in a few seconds.',
      }),
    );
  };
  const server = createServer((req, res) => handler(req, res));
  applyConnectionTimeouts(server, config.http);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, config)));
    server.listen(config.port, config.host, () => resolve());
  });
  return {
    server,
    serve(next) {
      handler = next;
    },
  };
}

function listenError(err: NodeJS.ErrnoException, config: Config): Error {
  const where = `${config.host}:${config.port}`;
  if (err.code === 'EADDRINUSE')
    return new ConfigError(
      'PORT',
      `${config.port} is in use on ${config.host} by another process`,
      'stop that process, or set PORT to a free port',
    );
  if (err.code === 'EACCES')
    return new ConfigError(
      'PORT',
      `${config.port} needs privileges this user lacks`,
      'set PORT to 1024 or above (a proxy can forward port 80 or 443 to it)',
    );
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') {
    return new ConfigError(
      'HOST',
      `(${config.host}) is no address of this machine`,
      'set HOST to 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)',
    );
  }
  return new Error(`cannot listen on ${where}: ${err.message}`);
}

/** One connection to the server, closed at once: the start says what is wrong before it loads anything else. */
async function reachDatabase(url: string, timeoutMs: number): Promise<void> {
  let where = '(the configured server)';
  try {
    const u = new URL(url);
    where = `${u.hostname || 'localhost'}:${u.port || 5432}`;
  } catch {
    throw new ConfigError(
      'DATABASE_URL',
      'is not a URL',
      'write it as postgres://user:password@host:5432/database, or unset it to use the embedded database',
    );
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw databaseError(err as NodeJS.ErrnoException, where, url);
  } finally {
    await client.end().catch(() => {});
  }
}

function databaseError(err: NodeJS.ErrnoException, where: string, url: string): Error {
  const todo = 'start PostgreSQL there or correct DATABASE_URL (unset it to use the embedded database)';
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || "(the user's default)";
  switch (err.code) {
    case 'ECONNREFUSED':
      return new ConfigError('DATABASE_URL', `points to ${where}, where no server accepts connections`, todo);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError('DATABASE_URL', `names a host that does not resolve (${where})`, todo);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ConfigError('DATABASE_URL', `points to ${where}, which cannot be reached`, todo);
    case '28P01':
    case '28000':
      return new ConfigError('DATABASE_URL', `was refused by ${where} (${err.message})`, 'correct the user and password in DATABASE_URL');
    case '3D000':
      return new ConfigError(
        'DATABASE_URL',
        `names database ${database}, which does not exist on ${where}`,
        `create it (createdb ${database}) or correct DATABASE_URL`,
      );
    default:
      if (/timeout/i.test(err.message))
        return new ConfigError('DATABASE_URL', `points to ${where}, which did not answer within DATABASE_CONNECT_TIMEOUT_MS`, todo);
      return new ConfigError('DATABASE_URL', `cannot be used (${err.message})`, todo);
  }
}
