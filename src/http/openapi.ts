import type Koa from 'koa';
import { Kind, KindGuard, type TSchema } from '@sinclair/typebox';
import type { RouteEntry, ResponseDecl, ExceptionClass } from './api.ts';
import type { DomainException } from '../core/errors.ts';
import { ComponentSchemas } from './openapiSchemas.ts';
import { Problem } from './responses.ts';
import { declaredRoutes } from './routeTable.ts';

/**
 * The OpenAPI 3.1 document of an app, built from the declarations of its mounted routes
 * (src/http/api.ts) and nothing else: paths, parameters, bodies, answers, tags per business
 * area, the security scheme of each area, the problem bodies and the exception codes. Named
 * schemas are components, referenced wherever they are used (src/http/openapiSchemas.ts).
 *
 * It is the document of the JSON API: the pages' forms and redirects (a route whose answer is a
 * 303 to the page to show next, see isPageRedirect) are routes of the site, not operations a
 * client of the API calls, and are left out; the pages a browser reads stay, as text/html answers.
 */

const TITLES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  302: 'Found',
  400: 'Business rule broken or malformed body',
  401: 'No or bad credentials',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict (duplicate, concurrent write, transition not allowed)',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many attempts',
  502: 'An upstream service (the payment provider) failed',
  503: 'Not ready',
};

interface ProblemInfo {
  codes: Set<string>;
}

function exceptionInfo(cls: ExceptionClass): { code: string; status: number } {
  // The type admits abstract classes; a route only ever names concrete errors, built here with placeholder texts.
  const sample = new (cls as new (...args: string[]) => DomainException)('', '', '');
  return { code: sample.code, status: sample.status };
}

/**
 * Every answer a route can give: its own, and the problem bodies its kind of route gives
 * (the validator's 422, the guards' 401 and 403, a missing resource's 404, a concurrent
 * write's 409), each listing the exception codes behind it.
 */
export function routeResponses(entry: RouteEntry): Map<number, ResponseDecl & { codes?: string[] }> {
  const { decl } = entry;
  const out = new Map<number, ResponseDecl & { codes?: string[] }>();
  for (const [status, r] of Object.entries(decl.responses)) {
    const d: ResponseDecl = isSchema(r) ? { schema: r } : r;
    out.set(Number(status), d);
  }
  const problems = new Map<number, ProblemInfo>();
  const add = (status: number, code: string) => {
    const p = problems.get(status) ?? { codes: new Set<string>() };
    p.codes.add(code);
    problems.set(status, p);
  };
  const hasBody = decl.body !== undefined || decl.bodyType === 'multipart' || decl.bodyType === 'raw';
  // Every request passes the input guard (src/http/inputGuard.ts): a NUL or a lone surrogate in
  // the path or the query is a 422 on any route, before the route's own validation.
  add(422, 'ValidationException');
  if (hasBody) {
    add(400, 'MalformedRequestBody');
    add(413, 'PayloadTooLarge');
  }
  if (decl.bodyType === 'multipart' || decl.bodyType === 'raw') add(415, 'UnsupportedMediaType');
  if (entry.caller !== 'none') {
    add(401, 'AuthenticationException');
    add(403, 'AuthorizationException');
  }
  if (entry.caller === 'vendor') {
    for (const code of ['VendorAccessDeniedException', 'PasswordChangeRequiredException', 'InsufficientVendorPermissionsException'])
      add(403, code);
  }
  if (entry.area === 'shop') add(404, 'VendorNotFoundException');
  if (decl.params) add(404, 'ResourceNotFoundException');
  if (entry.method !== 'GET') add(409, 'ConcurrencyException');
  for (const cls of decl.errors ?? []) {
    const { code, status } = exceptionInfo(cls);
    add(status, code);
  }
  for (const [status, p] of problems) {
    if (out.has(status)) continue;
    out.set(status, { schema: Problem, contentType: 'application/problem+json', codes: [...p.codes].sort() });
  }
  return out;
}

function isSchema(r: TSchema | ResponseDecl): r is TSchema {
  return Kind in r;
}

/**
 * A step of the pages' navigation: its success is a 303 to the page to show next, never a 2xx
 * body (an HTML form's Post/Redirect/Get, or a page such as /admin that sends the browser to the
 * area's home or sign-in). The document of the JSON API leaves such routes out.
 */
export function isPageRedirect(entry: RouteEntry): boolean {
  const statuses = Object.keys(entry.decl.responses).map(Number);
  return statuses.includes(303) && !statuses.some((s) => s >= 200 && s < 300);
}

/**
 * The problem answers routes share (a 401 AuthenticationException, the vendor guard's 403s…), each
 * once under `components.responses`, named after its codes, and referenced by every route that
 * gives it: most routes answer the same few problems, and the document states each once.
 */
class ProblemResponses {
  private readonly byName = new Map<string, unknown>();

  ref(status: number, codes: string[], response: unknown): unknown {
    const name = `${codes.map((c) => c.replace(/Exception$/, '')).join('Or')}${status}`;
    const known = this.byName.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(response)) return response;
    this.byName.set(name, response);
    return { $ref: `#/components/responses/${name}` };
  }

  get responses(): Record<string, unknown> {
    return Object.fromEntries([...this.byName].sort((a, b) => a[0].localeCompare(b[0])));
  }
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

