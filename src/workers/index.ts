import type { Services } from '../runtime/services.ts';
import { MailDeliveryWorker } from './mailDelivery.ts';

/**
 * The job workers of the service that belong to no area (ARCHITECTURE.md "Layout"), started by
 * src/main.ts after the consumers, and by the test app. An area's own workers (the marketplace
 * imports, the extmarket jobs) are its module's background work (src/modules/module.ts
 * `background`), started with every module's by startBackground; the area's process managers
 * reach them through the area's own lookup by event store.
 */
export interface Workers {
  /** Outgoing mail from the outbox (src/mail/outbox.ts) over SMTP. */
  mailDelivery: MailDeliveryWorker;
  stop(): Promise<void>;
}

export function startWorkers(services: Services): Workers {
  const mailDelivery = new MailDeliveryWorker({
    knex: services.db.knex,
    clock: services.clock,
    logger: services.logger,
    smtpUrl: services.config.smtpUrl,
    from: services.config.mailFrom,
  });
  mailDelivery.start();
  return {
    mailDelivery,
    stop: () => mailDelivery.stop(),
  };
}
