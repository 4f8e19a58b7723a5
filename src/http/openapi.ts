import type Koa from 'koa';
import { Kind, type TSchema } from '@sinclair/typebox';
import type { RouteEntry, ResponseDecl, ExceptionClass } from './api.ts';
import { Problem } from './responses.ts';
import { declaredRoutes } from './routeTable.ts';

/**
 * The OpenAPI 3.1 document of an app, built from the declarations of its mounted routes
 * (src/http/api.ts) and nothing else: paths, parameters, bodies, answers, tags per business
 * area, the security scheme of each area, the problem bodies and the exception codes.
 */

const TITLES: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 302: 'Found', 400: 'Business rule broken or malformed body',
  401: 'No or bad credentials', 403: 'Forbidden', 404: 'Not found', 409: 'Conflict (duplicate, concurrent write, transition not allowed)',
  413: 'Too large', 415: 'Unsupported media type', 422: 'Validation failed', 429: 'Too many attempts', 502: 'An upstream service (the payment provider) failed', 503: 'Not ready',
};

interface ProblemInfo { codes: Set<string> }

function exceptionInfo(cls: ExceptionClass): { code: string; status: number } {
  const sample = new (cls as any)('', '', '');
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
  if (decl.params || decl.query || (decl.body && (decl.bodyType ?? 'json') === 'json')) add(422, 'ValidationException');
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
    for (const code of ['VendorAccessDeniedException', 'PasswordChangeRequiredException', 'InsufficientVendorPermissionsException']) add(403, code);
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

/** JSON Schema as it goes into the document: TypeBox's symbols dropped, Problem by reference. */
function plain(schema: TSchema): unknown {
  if (schema === Problem) return { $ref: '#/components/schemas/Problem' };
  return JSON.parse(JSON.stringify(schema, (key, value) => (key === '$id' ? undefined : value)));
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operationId(method: string, path: string): string {
  const words = path.replace(/^\/api\/v1\//, '').split(/[^A-Za-z0-9]+/).filter(Boolean)
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
  const tags = new Map<string, string>();
  for (const { method, path, entry } of declaredRoutes(app)) {
    if (!entry) continue;
    const { decl } = entry;
    const tag = entry.tag ?? entry.area;
    tags.set(tag, entry.tagDescription ?? `The ${tag} area.`);
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', decl.params], ['query', decl.query]] as const) {
      if (!schema) continue;
      const required = new Set<string>((schema as any).required ?? []);
      for (const [name, prop] of Object.entries((schema as any).properties ?? {})) {
        const p = plain(prop as TSchema) as Record<string, unknown>;
        const description = p.description;
        delete p.description;
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: p, ...(description ? { description } : {}) });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, r] of [...routeResponses(entry)].sort((a, b) => a[0] - b[0])) {
      const codes = r.codes?.length ? ` Codes: ${r.codes.join(', ')}.` : '';
      const contentType = r.contentType ?? 'application/json';
      responses[String(status)] = {
        description: (r.description ?? TITLES[status] ?? 'Answer') + codes,
        ...(r.schema || r.contentType ? { content: { [contentType]: r.schema ? { schema: plain(r.schema) } : {} } } : {}),
        ...(r.codes?.length ? { 'x-codes': r.codes } : {}),
      };
    }
    let requestBody: unknown;
    const bodyType = decl.bodyType ?? 'json';
    if (bodyType === 'json' && decl.body) {
      requestBody = { required: true, content: { 'application/json': { schema: plain(decl.body) } } };
    } else if (bodyType === 'multipart') {
      requestBody = { required: true, content: { 'multipart/form-data': { schema: decl.body ? plain(decl.body) : { type: 'object' } } } };
    } else if (bodyType === 'raw') {
      const types = decl.rawTypes ?? ['application/octet-stream'];
      requestBody = { required: true, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) };
    }
    const oaPath = toOpenApiPath(path);
    paths[oaPath] ??= {};
    paths[oaPath][method.toLowerCase()] = {
      tags: [tag],
      summary: decl.summary,
      ...(decl.description ? { description: decl.description } : {}),
      operationId: operationId(method, path),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      security: SECURITY[entry.caller],
      ...(decl.permission ? { 'x-permission': decl.permission } : {}),
      ...(decl.deprecated ? { deprecated: true } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce back-office API',
      version: info.version,
      description: 'Multi-tenant commerce back-office: admin, vendor, shop, public, language and platform areas. '
        + 'Lists answer {items, total, page, limit}; errors answer an RFC 9457 problem body with `code` (the domain exception) and, on a 422, `errors`.\n\n'
        + '- /api/v1/admin: an admin bearer token (sign-in is open).\n'
        + '- /api/v1/vendor: a vendor bearer token or the vendor_token cookie; the vendor is the token\'s, never the URL\'s.\n'
        + '- /api/v1/shop: the vendor the request names (path /vendors/{code}/shop/…, a subdomain, a verified custom domain, or the Referer); '
        + 'a customer token (bearer or the customer_token cookie) for orders, profile and addresses.\n'
        + '- /api/v1/public, /api/v1/language, /api/v1/platform, /health: no credential.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...tags].sort((a, b) => a[0].localeCompare(b[0])).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Problem: plain({ ...Problem, $id: undefined } as TSchema) },
      securitySchemes: {
        adminBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An admin access token (POST /api/v1/admin/auth/login).' },
        vendorBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A vendor access token (POST /api/v1/vendor/auth/login); it names the vendor.' },
        vendorCookie: { type: 'apiKey', in: 'cookie', name: 'vendor_token', description: 'The vendor pages\' cookie.' },
        customerBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A customer access token of the request\'s vendor.' },
        customerCookie: { type: 'apiKey', in: 'cookie', name: 'customer_token', description: 'The shop pages\' cookie (path /shop).' },
      },
    },
  };
}
