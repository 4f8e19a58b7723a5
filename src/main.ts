import { loadConfig } from './config.ts';
import { ensureFirstAdmin } from './bootstrap.ts';
import { createApp } from './http/app.ts';
import { consumers, scheduledTasks } from './modules/index.ts';
import { createLogger } from './runtime/logger.ts';
import { createServices } from './runtime/services.ts';
import { Scheduler } from './runtime/scheduler.ts';
import { startWorkers } from './workers/index.ts';

/** Start: config → database → event store → consumers → HTTP (ARCHITECTURE.md "Layout"). */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const services = await createServices(config, logger, { consumers });
await ensureFirstAdmin(services);
const workers = startWorkers(services);
const scheduler = new Scheduler(services, scheduledTasks, logger);
scheduler.start();
const server = createApp(services).listen(config.port, config.host, () => {
  logger.info({ url: `http://${config.host}:${config.port}`, database: services.db.kind, event_store: services.store.kind }, 'listening');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  scheduler.stop();
  await workers.stop();
  await services.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
