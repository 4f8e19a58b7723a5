import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { readFileSync } from 'node:fs';
import type { Services } from '../runtime/services.ts';
import { Api } from './api.ts';
import { buildOpenApi } from './openapi.ts';

/** The service's version, from package.json. */
export const SERVICE_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** GET /api/v1/openapi.json: the document of the app that serves it, built once per app. */
export function openApiRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const built = new WeakMap<object, Record<string, unknown>>();
  api.get('/api/v1/openapi.json', {
    summary: 'This API as an OpenAPI 3.1 document, built from the route declarations',
    responses: { 200: Type.Object({ openapi: Type.String(), info: Type.Object({}), paths: Type.Object({}) }, { additionalProperties: true }) },
  }, (ctx) => {
    let document = built.get(ctx.app);
    if (!document) {
      document = buildOpenApi(ctx.app, { version: SERVICE_VERSION });
      built.set(ctx.app, document);
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
  return api.router;
}
