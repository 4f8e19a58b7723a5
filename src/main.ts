import { loadConfig } from './config.ts';
import type { AddressInfo } from 'node:net';
import { baseUrl, ensureFirstAdmin, startupMessages } from './bootstrap.ts';
import { seedTiers } from '../commands/subscriptions/seedTiers.ts';
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
// The four named subscription tiers, once (a later start appends nothing).
await services.settle(await seedTiers(services.store, services.clock.now()));
if (!services.stripe) logger.warn('billing is not configured (STRIPE_SECRET_KEY is unset): the billing routes answer 503 until it is set');
const workers = startWorkers(services);
const scheduler = new Scheduler(services, scheduledTasks, logger);
scheduler.start();
const server = createApp(services).listen(config.port, config.host, () => {
  const port = (server.address() as AddressInfo).port;
  const [listening, reference] = startupMessages(config, config.host, port);
  const url = baseUrl(config.host, port);
  logger.info({ url, database: services.db.kind, event_store: services.store.kind }, listening);
  logger.info({ docs: `${url}/docs` }, reference);
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
