import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';

/** /api/v1/vendor (SPEC.md part 1). Business-area routers are mounted here as they arrive. */
export function vendorRoutes(services: Services): Router {
  void services;
  return new Router();
}