const SECURITY: Record<string, Record<string, string[]>[]> = {
  none: [],
  admin: [{ adminBearer: [] }],
  vendor: [{ vendorBearer: [] }, { vendorCookie: [] }],
  customer: [{ customerBearer: [] }, { customerCookie: [] }],
};

export interface DocumentInfo {
  version: string;
  serverUrl?: string;
}

export function buildOpenApi(app: Koa, info: DocumentInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = new ComponentSchemas();
  const problems = new ProblemResponses();
  const plain = (schema: TSchema) => components.ref(schema);
  const tags = new Map<string, string>();
  // A page whose path repeats an API route's without /api/v1 (/admin/messages) gets its id with "Page" appended.
  const ids = new Set<string>();
  const uniqueId = (id: string) => {
    let unique = id;
    for (let n = 2; ids.has(unique); n++) unique = `${id}Page${n > 2 ? n - 1 : ''}`;
    ids.add(unique);
    return unique;
  };
  for (const { method, path, entry } of declaredRoutes(app)) {
    if (!entry || isPageRedirect(entry)) continue;
    const { decl } = entry;
    const tag = entry.tag ?? entry.area;
    tags.set(tag, entry.tagDescription ?? `The ${tag} area.`);
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', decl.params],
      ['query', decl.query],
    ] as const) {
      // The path's and the query's parameters are the fields of an object schema.
      if (!KindGuard.IsObject(schema)) continue;
      const required = new Set<string>(schema.required ?? []);
      for (const [name, prop] of Object.entries(schema.properties)) {
        const p = plain(prop) as Record<string, unknown>;
        const description = p.$ref ? undefined : p.description;
        delete p.description;
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: p,
          ...(description ? { description } : {}),
        });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, r] of [...routeResponses(entry)].sort((a, b) => a[0] - b[0])) {
      const codes = r.codes?.length ? ` Codes: ${r.codes.join(', ')}.` : '';
      const contentType = r.contentType ?? 'application/json';
      const response = {
        description: `${r.description ?? TITLES[status] ?? 'Answer'}${codes ? '.' : ''}${codes}`,
        ...(r.schema || r.contentType ? { content: { [contentType]: r.schema ? { schema: plain(r.schema) } : {} } } : {}),
        ...(r.codes?.length ? { 'x-codes': r.codes } : {}),
      };
      responses[String(status)] = r.codes?.length ? problems.ref(status, r.codes, response) : response;
    }
    let requestBody: unknown;
    const bodyType = decl.bodyType ?? 'json';
    if (bodyType === 'json' && decl.body) {
      requestBody = { required: true, content: { 'application/json': { schema: plain(decl.body) } } };
    } else if (bodyType === 'multipart') {
      requestBody = { required: true, content: { 'multipart/form-data': { schema: decl.body ? plain(decl.body) : { type: 'object' } } } };
    } else if (bodyType === 'raw') {
      const types = decl.rawTypes ?? ['application/octet-stream'];
      requestBody = {
        required: true,
        content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
      };
    }
    const oaPath = toOpenApiPath(path);
    paths[oaPath] ??= {};
    paths[oaPath][method.toLowerCase()] = {
      tags: [tag],
      summary: decl.summary,
      ...(decl.description ? { description: decl.description } : {}),
      operationId: uniqueId(operationId(method, path)),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      security: SECURITY[entry.caller],
      ...(decl.permission ? { 'x-permission': decl.permission } : {}),
      ...(decl.deprecated ? { deprecated: true } : {}),
    };
  }
  plain(Problem);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce back-office API',
      version: info.version,
      description:
        'Multi-tenant commerce back-office: admin, vendor, shop, public, language and platform areas. ' +
        'Lists answer {items, total, page, limit}; errors answer an RFC 9457 problem body with `code` (the domain exception) and, on a 422, `errors`.\n\n' +
        '- /api/v1/admin: an admin bearer token (sign-in is open).\n' +
        "- /api/v1/vendor: a vendor bearer token or the vendor_token cookie; the vendor is the token's, never the URL's.\n" +
        '- /api/v1/shop: the vendor the request names (path /vendors/{code}/shop/…, a subdomain, a verified custom domain, or the Referer); ' +
        'a customer token (bearer or the customer_token cookie) for orders, profile and addresses.\n' +
        '- /api/v1/public, /api/v1/language, /api/v1/platform, /health: no credential.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...tags].sort((a, b) => a[0].localeCompare(b[0])).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components.schemas,
      responses: problems.responses,
      securitySchemes: {
        adminBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An admin access token (POST /api/v1/admin/auth/login).',
        },
        vendorBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A vendor access token (POST /api/v1/vendor/auth/login); it names the vendor.',
        },
        vendorCookie: { type: 'apiKey', in: 'cookie', name: 'vendor_token', description: "The vendor pages' cookie." },
        customerBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A customer access token of the request's vendor.",
        },
        customerCookie: { type: 'apiKey', in: 'cookie', name: 'customer_token', description: "The shop pages' cookie (path /shop)." },
      },
    },
  };
}
