import { isAbsolute, join, relative } from 'node:path';
import type { Config } from './config.ts';

/** Where the data lives, for the start-up line: the PGlite folder, or the server without its credentials. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'eventstoreUrl'>, cwd = process.cwd()): string {
  let where: string;
  if (config.databaseUrl) {
    where = `PostgreSQL at ${serverOf(config.databaseUrl, 5432)}`;
  } else {
    const folder = join(config.dataDir, 'pglite');
    const rel = relative(cwd, folder);
    where = `embedded PGlite in ${rel && !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel}` : folder}`;
  }
  if (config.eventstoreUrl) where += `; events in EventStoreDB at ${serverOf(config.eventstoreUrl, 2113)}`;
  return where;
}

/** host:port/database of a connection URL, never its user or password. */
function serverOf(url: string, defaultPort: number): string {
  try {
    const u = new URL(url);
    const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
    return `${u.hostname || 'localhost'}:${u.port || defaultPort}${database ? `/${database}` : ''}`;
  } catch {
    return '(the configured URL)';
  }
}

/** The address to open in a browser: a wildcard listener is reached on localhost; IPv6 in brackets. */
export function baseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** The two start-up lines: where the service listens and on what data, and where its API reference is. */
export function startupMessages(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'eventstoreUrl'>, host: string, port: number): string[] {
  const url = baseUrl(host, port);
  return [`Listening on ${url} (database: ${describeDatabase(config)})`, `API reference: ${url}/docs`];
}
