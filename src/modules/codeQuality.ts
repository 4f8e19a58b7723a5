import { violationFigures } from '../../queries/code-quality/violationFigures.ts';
import { codeQualityScan } from '../../commands/code-quality/codeQualityScan.ts';
import { codeQualityScanner } from '../../commands/code-quality/codeQualityScanner.ts';
import { violation } from '../../commands/code-quality/violation.ts';
import { runScanCommand } from '../../commands/code-quality/handlers.ts';
import { codeQualityScans } from '../../projections/code-quality/codeQualityScans.ts';
import { codeQualityViolations } from '../../projections/code-quality/codeQualityViolations.ts';
import { countActiveScans } from '../../queries/code-quality/listScans.ts';
import { adminCodeQualityRoutes, startScan } from '../http/admin/codeQuality.ts';
import { codeQualityBackOffice, codeQualityPageRoutes } from '../pages/code-quality/codeQualityPage.ts';
import { violationPageRoutes } from '../pages/code-quality/violationPage.ts';
import { notifyAdminsOnNewErrorViolations } from '../processes/notifyAdminsOnNewErrorViolations.ts';
import { notifyAdminsOnOverdueViolations } from '../processes/notifyAdminsOnOverdueViolations.ts';
import { runCodeQualityScanOnRequested } from '../processes/runCodeQualityScanOnRequested.ts';
import { startScanWorker, stopScanWorker } from '../workers/code-quality/scanWorker.ts';
import { defineModule } from './module.ts';

/**
 * Code quality (SPEC.md part 1 capability 9, part 2 "Architecture scan and violation", 4.1
 * /code-quality/…): scans of the platform's own source tree against its architecture rules in
 * the background, and the violations they find as aggregates with a workflow.
 */
export const codeQualityModule = defineModule({
  name: 'code-quality',
  tag: 'Code quality',
  description:
    "Scans of the platform's own source tree against its architecture rules (layering, cycles, orphans, file sizes), run in the background; the violations found, with their workflow (assign, resolve, ignore, comments) and history.",
  dashboardFigures: (services) => violationFigures(services.db.knex),
  features: [
    'Architecture scans in the background',
    'Rules as data',
    'Violation workflow with due dates',
    'Admins told of new errors and overdue violations',
  ],
  // The violation page shows its history as the auditor's view (the history module's card).
  dependsOn: ['notifications', 'history'],
  routes: { admin: [adminCodeQualityRoutes] },
  consumers: [codeQualityScans, codeQualityViolations, runCodeQualityScanOnRequested, notifyAdminsOnNewErrorViolations],
  aggregates: [codeQualityScan, codeQualityScanner, violation],
  pages: [codeQualityPageRoutes, violationPageRoutes],
  backOffice: codeQualityBackOffice,
  scheduledTasks: [notifyAdminsOnOverdueViolations],
  backgroundTasks: (knex) =>
    knex('code_quality_scans').select(
      knex.raw("'code_quality_scan' AS type"),
      knex.raw('id::text AS task_id'),
      'status',
      knex.raw('progress_message AS progress'),
      knex.raw('error_message AS error'),
      'created_at',
      'started_at',
      'completed_at',
    ),
  // A failed scan is retried by scanning again (or joining the scan that waits or runs now).
  backgroundTaskRetry: {
    canRetry: (type) => type === 'code_quality_scan',
    async start(services, _task, by) {
      const started = await startScan(services, by.context.userId ?? 'unknown', by.context);
      return { type: 'code_quality_scan', task_id: String(started.scan.id) };
    },
  },
  // The analyser runs in a child process and findings are recorded only when it completes, so a
  // scan stops cleanly anywhere before that.
  backgroundTaskCancel: {
    canCancel: (type) => type === 'code_quality_scan',
    cancel: (services, task, by) =>
      runScanCommand(
        services.store,
        Number(task.task_id),
        {
          type: 'CancelCodeQualityScan',
          data: { scan_id: Number(task.task_id), by: by.context.userId ?? 'unknown', at: services.clock.now().toISOString() },
        },
        by.context,
      ),
  },
  healthFigures: async (services) => ({ jobs: [{ kind: 'code_quality_scan', ...(await countActiveScans(services.db.knex)) }] }),
  background: [
    (services) => {
      startScanWorker(services);
      return { stop: () => stopScanWorker(services.store) };
    },
  ],
});
