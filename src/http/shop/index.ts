import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';

/** /api/v1/shop (SPEC.md part 1). Business-area routers are mounted here as they arrive. */
export function shopRoutes(services: Services): Router {
  void services;
  return new Router();
}
