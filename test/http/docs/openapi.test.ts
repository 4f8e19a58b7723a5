import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import { createApp } from '../../../src/http/app.ts';
import { isPageRedirect } from '../../../src/http/openapi.ts';
import { declaredRoutes } from '../../../src/http/routeTable.ts';
import { testApp, type TestApp } from '../../support/app.ts';

const run = promisify(execFile);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const toOpenApi = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every operation of the document as [method, path, operation]. */
const operations = (document: any): [string, string, any][] => Object.entries(document.paths as Record<string, any>)
  .flatMap(([path, ops]) => Object.entries(ops).filter(([m]) => METHODS.includes(m)).map(([m, op]) => [m, path, op] as [string, string, any]));

/**
 * Whether a literal path segment can be the value of a path parameter of this schema (the
 * parameter's type, pattern, enum and length decide; a schema this does not read admits it).
 */
const ajv = new Ajv({ strict: false, coerceTypes: true });
function admitsSegment(schema: any, segment: string): boolean {
  return ajv.validate({ type: 'object', properties: { v: schema } }, { v: segment });
}

/**
 * The OpenAPI document is the route declarations, read off the mounted app: every mounted route
 * is in it but the HTML forms, nothing else is, it passes a real linter, every list has the list
 * form, and every body it describes is a named schema a generated client gets a type for.
 */
