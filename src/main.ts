import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from './config.ts';
import { ConfigError } from './configChecks.ts';
import { createLogger, logFormatOf } from './runtime/logger.ts';
import { preflight } from './runtime/preflight.ts';
import { baseUrl, describeDatabase, startupMessages } from './startupMessages.ts';

/**
 * Start: the settings and the quick checks first (a mistake ends in one line naming the setting,
 * exit code 1, before anything slow), the port bound at once, then the service itself, loaded
 * and started behind that port (src/service.ts). SIGTERM or SIGINT stops it within
 * SHUTDOWN_TIMEOUT_MS.
 */
const debug = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';

function failStart(err: unknown): never {
  const known = err instanceof ConfigError;
  const message = known ? err.message : `${(err as Error)?.message ?? String(err)}${debug ? '' : ' (LOG_LEVEL=debug shows where)'}`;
  process.stderr.write(`Cannot start: ${message}\n`);
  if (debug && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  failStart(err);
}
const logger = createLogger(config.logLevel, undefined, logFormatOf(process.env.LOG_FORMAT));
const checked = await preflight(config).catch(failStart);
const { server } = checked.listener;
const url = baseUrl(config.host, (server.address() as AddressInfo).port);
logger.info({ url, uptime_ms: Math.round(process.uptime() * 1000) }, `Starting on ${url} (database: ${describeDatabase(config)})`);

let stopping = false;
let running: { stop(): Promise<void> } | null = null;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Whatever does not stop in time is cut: the process exits, a supervisor may restart it.
  const bound = setTimeout(() => {
    logger.error({ timeout_ms: config.http.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting');
    process.exit(1);
  }, config.http.shutdownTimeoutMs);
  bound.unref();
  // New connections are refused, idle kept-alive ones closed; live streams end with their sockets.
  const closed = new Promise((r) => server.close(r));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), Math.min(2000, config.http.shutdownTimeoutMs / 2)).unref();
  try {
    await closed;
    await running?.stop();
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
  }
  checked.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const { startService } = await import('./service.ts');
  running = await startService(config, logger, checked.listener);
} catch (err) {
  failStart(err);
}
if (!stopping) {
  const [listening, reference] = startupMessages(config, config.host, (server.address() as AddressInfo).port);
  logger.info({ url, database: config.databaseUrl ? 'postgres' : 'pglite', uptime_ms: Math.round(process.uptime() * 1000) }, listening);
  logger.info({ docs: `${url}/docs` }, reference);
}
