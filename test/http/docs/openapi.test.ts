import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../../../src/http/app.ts';
import { declaredRoutes } from '../../../src/http/routeTable.ts';
import { testApp, type TestApp } from '../../support/app.ts';

const run = promisify(execFile);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const toOpenApi = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The OpenAPI document is the route declarations, read off the mounted app: every mounted route
 * is in it, nothing else is, it passes a real linter, and every list has the list form.
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

  it('declares every mounted route, and documents no route that is not mounted', () => {
    const mounted = declaredRoutes(createApp(app.services));
    const undeclared = mounted.filter((r) => !r.entry).map((r) => `${r.method} ${r.path}`);
    expect(undeclared, 'mounted without a declaration').to.deep.equal([]);
    const mountedKeys = new Set(mounted.map((r) => `${r.method} ${toOpenApi(r.path)}`));
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

  it('documents the problem body and the exception codes a route can answer', () => {
    const detail = document.paths['/api/v1/admin/users/{id}'].get.responses;
    expect(detail['404'].content['application/problem+json'].schema).to.deep.equal({ $ref: '#/components/schemas/Problem' });
    expect(detail['404']['x-codes']).to.include('UserNotFoundException');
    expect(detail['422']['x-codes']).to.include('ValidationException');
    expect(document.components.schemas.Problem.required).to.include.members(['type', 'title', 'status', 'detail', 'code']);
  });

  it('answers every list in the form {items, total, page, limit}', () => {
    const lists: string[] = [];
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(document.paths as Record<string, any>)) {
      const schema = ops.get?.responses?.['200']?.content?.['application/json']?.schema;
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

  it('passes the Redocly OpenAPI linter with no errors', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    try {
      // redocly exits non-zero when it finds an error; warnings are printed and allowed.
      await run('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], { maxBuffer: 20 * 1024 * 1024 });
    } catch (err: any) {
      throw new Error(`redocly lint found errors:\n${String(err.stdout ?? '').slice(0, 6000)}\n${String(err.stderr ?? '').slice(0, 2000)}`);
    }
  });
});
