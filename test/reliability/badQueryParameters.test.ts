import { parse as parseQuery } from 'node:querystring';
import { expect } from 'chai';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { testApp, type TestApp } from '../support/app.ts';
import { registerCustomer, shopClient } from '../support/customers.ts';
import { putOnTier } from '../support/plans.ts';
import { createVendorWithOwner, shopHeaders } from '../support/tenancy.ts';

/**
 * Bad input, parameter by parameter: every query parameter of every operation of the OpenAPI
 * document gets numbers that overflow or are not finite, backslashes, quotes, percent signs and
 * underscores (LIKE's wildcards), NUL bytes, very long text, bytes that are not UTF-8, control
 * and bidirectional characters and a repeated parameter, with the caller's proper credentials.
 *
 * What the document says of the parameter decides the answer: a value its schema accepts is
 * answered like the route without it (a 2xx stays a 2xx: a text filter takes any text), a value
 * it refuses is a 422 whose errors point at that parameter (`/query/<name>`). Never a 500, and
 * every answer carries X-Content-Type-Options: nosniff.
 */

/** Raw (URL-encoded) values: what a client can put after `name=`. */
const VALUES = [
  // Numbers: overflowing, not finite, past the 32-bit ids and past 2^53, fractional, negative, other notations.
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '99999999999999999999',
  '-99999999999999999999',
  '2147483648',
  '9007199254740993',
  '1.5',
  '-1',
  '0',
  '1e3',
  '0x10',
  '%205',
  // Text: LIKE's escape character and wildcards, quotes, NUL, long, not UTF-8, control and bidi characters, markup, SQL.
  '%5C',
  '%5C%5C',
  'a%5C',
  '%25',
  '%25%25',
  '_',
  '%5C%25',
  '%27',
  '%22',
  '%27%22%5C',
  '%00',
  'a%00b',
  'x'.repeat(10_000),
  '%FF%FE',
  '%C3%28',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%0A',
  '%3Cscript%3E',
  '1%3BDROP%20TABLE%20events',
  '',
];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
}

const addFormats = (addFormatsModule as any).default ?? addFormatsModule;
const ajv = addFormats(new Ajv({ allErrors: true, coerceTypes: true, strict: false }));
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether the document's schema of a parameter admits a value as the service receives it (the
 * query string decoded, numbers read from their text). A number must be finite; no text may hold
 * a NUL or a lone surrogate (PostgreSQL stores neither: the service refuses them everywhere).
 */
function admits(check: ValidateFunction, value: string | string[]): boolean {
  const holder: Record<string, unknown> = { v: value };
  if (!check(holder)) return false;
  const v = holder.v;
  if (typeof v === 'number' && !Number.isFinite(v)) return false;
  if (typeof v === 'string' && (v.includes('\u0000') || LONE_SURROGATE.test(v))) return false;
  return true;
}

/** A value a parameter's schema admits, for the required parameters that are not being fuzzed. */
function sample(schema: Record<string, any>): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.anyOf?.[0]?.const !== undefined) return String(schema.anyOf[0].const);
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(1, schema.minimum ?? 1));
  if (schema.type === 'boolean') return 'true';
  return 'ab'.padEnd(schema.minLength ?? 2, 'b');
}

describe('reliability: bad values in every query parameter of the OpenAPI document', function () {
  this.timeout(900_000);
  let app: TestApp;
  let operations: Operation[];
  const credentials: Record<string, Record<string, string>> = {};

  before(async () => {
    app = await testApp();
    const document = (await app.call('GET', '/api/v1/openapi.json')).body;
    // A parameter's schema may name a component (`#/components/schemas/Language`): the document is the base of those references.
    ajv.addSchema({ $id: 'openapi.json', components: document.components });
    operations = Object.entries(document.paths as Record<string, Record<string, any>>)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] })),
      )
      .filter((op) => op.parameters.some((p: Parameter) => p.in === 'query'));
    const vendor = await createVendorWithOwner(app);
    // Every feature: a gated route's refusal (403) would come before its parameters are read.
    await putOnTier(app, vendor.vendorId, 'enterprise');
    const customer = await registerCustomer(shopClient(app, vendor));
    credentials.admin = { authorization: `Bearer ${await app.adminToken()}` };
    credentials.vendor = { authorization: `Bearer ${vendor.ownerToken}` };
    credentials.shop = { ...shopHeaders(vendor.vendorCode), authorization: `Bearer ${customer.token}` };
  });

  const headersFor = (path: string) => credentials[/^\/api\/v1\/(admin|vendor|shop)\//.exec(path)?.[1] ?? ''] ?? {};

  async function send(method: string, url: string, headers: Record<string, string>) {
    const res = await fetch(app.url + url, { method, headers });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, nosniff: res.headers.get('x-content-type-options') };
  }

  it('answers 422 naming the parameter for a value its schema refuses, as without it for one it admits, never 500', async () => {
    const problems: string[] = [];
    let requests = 0;
    let parameters = 0;
    for (const op of operations) {
      const headers = headersFor(op.path);
      const path = op.path.replace(/\{[^}]+\}/g, '1');
      const query = op.parameters.filter((p) => p.in === 'query');
      // The other required parameters keep a value their schema admits while one is fuzzed.
      const others = (name: string) =>
        query
          .filter((p) => p.required && p.name !== name)
          .map((p) => `&${p.name}=${encodeURIComponent(sample(p.schema))}`)
          .join('');
      const baseline = await send(op.method, `${path}?${others('')}`, headers);
      for (const parameter of query) {
        parameters++;
        const schema = JSON.parse(JSON.stringify(parameter.schema).replaceAll('"#/components/', '"openapi.json#/components/'));
        const check = ajv.compile({ type: 'object', properties: { v: schema } });
        const cases: [string, string | string[]][] = VALUES.map((raw) => [`${parameter.name}=${raw}`, parseQuery(`v=${raw}`).v!]);
        cases.push([`${parameter.name}=1&${parameter.name}=2`, ['1', '2']]);
        for (const [fuzzed, received] of cases) {
          const res = await send(op.method, `${path}?${fuzzed}${others(parameter.name)}`, headers);
          requests++;
          const where = `${op.method} ${op.path}?${fuzzed.slice(0, 60)} → ${res.status}`;
          if (res.nosniff !== 'nosniff') problems.push(`${where}: no X-Content-Type-Options: nosniff`);
          if (res.status >= 500) {
            problems.push(`${where}: ${JSON.stringify(res.body).slice(0, 200)}`);
            continue;
          }
          const named = res.status === 422 && (res.body?.errors ?? []).some((e: any) => e.pointer === `/query/${parameter.name}`);
          if (admits(check, received)) {
            if (named) problems.push(`${where}: refused a value its schema admits: ${JSON.stringify(res.body.errors)}`);
            // An id filter may name nothing (404); any other admitted value is answered like the route without it.
            else if (baseline.status < 300 && res.status >= 300 && !(res.status === 404 && parameter.schema.type === 'integer'))
              problems.push(`${where}: the route answers ${baseline.status} without it: ${JSON.stringify(res.body).slice(0, 200)}`);
          } else if (!named) {
            problems.push(
              `${where}: a value the schema refuses is not a 422 naming /query/${parameter.name}: ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
        }
      }
    }
    console.log(`      ${operations.length} operations, ${parameters} query parameters, ${requests} requests`);
    if (problems.length > 0) console.log(problems.map((p) => `      ✗ ${p}`).join('\n'));
    expect(problems, `${problems.length} problems, listed above`).to.deep.equal([]);
  });
});
