import type { Context } from 'koa';
import type { RouterContext } from '@koa/router';
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ValidationException, type ValidationIssue } from '../core/errors.ts';

/**
 * Request validation: one TypeBox declaration gives the JSON Schema (compiled by ajv) and the
 * TypeScript type. Path and query values arrive as strings and are coerced; bodies are not:
 * `"5"` for an integer field in JSON is a client error. Any failure is a 422 with one entry per
 * problem, pointing at the field, never echoing the value.
 */
const addFormats = addFormatsModule.default;
const strict = addFormats(new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true }));
const coercing = addFormats(new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true }));
const cache = new WeakMap<TSchema, ValidateFunction>();

/**
 * A schema as ajv compiles it: without the `$id` names of the OpenAPI document's components
 * (src/http/openapiSchemas.ts). To ajv an `$id` is a URI to register: a named schema used twice
 * in one body (a billing and a shipping Address) would be two schemas under one URI.
 */
export function forAjv(schema: TSchema): object {
  // The JSON copy of a schema, an object, is an object again.
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value))) as object;
}

function compiled(schema: TSchema, coerce: boolean): ValidateFunction {
  const known = cache.get(schema);
  if (known) return known;
  const fn: ValidateFunction = (coerce ? coercing : strict).compile(forAjv(schema));
  cache.set(schema, fn);
  return fn;
}

function issues(part: string, errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    const missing = e.keyword === 'required' ? `/${e.params.missingProperty}` : '';
    const extra = e.keyword === 'additionalProperties' ? `/${e.params.additionalProperty}` : '';
    const allowed = e.keyword === 'enum' ? `: ${(e.params.allowedValues as unknown[]).join(', ')}` : '';
    return { pointer: `/${part}${e.instancePath}${missing}${extra}`, message: `${e.message ?? 'is invalid'}${allowed}` };
  });
}

/**
 * Path and query numbers that are not finite. Ajv reads `1e309` or `Infinity` as a number when it
 * coerces, and then skips `maximum` and the integer check for a value that is not finite: the
 * number would reach the database and fail there.
 */
function nonFinite(part: string, values: Record<string, unknown>): ValidationIssue[] {
  return Object.entries(values)
    .filter(([, v]) => (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'number' && !Number.isFinite(x)))
    .map(([name]) => ({ pointer: `/${part}/${name}`, message: 'must be a finite number' }));
}

export interface Schemas {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
}
export type Parsed<S extends Schemas> = {
  params: S['params'] extends TSchema ? Static<S['params']> : Record<string, string>;
  query: S['query'] extends TSchema ? Static<S['query']> : Record<string, unknown>;
  body: S['body'] extends TSchema ? Static<S['body']> : undefined;
};

/** Validates the request parts named in `schemas` and returns them typed; throws a 422. */
export function input<S extends Schemas>(ctx: Context, schemas: S): Parsed<S> {
  const found: ValidationIssue[] = [];
  const check = (part: 'params' | 'query' | 'body', value: unknown, coerce: boolean) => {
    const schema = schemas[part];
    if (!schema) return value;
    // No body at all reads as an empty object: the schema then says which fields are missing.
    const copy = value === undefined || value === null || value === '' ? {} : structuredClone(value);
    const fn = compiled(schema, coerce);
    if (!fn(copy)) found.push(...issues(part, fn.errors));
    else if (coerce) found.push(...nonFinite(part, copy as Record<string, unknown>));
    return copy;
  };
  // The router sets the params of the path it matched on the request's context.
  const routeParams = (ctx as Partial<RouterContext>).params;
  const params = check('params', { ...routeParams }, true);
  const query = check('query', { ...ctx.query }, true);
  const body = check('body', ctx.request.body, false);
  if (found.length > 0) throw new ValidationException('The request is not valid', found);
  return { params, query, body } as Parsed<S>;
}

/**
 * A body checked against a route's schema outside the request's own parsing: a back-office form
 * turned into the API's body meets the same rules, and the same 422, as the API call.
 */
export function validBody<T extends TSchema>(schema: T, value: unknown): Static<T> {
  const copy = structuredClone(value);
  const fn = compiled(schema, false);
  if (!fn(copy)) throw new ValidationException('The request is not valid', issues('body', fn.errors));
  return copy as Static<T>;
}

// Shared schema pieces.

/** The largest value of a PostgreSQL integer column: ids, counts and quantities all fit in it. */
export const INT32_MAX = 2_147_483_647;

/**
 * An integer a path or query parameter carries: always bounded (at most INT32_MAX unless the
 * caller narrows it), so that a value like 99999999999999999999 is a 422 naming the parameter,
 * never a query the database refuses. Every integer parameter is built from it (the OpenAPI test
 * checks that every integer parameter of the document has a maximum).
 */
export const BoundedInteger = (options: { minimum?: number; maximum?: number; default?: number; description?: string } = {}) =>
  Type.Integer({ minimum: 0, maximum: INT32_MAX, ...options });

export const Id = BoundedInteger({ minimum: 1 });
export const IdParams = Type.Object({ id: Id });
export const PageQuery = {
  page: Type.Optional(BoundedInteger({ minimum: 1, default: 1 })),
  limit: Type.Optional(BoundedInteger({ minimum: 1, maximum: 100, default: 20 })),
};
export const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Literal('lb')], { $id: 'Language' });
export const Email = Type.String({ format: 'email', maxLength: 254 });

/**
 * A list's `sort` parameter: one of the offered orders, a field name with a leading '-' for
 * descending. Every offered order ends on the row id, so pages never repeat or skip a row; an
 * unknown value is a 422 naming the allowed ones.
 */
export function SortQuery<S extends string>(sorts: readonly S[], description = 'The order of the list; a leading - sorts descending') {
  return Type.Optional(Type.Unsafe<S>({ type: 'string', enum: [...sorts], description }));
}
