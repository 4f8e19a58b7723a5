import type Koa from 'koa';
import type { Context, Next } from 'koa';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import type { RouterContext } from '@koa/router';
import type { RouteState } from './api.ts';
import { routeResponses } from './openapi.ts';
import { entryFor } from './routeTable.ts';
import { forAjv } from './validation.ts';

/**
 * The test suites' check that the service answers what it documents: first in the chain, it
 * compares every answer of a declared route with the schema documented for its status
 * (src/http/openapi.ts routeResponses) and reports each drift (an undocumented status, a body
 * that does not match). The test app fails the test during which a drift was reported.
 * Never mounted in production: it costs a validation per answer.
 */
const addFormats = addFormatsModule.default;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new WeakMap<TSchema, ValidateFunction>();

function validator(schema: TSchema): ValidateFunction {
  const known = compiled.get(schema);
  if (known) return known;
  const fn: ValidateFunction = ajv.compile(forAjv(schema));
  compiled.set(schema, fn);
  return fn;
}

export function responseConformance(app: Koa, onDrift: (drift: string) => void) {
  return async function checkResponse(ctx: Context, next: Next) {
    await next();
    // Every route of the app is declared by a path string, never a regular expression.
    const { _matchedRoute } = ctx as RouterContext;
    const matched = typeof _matchedRoute === 'string' ? _matchedRoute : undefined;
    const { route, routeAbsent } = ctx.state as RouteState;
    const entry = route ?? entryFor(app, ctx.method === 'HEAD' ? 'GET' : ctx.method, matched);
    if (!entry || ctx.method === 'HEAD' || (routeAbsent && !route)) return;
    const where = `${ctx.method} ${matched ?? ctx.path} → ${ctx.status}`;
    const documented = routeResponses(entry).get(ctx.status);
    if (!documented) {
      onDrift(`${where}: status not documented (documented: ${[...routeResponses(entry).keys()].join(', ')}); body ${preview(ctx.body)}`);
      return;
    }
    if (!documented.schema) return;
    if (
      ctx.body === null ||
      ctx.body === undefined ||
      Buffer.isBuffer(ctx.body) ||
      (typeof ctx.body === 'object' && 'pipe' in ctx.body && typeof ctx.body.pipe === 'function')
    ) {
      onDrift(`${where}: a JSON body is documented, the answer has none`);
      return;
    }
    const body: unknown = JSON.parse(JSON.stringify(ctx.body));
    const fn = validator(documented.schema);
    if (!fn(body)) {
      const problems = (fn.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join('; ');
      onDrift(`${where}: body does not match its schema: ${problems}; body ${preview(ctx.body)}`);
    }
  };
}

function preview(body: unknown): string {
  try {
    const s = JSON.stringify(body) ?? String(body);
    return s.length > 300 ? `${s.slice(0, 300)}…` : s;
  } catch {
    return String(body);
  }
}
