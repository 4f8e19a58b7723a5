import { testRun } from '../../commands/test-runs/testRun.ts';
import { testRunner } from '../../commands/test-runs/testRunner.ts';
import { runTestRunCommand } from '../../commands/test-runs/handlers.ts';
import { testRuns } from '../../projections/test-runs/testRuns.ts';
import { countActiveTestRuns, getTestRun } from '../../queries/test-runs/listTestRuns.ts';
import { TestRunNotFoundException } from '../../commands/test-runs/errors.ts';
import { adminTestRunRoutes, startTestRun } from '../http/admin/testRuns.ts';
import { runTestRunOnRequested } from '../processes/runTestRunOnRequested.ts';
import { startTestRunWorker, stopTestRunWorker } from '../workers/test-runs/testRunWorker.ts';
import { defineModule } from './module.ts';
import { testRunPageRoutes, testRunsBackOffice } from '../pages/test-runs/testRunPages.ts';

/**
 * Test runs (SPEC.md part 1 capability 9, part 2 "Test run records", 4.4 the test-run
 * dashboard): the project's own test suite run in the background, one run at a time, bounded
 * and cancellable; its results, collections and statistics.
 */
export const testRunsModule = defineModule({
  name: 'test-runs',
  tag: 'Test runs',
  description:
    "The project's own test suite, a category or a collection of it, run in a child process in the background (bounded, cancellable); results per test, collections, pass rate over time and per category, slowest and flaky tests.",
  features: ['Test runs in the background', 'Results per test', 'Collections', 'Pass rate, slowest and flaky tests'],
  routes: { admin: [adminTestRunRoutes] },
  pages: [testRunPageRoutes],
  backOffice: testRunsBackOffice,
  consumers: [testRuns, runTestRunOnRequested],
  aggregates: [testRun, testRunner],
  backgroundTasks: (knex) =>
    knex('test_runs').select(
      knex.raw("'test_' || kind AS type"),
      knex.raw('id::text AS task_id'),
      'status',
      knex.raw('progress_message AS progress'),
      knex.raw('error_message AS error'),
      'created_at',
      'started_at',
      'completed_at',
    ),
  backgroundTaskRetry: {
    canRetry: (type) => type === 'test_run' || type === 'test_collect',
    async start(services, task, by) {
      const failed = await getTestRun(services.db.knex, Number(task.task_id));
      if (!failed) throw new TestRunNotFoundException(`Test run ${task.task_id} not found`);
      const id = await startTestRun(
        services,
        { kind: failed.kind, category: failed.category, collection: failed.collection },
        Number(by.context.userId),
        by.context,
      );
      return { type: `test_${failed.kind}`, task_id: String(id) };
    },
  },
  // A run's test process is stopped within a second of the cancel (the worker watches its status).
  backgroundTaskCancel: {
    canCancel: (type) => type === 'test_run' || type === 'test_collect',
    cancel: (services, task, by) =>
      runTestRunCommand(
        services.store,
        Number(task.task_id),
        {
          type: 'CancelTestRun',
          data: { run_id: Number(task.task_id), by: by.context.userId ?? 'unknown', at: services.clock.now().toISOString() },
        },
        by.context,
      ),
  },
  healthFigures: async (services) => ({ jobs: [{ kind: 'test_run', ...(await countActiveTestRuns(services.db.knex)) }] }),
  background: [
    (services) => {
      startTestRunWorker(services);
      return { stop: () => stopTestRunWorker(services.store) };
    },
  ],
});
