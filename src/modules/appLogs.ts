import { adminAppLogRoutes } from '../http/admin/appLogs.ts';
import { appLogsBackOffice, appLogsPageRoutes } from '../pages/app-logs/logsPage.ts';
import { logTap } from '../runtime/logTap.ts';
import { LogStoreWriter } from '../workers/app-logs/logStoreWriter.ts';
import { pruneApplicationLogs } from '../workers/app-logs/pruneApplicationLogs.ts';
import { defineModule } from './module.ts';

/**
 * Application logs (SPEC.md part 1 capability 9, 4.4 "the admin logs"): every instance writes the
 * lines of its logger's tap (src/runtime/logTap.ts) to one store, in batches, secrets removed; a
 * task keeps the store within LOG_RETENTION_DAYS and LOG_RETENTION_MAX_ROWS.
 */
export const appLogsModule = defineModule({
  name: 'app-logs',
  tag: 'Application logs',
  description:
    "The service's structured logs of every instance in one store, bounded by age and size, for the admins: filtered by level, time, text, request and user.",
  core: true,
  features: [
    'Logs of every instance in one store',
    'Filters: level, time range, text, request id, user',
    'Bounded by age and size',
    'Secrets never stored',
  ],
  routes: { admin: [adminAppLogRoutes] },
  pages: [appLogsPageRoutes],
  backOffice: appLogsBackOffice,
  background: [
    (services) => {
      logTap.setLevel(services.config.logStore.level);
      const writer = new LogStoreWriter(services.db.knex, services.config.logStore.flushMs);
      writer.start();
      return { stop: () => writer.stop() };
    },
  ],
  scheduledTasks: [
    {
      name: 'pruneApplicationLogs',
      cron: '*/10 * * * *',
      async run(services) {
        const gone = await pruneApplicationLogs(services);
        if (gone.by_age + gone.by_size > 0) services.logger.info(gone, 'application logs pruned');
      },
    },
  ],
});
