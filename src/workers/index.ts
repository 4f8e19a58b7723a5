import type { EventStore } from '../eventstore/port.ts';
import type { Services } from '../runtime/services.ts';
import { MarketplaceImportWorker } from './marketplaceImportWorker.ts';
import { startExtmarketWorker, stopExtmarketWorker, type ExtmarketJobWorker } from './extmarket/extmarketJobWorker.ts';
import { MailDeliveryWorker } from './mailDelivery.ts';

/**
 * The job workers of the service (ARCHITECTURE.md "Layout": job workers for imports, syncs,
 * scans), started by src/main.ts after the consumers, and by the test app. Process managers reach
 * the workers of their process through `workersOf(store)`; a process without workers (a CLI)
 * gets null, and the workers' sweep picks the job up wherever they run.
 */
export interface Workers {
  marketplaceImports: MarketplaceImportWorker;
  /** Extmarket order syncs, historical imports and product exports. */
  extmarketJobs: ExtmarketJobWorker;
  /** Outgoing mail from the outbox (src/mail/outbox.ts) over SMTP. */
  mailDelivery: MailDeliveryWorker;
  stop(): Promise<void>;
}

const running = new WeakMap<EventStore, Workers>();

export function startWorkers(services: Services): Workers {
  const marketplaceImports = new MarketplaceImportWorker({
    knex: services.db.knex,
    store: services.store,
    dataDir: services.config.dataDir,
    logger: services.logger,
    clock: services.clock,
  });
  const extmarketJobs = startExtmarketWorker({
    knex: services.db.knex,
    store: services.store,
    dataDir: services.config.dataDir,
    logger: services.logger,
    clock: services.clock,
  });
  const mailDelivery = new MailDeliveryWorker({
    knex: services.db.knex,
    clock: services.clock,
    logger: services.logger,
    smtpUrl: services.config.smtpUrl,
    from: services.config.mailFrom,
  });
  const workers: Workers = {
    marketplaceImports,
    extmarketJobs,
    mailDelivery,
    async stop() {
      running.delete(services.store);
      await Promise.all([marketplaceImports.stop(), stopExtmarketWorker(services.store), mailDelivery.stop()]);
    },
  };
  running.set(services.store, workers);
  marketplaceImports.start();
  mailDelivery.start();
  return workers;
}

export function workersOf(store: EventStore): Workers | null {
  return running.get(store) ?? null;
}
