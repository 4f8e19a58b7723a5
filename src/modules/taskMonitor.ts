import { adminTaskMonitorRoutes } from '../http/admin/taskMonitor.ts';
import { taskMonitorBackOffice, taskMonitorPageRoutes } from '../pages/task-monitor/taskMonitorPage.ts';
import { defineModule } from './module.ts';
import { taskRetry } from '../../commands/task-monitor/taskRetry.ts';

/**
 * The background-task monitor (SPEC.md part 1 capability 9, 4.4): every module's background work
 * (its backgroundTasks query) and the scheduled tasks' runs in one list, and the consumers' lag.
 */
export const taskMonitorModule = defineModule({
  name: 'task-monitor',
  tag: 'Task monitor',
  description:
    'Every piece of background work in one list (imports, extmarket syncs and exports, scans, test runs, scheduled task runs) with status, progress, duration and error; projections and process managers with their lag.',
  features: [
    'All background work in one list',
    'Filters and pagination',
    'Consumer lag',
    'Retry of a failed task, once',
    'Cancel of a running scan or test run',
  ],
  routes: { admin: [adminTaskMonitorRoutes] },
  aggregates: [taskRetry],
  pages: [taskMonitorPageRoutes],
  backOffice: taskMonitorBackOffice,
});
