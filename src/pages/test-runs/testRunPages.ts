import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { testRunDashboard } from './testRunDashboard.ts';
import { testRunForms } from './testRunForms.ts';
import { testRunPage } from './testRunPage.ts';

export const testRunsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'test-runs',
      href: '/admin/test-runs',
      section: 'operations',
      icon: 'check',
      order: 45,
      label: { en: 'Test runs', fr: 'Exécutions de tests', de: 'Testläufe', lb: 'Testleef' },
    },
  ],
};

/**
 * The test-run dashboard (/admin/test-runs): whether this deployment can run its suite, the run
 * and collect buttons (one run at a time: the API's refusal in words), the running run's progress
 * fetched again every 2 s and its cancel button, the pass rate over time and per category, the
 * tests failing in the last run, the flaky and the slowest ones, and the history; a run's page
 * with its results per test and their failure messages.
 */
export function testRunPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  testRunDashboard(api, services);
  testRunPage(api, services);
  testRunForms(api, services);

  return api.router;
}
