/**
 * The test-run forms of the admin back office: run the suite (or one category or collection),
 * collect its collections, and cancel a waiting or running run; a deployment without its suite
 * says so on the dashboard.
 */
import type { Context } from 'koa';
import { TestRunNotFoundException } from '../../../commands/test-runs/errors.ts';
import { runTestRunCommand } from '../../../commands/test-runs/handlers.ts';
import { getTestRun } from '../../../queries/test-runs/listTestRuns.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { startTestRun } from '../../http/admin/testRuns.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { testSuiteStatus } from '../../workers/test-runs/testRunWorker.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer } from '../backOffice/guard.ts';
import { field, seeOther } from '../forms.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { rt } from './texts.ts';
import { CATEGORIES } from './testRunViews.ts';

/** The POST handlers of the test-run forms (/admin/test-runs, …/collect, …/:id/cancel). */
export function testRunForms(api: Api, services: Services) {
  const knex = services.db.knex;

  /** A deployment without its suite: said on the dashboard (the API's 503 is no refusal of a rule, so `act` would not say it). */
  const suiteMissing = (ctx: Context, l: LanguageCode): boolean => {
    const suite = testSuiteStatus(services);
    if (suite.available) return false;
    setFlash(ctx, 'error', rt(l, 'unavailable', { reason: suite.reason ?? '' }));
    seeOther(ctx, '/admin/test-runs');
    return true;
  };

  api.post(
    '/admin/test-runs',
    {
      summary: 'Back-office form: run the suite, one `category` or one `collection` in the background, then back to the dashboard',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      if (suiteMissing(ctx, viewer.language)) return;
      await act(ctx, '/admin/test-runs', async () => {
        const category = CATEGORIES.find((c) => c === field(ctx, 'category')) ?? null;
        const collection = /^[A-Za-z0-9_.-]{1,100}$/.test(field(ctx, 'collection')) ? field(ctx, 'collection') : null;
        const id = await startTestRun(services, { kind: 'run', category, collection }, viewer.userId, viewer.context);
        return rt(viewer.language, 'started', { id });
      });
    },
  );

  api.post(
    '/admin/test-runs/collect',
    {
      summary: "Back-office form: collect the suite's collections in the background, then back to the dashboard",
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      if (suiteMissing(ctx, viewer.language)) return;
      await act(ctx, '/admin/test-runs', async () => {
        const id = await startTestRun(services, { kind: 'collect', category: null, collection: null }, viewer.userId, viewer.context);
        return rt(viewer.language, 'started', { id });
      });
    },
  );

  api.post(
    '/admin/test-runs/:id/cancel',
    {
      summary: 'Back-office form: cancel a waiting or running test run, then back to it',
      params: IdParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/test-runs/${params.id}`, async () => {
        if (!(await getTestRun(knex, params.id))) throw new TestRunNotFoundException(`Test run ${params.id} not found`);
        await services.settle([
          await runTestRunCommand(
            services.store,
            params.id,
            {
              type: 'CancelTestRun',
              data: { run_id: params.id, by: viewer.userId, at: services.clock.now().toISOString() },
            },
            viewer.context,
          ),
        ]);
        return rt(viewer.language, 'cancelled', { id: params.id });
      });
    },
  );
}
