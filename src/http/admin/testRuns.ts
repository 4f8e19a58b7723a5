import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { TestRunInProgressException, TestRunNotFoundException, TestSuiteUnavailableException } from '../../../commands/test-runs/errors.ts';
import { requestTestRun, runTestRunCommand } from '../../../commands/test-runs/handlers.ts';
import { getTestRun, listTestCollections, listTestResults, listTestRuns } from '../../../queries/test-runs/listTestRuns.ts';
import { testRunStatistics } from '../../../queries/test-runs/testRunStatistics.ts';
import { InvalidTransitionException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { TestCategory as TestCategoryName } from '../../../commands/test-runs/events.ts';
import { suiteFiles } from '../../workers/test-runs/suite.ts';
import { testSuiteStatus } from '../../workers/test-runs/testRunWorker.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Page } from '../responses.ts';
import {
  StartTestRunRequest,
  TestCategory,
  TestCollections,
  TestResult,
  TestRun,
  TestRunStarted,
  TestRunStatistics,
  TestRunStatus,
  TestStatus,
  TestSuiteStatus,
} from '../schemas/testRuns.ts';
import { IdParams, PageQuery } from '../validation.ts';

/**
 * Starts a run or a collect in the background (the API's POST /test-runs, the dashboard page's
 * button and the task monitor's retry): refused when this deployment has no test suite, or while
 * another run or collect waits or runs (409 naming it), across concurrent requests and instances.
 */
export async function startTestRun(
  services: Services,
  request: { kind: 'run' | 'collect'; category: TestCategoryName | null; collection: string | null },
  by: number,
  context: CommandContext,
): Promise<number> {
  const suite = testSuiteStatus(services);
  if (!suite.available) throw new TestSuiteUnavailableException(suite.reason!);
  const requested = await requestTestRun({ store: services.store, db: services.db.knex, clock: services.clock }, request, by, context);
  await services.settle(requested.done);
  if (requested.joined) {
    throw new TestRunInProgressException(`Test run ${requested.run_id} is ${requested.status}: one run at a time; cancel it or wait`, {
      run_id: requested.run_id,
    });
  }
  return requested.run_id;
}

/** The suite's collections (its folders) with their category and number of files, read from the files (nothing is run). */
export function suiteCollections(services: Services): { name: string; category: TestCategoryName; files: number }[] {
  const collections = new Map<string, { name: string; category: TestCategoryName; files: number }>();
  for (const f of suiteFiles(services.config.operations.testRoot, services.config.operations.testPattern)) {
    const c = collections.get(f.collection) ?? { name: f.collection, category: f.category as TestCategoryName, files: 0 };
    c.files += 1;
    collections.set(f.collection, c);
  }
  return [...collections.values()];
}

/** What a start answers while another run waits or runs (the run and the collect routes share it). */
const ONE_AT_A_TIME =
  'One run or collect at a time, across concurrent requests and service instances: while one is waiting or running, a start answers 409 `TestRunInProgressException` naming it (`run_id`, and its status in the detail) and starts nothing; of concurrent starts exactly one begins a run. A deployment without its test suite answers 503 `TestSuiteUnavailableException`.';

/**
 * The test-run dashboard (SPEC.md 4.4, part 6 item 7): run the project's own suite, or one
 * category or collection of it, in the background (202, polled every 2 seconds), one run at a
 * time; collect its suites; history, results and statistics. docs/platform-operations.md "Test runs".
 */
export function adminTestRunRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  const start = async (ctx: Context, kind: 'run' | 'collect', category: TestCategoryName | null, collection: string | null) => {
    const by = adminCaller(ctx).id;
    const run_id = await startTestRun(services, { kind, category, collection }, by, commandContext(ctx, by));
    ctx.status = 202;
    ctx.body = { job_ids: [run_id], run: await getTestRun(knex, run_id) };
  };

  api.get(
    '/test-runs/suite',
    {
      summary: "Whether this deployment can run its test suite, and the suite's collections",
      responses: { 200: TestSuiteStatus },
    },
    async (ctx) => {
      const status = testSuiteStatus(services);
      ctx.body = { ...status, collections: status.available ? suiteCollections(services) : [] };
    },
  );

  api.get(
    '/test-runs/statistics',
    {
      summary: 'Pass rate over time and per category, the slowest tests, the flaky ones (over the last 20 runs)',
      responses: { 200: TestRunStatistics },
    },
    async (ctx) => {
      ctx.body = await testRunStatistics(knex);
    },
  );

  api.get(
    '/test-runs/collections',
    {
      summary: "The suite's collections as the last collect found them",
      responses: { 200: TestCollections },
    },
    async (ctx) => {
      ctx.body = { items: await listTestCollections(knex) };
    },
  );

  api.post(
    '/test-runs/collect',
    {
      summary: "Collect the suite's collections (load, count, run nothing) in the background; 202 with the job id",
      description: ONE_AT_A_TIME,
      responses: { 202: TestRunStarted },
      errors: [TestSuiteUnavailableException, TestRunInProgressException],
    },
    async (ctx) => start(ctx, 'collect', null, null),
  );

  api.post(
    '/test-runs',
    {
      summary: 'Run the suite, one category or one collection, in the background; 202 with the job id (poll every 2 seconds)',
      description: ONE_AT_A_TIME,
      body: StartTestRunRequest,
      responses: { 202: TestRunStarted },
      errors: [TestSuiteUnavailableException, TestRunInProgressException],
    },
    async (ctx, { body }) => start(ctx, 'run', body.category ?? null, body.collection ?? null),
  );

  api.get(
    '/test-runs',
    {
      summary: 'Test-run history, newest first',
      query: Type.Object({
        ...PageQuery,
        status: Type.Optional(TestRunStatus),
        category: Type.Optional(TestCategory),
        kind: Type.Optional(Type.Union([Type.Literal('run'), Type.Literal('collect')])),
      }),
      responses: { 200: Page(TestRun) },
    },
    async (ctx, { query }) => {
      const { page, limit, ...filter } = query;
      ctx.body = await listTestRuns(knex, filter, { page: page ?? 1, limit: limit ?? 20 });
    },
  );

  const found = async (id: number) => {
    const run = await getTestRun(knex, id);
    if (!run) throw new TestRunNotFoundException(`Test run ${id} not found`);
    return run;
  };

  api.get(
    '/test-runs/:id',
    {
      summary: 'One run: status, progress, counts, pass rate',
      params: IdParams,
      responses: { 200: TestRun },
      errors: [TestRunNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await found(params.id);
    },
  );

  api.get(
    '/test-runs/:id/results',
    {
      summary: "A run's TestResults in the order they ran",
      params: IdParams,
      query: Type.Object({ ...PageQuery, status: Type.Optional(TestStatus) }),
      responses: { 200: Page(TestResult) },
      errors: [TestRunNotFoundException],
    },
    async (ctx, { params, query }) => {
      await found(params.id);
      ctx.body = await listTestResults(knex, params.id, { status: query.status }, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.post(
    '/test-runs/:id/cancel',
    {
      summary: 'Cancel a waiting or running run (its test process is stopped within a second)',
      params: IdParams,
      responses: { 200: TestRun },
      errors: [TestRunNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params }) => {
      await found(params.id);
      const by = adminCaller(ctx).id;
      const done = await runTestRunCommand(
        services.store,
        params.id,
        { type: 'CancelTestRun', data: { run_id: params.id, by, at: services.clock.now().toISOString() } },
        commandContext(ctx, by),
      );
      await services.settle([done]);
      ctx.body = await found(params.id);
    },
  );

  return api.router;
}
