import { randomUUID } from 'node:crypto';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Services } from '../runtime/services.ts';
import { modules } from '../modules/index.ts';
import { routeEntryOf, type ApiArea } from './api.ts';
import { errorHandler } from './errorHandler.ts';
import { inputGuard } from './inputGuard.ts';
import { responseConformance } from './responseConformance.ts';
import { registerRoot } from './routeTable.ts';
import { vendorContext } from './vendorContext.ts';

export interface AppOptions {
  /** Test suites: check every answer against its route's documented schema (responseConformance.ts). */
  onDrift?: (drift: string) => void;
}

/**
 * The API areas of SPEC.md part 1, each one router under /api/v1/<area>, assembled from the
 * modules' declarations (src/modules/index.ts) in the modules' order; the probes at the root.
 */
export function createApp(services: Services, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  if (options.onDrift) app.use(responseConformance(app, options.onDrift));
  app.use(requestLog(services));
  app.use(errorHandler(services.logger));
  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', includeUnparsed: true, jsonStrict: true }));
  app.use(inputGuard());

  const root = new Router();
  for (const area of API_AREAS) {
    const router = new Router();
    // Every shop route runs for the vendor the request names (src/http/vendorContext.ts).
    if (area === 'shop') router.use(vendorContext(services));
    for (const module of modules) {
      for (const factory of module.routes?.[area] ?? []) {
        const routes = factory(services);
        tagRoutes(routes, module.tag, module.description);
        router.use(routes.routes());
      }
    }
    if (area === 'health' || area === 'root') root.use(router.routes());
    else root.use(`/api/v1/${area}`, router.routes(), router.allowedMethods());
  }
  for (const module of modules) {
    for (const factory of module.pages ?? []) {
      const pages = factory(services);
      tagRoutes(pages, module.tag, module.description);
      root.use(pages.routes());
    }
  }
  app.use(root.routes());
  app.use(root.allowedMethods());
  registerRoot(app, root);
  return app;
}

const API_AREAS: readonly ApiArea[] = ['root', 'health', 'admin', 'vendor', 'shop', 'public', 'language', 'platform'];

/** A module's routes carry its OpenAPI tag. */
function tagRoutes(router: Router, tag: string, description: string): void {
  for (const layer of router.stack) {
    const entry = routeEntryOf(layer.stack);
    if (entry && !entry.tag) {
      entry.tag = tag;
      entry.tagDescription = description;
    }
  }
}

/** One JSON line per request: id, method, path (no query string), status, duration. */
function requestLog(services: Services) {
  return async function logRequest(ctx: Context, next: Next) {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      services.logger.info({ req_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };
}

export { mountedRoutes } from './routeTable.ts';
