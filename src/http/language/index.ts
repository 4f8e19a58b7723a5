import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { languageApiRoutes } from './languages.ts';

/** /api/v1/language (SPEC.md 4.4). Business-area routers are mounted here as they arrive. */
export function languageRoutes(services: Services): Router {
  const router = new Router();
  for (const area of [languageApiRoutes]) router.use(area(services).routes());
  return router;
}
