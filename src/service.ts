import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { closeBrowser } from './adapters/pdf/browser.ts';
import { createApp } from './http/app.ts';
import { consumers, memoryViews, modules, scheduledTasks } from './modules/index.ts';
import { runSetUp, startBackground, taskSwitch } from './modules/registry.ts';
import type { EarlyListener } from './runtime/preflight.ts';
import { createServices } from './runtime/services.ts';
import { Scheduler } from './runtime/scheduler.ts';
import { startWorkers } from './workers/index.ts';

/** The running service: `stop` ends what it started, in the reverse order. */
export interface RunningService {
  stop(): Promise<void>;
}

/**
 * The long part of the start (ARCHITECTURE.md "Layout"): database → event store → consumers →
 * workers → scheduler, then the app takes over the listener src/main.ts bound at once.
 */
export async function startService(config: Config, logger: Logger, listener: EarlyListener): Promise<RunningService> {
  const services = await createServices(config, logger, { consumers, views: memoryViews });
  // What the modules record once before serving: the first admin, the subscription tiers, the platform's upgrades (src/modules/module.ts setUp).
  await runSetUp(services, modules);
  const workers = startWorkers(services);
  // Before the scheduler and the listener: the module switch's view must be loaded to answer.
  const background = await startBackground(services, modules);
  const scheduler = new Scheduler(services, scheduledTasks, logger, taskSwitch(services, modules));
  scheduler.start();
  listener.serve(createApp(services).callback());
  return {
    async stop() {
      await scheduler.stop();
      await workers.stop();
      await background.stop();
      // The headless chromium of the PDF invoices is a process of its own: it must not outlive the service.
      await closeBrowser();
      await services.close();
    },
  };
}