describe('the OpenAPI document of the service', () => {
  let app: TestApp;
  let document: any;

  before(async () => {
    app = await testApp();
    const res = await app.call('GET', '/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    document = res.body;
  });

  it('is OpenAPI 3.1 with the version of the service and a tag per business area', () => {
    expect(document.openapi).to.equal('3.1.0');
    expect(document.info.version).to.match(/^\d+\.\d+\.\d+/);
    const tags = document.tags.map((t: any) => t.name);
    expect(tags).to.include.members(['Auth', 'Users', 'Orders', 'Catalogue', 'Invoices', 'Health', 'Language', 'Vendors']);
  });

  it('declares every mounted route, documents each but the pages\' forms and redirects, and documents no route that is not mounted', () => {
    const mounted = declaredRoutes(createApp(app.services));
    const undeclared = mounted.filter((r) => !r.entry).map((r) => `${r.method} ${r.path}`);
    expect(undeclared, 'mounted without a declaration').to.deep.equal([]);
    const redirects = mounted.filter((r) => isPageRedirect(r.entry!));
    expect(redirects.filter((r) => r.method === 'POST').length, 'the pages\' forms (a POST answering 303)').to.be.greaterThan(20);
    expect(redirects.filter((r) => r.path.startsWith('/api/')), 'the API answers its clients, never with only a redirect').to.deep.equal([]);
    const mountedKeys = new Set(mounted.filter((r) => !isPageRedirect(r.entry!)).map((r) => `${r.method} ${toOpenApi(r.path)}`));
    const documented = Object.entries(document.paths as Record<string, any>)
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.filter((k) => !mountedKeys.has(k)), 'documented but not mounted').to.deep.equal([]);
    expect([...mountedKeys].filter((k) => !documented.includes(k)), 'mounted but not documented').to.deep.equal([]);
  });

  it('gives each area its security scheme: bearer for admin and vendor, none for public and language', () => {
    expect(document.paths['/api/v1/admin/users'].get.security).to.deep.equal([{ adminBearer: [] }]);
    expect(document.paths['/api/v1/admin/auth/login'].post.security).to.deep.equal([]);
    expect(document.components.securitySchemes.adminBearer).to.include({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.customerCookie).to.include({ type: 'apiKey', in: 'cookie' });
  });

  it('documents the problem body and the exception codes a route can answer, each shared answer once', () => {
    const answer = (r: any) => (r.$ref ? document.components.responses[r.$ref.replace('#/components/responses/', '')] : r);
    const detail = document.paths['/api/v1/admin/users/{id}'].get.responses;
    expect(answer(detail['404']).content['application/problem+json'].schema).to.deep.equal({ $ref: '#/components/schemas/Problem' });
    expect(answer(detail['404'])['x-codes']).to.include('UserNotFoundException');
    expect(answer(detail['422'])['x-codes']).to.include('ValidationException');
    expect(document.components.schemas.Problem.required).to.include.members(['type', 'title', 'status', 'detail', 'code']);
    // The admin guard's 401 is one answer referenced by every admin route.
    expect(detail['401']).to.deep.equal({ $ref: '#/components/responses/Authentication401' });
    expect(document.paths['/api/v1/admin/companies'].get.responses['401']).to.deep.equal(detail['401']);
  });

  it('names every body: each request and JSON answer is a component schema, referenced (SPEC.md\'s names where it gives one)', () => {
    const unnamed: string[] = [];
    for (const [method, path, op] of operations(document)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}) as [string, any][]) {
        if (type !== 'multipart/form-data' && type !== 'application/json') continue;
        // A raw body (a webhook's bytes, signed as sent) is a file, not a schema.
        if (!media.schema?.$ref && media.schema?.format !== 'binary') unnamed.push(`${method.toUpperCase()} ${path}: request ${type}`);
      }
      for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
        const schema = response.content?.['application/json']?.schema;
        if (schema && !schema.$ref) unnamed.push(`${method.toUpperCase()} ${path}: ${status}`);
      }
    }
    expect(unnamed, 'give each a TypeBox $id').to.deep.equal([]);
    const names = Object.keys(document.components.schemas);
    expect(names).to.include.members(['VendorDetailResponse', 'VendorCreate', 'VendorUpdate', 'UserListResponse', 'UserDetailResponse', 'UserCreate',
      'UserUpdate', 'UserLogin', 'CartResponse', 'CartItemResponse', 'AddToCartRequest', 'UpdateCartItemRequest', 'CartOperationResponse',
      'ClearCartResponse', 'CustomerPasswordChange', 'ContentPageCreate', 'ContentPageUpdate', 'ImportStatsResponse',
      'AdminMarketplaceImportJobRequest', 'ExtmarketExportRequest', 'ExtmarketExportResponse', 'InvoicePDFGeneratedResponse',
      'InvoiceStatsResponse', 'ThemePresetListResponse', 'ThemePresetResponse', 'ThemeDeleteResponse', 'InventoryMessageResponse', 'UsageSummary']);
    // A named schema is stated once: the users list refers to its items' schema.
    expect(document.components.schemas.UserListResponse.properties.items.items).to.deep.equal({ $ref: '#/components/schemas/UserItem' });
  });

  it('bounds every integer parameter, so a number past it is a 422 naming the parameter', () => {
    const unbounded = operations(document).flatMap(([method, path, op]) => (op.parameters ?? [])
      .filter((p: any) => p.schema?.type === 'integer' && p.schema.maximum === undefined)
      .map((p: any) => `${method.toUpperCase()} ${path} ${p.in} ${p.name}`));
    expect(unbounded, 'build integer parameters from BoundedInteger (src/http/validation.ts)').to.deep.equal([]);
  });

  it('has no two paths that name one URL (the linter\'s no-ambiguous-paths, reading the parameters\' types)', () => {
    const paths = Object.keys(document.paths);
    const paramSchema = (path: string, name: string) => {
      const ops = Object.values(document.paths[path]) as any[];
      return ops.flatMap((op) => op.parameters ?? []).find((p: any) => p.in === 'path' && p.name === name)?.schema ?? {};
    };
    const variable = (segment: string) => /^\{(.+)\}$/.exec(segment)?.[1];
    const ambiguous: string[] = [];
    for (const [i, a] of paths.entries()) {
      for (const b of paths.slice(i + 1)) {
        const sa = a.split('/');
        const sb = b.split('/');
        // As the linter does: paths of as many segments and as many parameters.
        if (sa.length !== sb.length || sa.filter(variable).length !== sb.filter(variable).length) continue;
        const overlap = sa.every((x, k) => {
          const y = sb[k];
          const [vx, vy] = [variable(x), variable(y)];
          if (vx && vy) return true;
          if (vx) return admitsSegment(paramSchema(a, vx), y);
          if (vy) return admitsSegment(paramSchema(b, vy), x);
          return x === y;
        });
        if (overlap) ambiguous.push(`${a} and ${b}`);
      }
    }
    expect(ambiguous).to.deep.equal([]);
  });

  it('answers every list in the form {items, total, page, limit}', () => {
    const named = (schema: any) => (schema?.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema);
    const lists: string[] = [];
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(document.paths as Record<string, any>)) {
      const schema = named(ops.get?.responses?.['200']?.content?.['application/json']?.schema);
      if (!schema?.properties?.items || schema.properties.items.type !== 'array') continue;
      // A list counts its rows (total) or is paged; a detail whose `items` are an order's lines is neither,
      // and an autocomplete answers its first matches only.
      const paged = (ops.get.parameters ?? []).some((p: any) => p.name === 'page');
      if (!paged && !schema.properties.total) continue;
      lists.push(path);
      const missing = ['items', 'total', 'page', 'limit'].filter((f) => !schema.required?.includes(f));
      if (missing.length > 0) wrong.push(`${path}: no ${missing.join(', ')}`);
      if (!paged) wrong.push(`${path}: a list without a page parameter`);
    }
    expect(lists.length).to.be.greaterThan(20);
    expect(wrong).to.deep.equal([]);
  });

  it('passes the Redocly OpenAPI linter with no error and no warning', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    let report: string;
    try {
      // --max-problems: every problem listed; the summary is a JSON report of totals.
      const { stdout } = await run('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000'],
        { maxBuffer: 50 * 1024 * 1024 });
      report = stdout;
    } catch (err: any) {
      throw new Error(`redocly lint found errors:\n${String(err.stdout ?? '').slice(0, 6000)}\n${String(err.stderr ?? '').slice(0, 2000)}`);
    }
    const { totals, problems } = JSON.parse(report.slice(report.indexOf('{')));
    const listed = problems.map((p: any) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer})`);
    expect({ errors: totals.errors, warnings: totals.warnings, problems: listed.slice(0, 20) }).to.deep.equal({ errors: 0, warnings: 0, problems: [] });
  });
});
