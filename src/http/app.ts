import { randomUUID } from 'node:crypto';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Services } from '../runtime/services.ts';
import { adminRoutes } from './admin/index.ts';
import { errorHandler } from './errorHandler.ts';
import { healthRoutes } from './health.ts';
import { inputGuard } from './inputGuard.ts';
import { languageRoutes } from './language/index.ts';
import { platformRoutes } from './platform/index.ts';
import { publicRoutes } from './public/index.ts';
import { shopRoutes } from './shop/index.ts';
import { vendorRoutes } from './vendor/index.ts';

/** The API areas of SPEC.md part 1, each one router under /api/v1/<area>. */
export function createApp(services: Services): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  app.use(requestLog(services));
  app.use(errorHandler(services.logger));
  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', includeUnparsed: true, jsonStrict: true }));
  app.use(inputGuard());

  const areas: [string, Router][] = [
    ['/api/v1/admin', adminRoutes(services)],
    ['/api/v1/vendor', vendorRoutes(services)],
    ['/api/v1/shop', shopRoutes(services)],
    ['/api/v1/public', publicRoutes(services)],
    ['/api/v1/language', languageRoutes(services)],
    ['/api/v1/platform', platformRoutes(services)],
  ];
  const root = new Router();
  root.use(healthRoutes(services).routes());
  for (const [prefix, router] of areas) root.use(prefix, router.routes(), router.allowedMethods());
  app.use(root.routes());
  app.use(root.allowedMethods());
  roots.set(app, root);
  return app;
}

const roots = new WeakMap<Koa, Router>();

/**
 * Every route an app of createApp serves, as [method, path] with @koa/router's path syntax
 * (`/api/v1/admin/users/:id`); HEAD is left out (it follows GET). The reliability suite walks
 * this list to send bad input to, and check the guards of, every route that exists.
 */
export function mountedRoutes(app: Koa): [string, string][] {
  const root = roots.get(app);
  if (!root) throw new Error('not an app of createApp');
  const seen = new Set<string>();
  const routes: [string, string][] = [];
  for (const layer of root.stack) {
    for (const method of layer.methods) {
      const key = `${method} ${layer.path}`;
      if (method === 'HEAD' || seen.has(key) || typeof layer.path !== 'string') continue;
      seen.add(key);
      routes.push([method, layer.path]);
    }
  }
  return routes;
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
