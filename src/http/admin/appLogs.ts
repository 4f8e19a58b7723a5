import type Router from '@koa/router';
import { listApplicationLogs } from '../../../queries/app-logs/listApplicationLogs.ts';
import type { Services } from '../../runtime/services.ts';
import { logTime } from '../../runtime/logTap.ts';
import { Api } from '../api.ts';
import { LogListResponse, LogQuery } from '../schemas/appLogs.ts';

/**
 * The admins' application logs (SPEC.md 4.4 "the admin logs"): every instance's log lines, kept
 * in one store bounded by age and size, secrets removed before they are kept.
 */
export function adminAppLogRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  api.get(
    '/logs',
    {
      summary: "The service's log lines of every instance, newest first; filters level, time range, text, request id, user and instance",
      query: LogQuery,
      responses: { 200: LogListResponse },
    },
    async (ctx, { query }) => {
      const { page = 1, limit = 20, ...filter } = query;
      ctx.body = await listApplicationLogs(services.db.knex, filter, { page, limit }, logTime());
    },
  );
  return api.router;
}
