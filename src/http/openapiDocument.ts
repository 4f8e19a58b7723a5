import type Router from '@koa/router';
import type Koa from 'koa';
import { Type } from '@sinclair/typebox';
import { readFileSync } from 'node:fs';
import { INSTALLATION_ROOT } from '../runtime/installation.ts';
import { join } from 'node:path';
import type { Services } from '../runtime/services.ts';
import { Api } from './api.ts';
import { buildOpenApi } from './openapi.ts';

/** The service's version, from package.json (the repository's own manifest, with its version field). */
export const SERVICE_VERSION = (JSON.parse(readFileSync(join(INSTALLATION_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the document is served; the API reference (/docs) and the home page read it there. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

const built = new WeakMap<Koa, Record<string, unknown>>();

/** The OpenAPI document of an app of createApp, built once per app from its route declarations. */
export function openApiDocument(app: Koa): Record<string, unknown> {
  let document = built.get(app);
  if (!document) {
    document = buildOpenApi(app, { version: SERVICE_VERSION });
    built.set(app, document);
  }
  return document;
}

/**
 * The Swagger UI deep link (/docs#/<tag>/<operationId>) of a documented operation, read off the
 * document itself so it follows the declarations; undefined when the operation is not documented.
 */
export function docsLink(app: Koa, method: string, path: string): string | undefined {
  const paths = openApiDocument(app).paths as Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation?.operationId) return undefined;
  return `/docs#/${encodeURIComponent(operation.tags?.[0] ?? 'default')}/${encodeURIComponent(operation.operationId)}`;
}

/** GET /api/v1/openapi.json: the document of the app that serves it, built once per app. */
export function openApiRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    OPENAPI_PATH,
    {
      summary: 'This API as an OpenAPI 3.1 document, built from the route declarations',
      description:
        'Every route is declared once (src/http/api.ts); this document, the request validation and the response check all read ' +
        'those declarations. The API reference at /docs renders it.',
      responses: {
        200: Type.Object(
          { openapi: Type.String(), info: Type.Object({}), paths: Type.Object({}) },
          { $id: 'OpenApiDocument', additionalProperties: true },
        ),
      },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = openApiDocument(ctx.app);
    },
  );
  return api.router;
}
