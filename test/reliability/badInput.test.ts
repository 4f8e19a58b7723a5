import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createApp, mountedRoutes } from '../../src/http/app.ts';
import { sql } from '../../src/runtime/database.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { putOnTier } from '../support/plans.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

/**
 * Bad input: every route the app mounts (src/http/app.ts mountedRoutes) gets wrong
 * types, missing fields, huge strings, deep JSON, invalid UTF-8, SQL and HTML injection strings,
 * negative and overflowing numbers, path parameters that are not integers, broken query strings
 * and bodies of the wrong media type, with the caller's proper credentials (admin token on the
 * admin API, a vendor owner's token on the vendor API; no shop route exists yet, so no customer
 * token). Each answer must be below 500, and every error a problem body
 * (application/problem+json with type, title, status and code). A refused request changes
 * nothing: no event carries its request id (the correlation id of its commands), and every table
 * (read models, job tables…) is hashed around each route whose requests were all refused.
 * A GET route's requests are sent a few at a time, as concurrent clients would send them; the
 * requests of a route that may change something go one after the other (each may be accepted and
 * start background work that the next one joins, a scan or a test run, rather than racing it).
 * The service is quiet (consumers caught up, no background task running) before each route.
 *
 * Body fields are found the way a client would: an empty body is answered 422 with a pointer per
 * missing field; those fields, and a few common names, then get each bad value.
 */

const BAD_VALUES: unknown[] = [
  123,
  -1,
  0,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  '',
  ' ',
  'x'.repeat(100_000),
  [],
  {},
  null,
  true,
  false,
  "' OR '1'='1",
  "'; DROP TABLE events; --",
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ∑ 中文',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  '%s%s%n',
  { $gt: '' },
  [1, 'two', null],
];
/** Raw JSON number tokens JSON.stringify cannot write. */
const RAW_NUMBERS = ['1e309', '-1e309', '123456789012345678901234567890', '-0', '0.0000000000000000000000001'];
const COMMON_FIELDS = ['id', 'name', 'email', 'quantity', 'price_cents', 'vendor_id', 'page', 'status', 'is_active', 'code'];
const PATH_VALUES = [
  'abc',
  '1.5',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'Infinity',
  '1e3',
  '0x10',
  '%201',
  "1'%20OR%20'1'%3D'1",
  '%3Cscript%3E',
  '%00',
  '%ZZ',
  '..%2F..%2Fetc',
  'null',
  'x'.repeat(3000),
];
const QUERIES = [
  'page=-1&limit=-5',
  'page=0&limit=0',
  'page=abc&limit=1e309',
  'page=99999999999999999999&limit=1000000',
  `search=${'x'.repeat(10_000)}`,
  "search=' OR 1=1 --&q=%3Cscript%3E",
  'search[]=a&search[]=b&page[]=1',
  '__proto__[polluted]=1&constructor[prototype][x]=1',
  'is_active=maybe&role=root&status=%00',
  "sort=id;DROP TABLE events&order=1'",
  'search=%ZZ&page=%',
  'unknown_parameter=1',
];

interface Variant {
  label: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
}

/** Runs `work` over `items`, at most `width` at a time. */
async function inLanes<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Path parameters filled: each one in turn with every bad value, the others with `filler`. */
function pathVariants(path: string, filler: string): Variant[] {
  const params = path.match(/:[A-Za-z_]+/g) ?? [];
  const fill = (skip: number, value: string) => {
    let n = 0;
    return path.replace(/:[A-Za-z_]+/g, () => (n++ === skip ? value : filler));
  };
  const out: Variant[] = [];
  params.forEach((p, i) => {
    for (const v of PATH_VALUES) out.push({ label: `${p}=${v.slice(0, 30)}`, path: fill(i, v) });
  });
  return out;
}

function filled(path: string, filler: string): string {
  return path.replace(/:[A-Za-z_]+/g, filler);
}

describe('reliability: bad input on every route', function () {
  // 30,000 requests: 6 minutes on a quiet run of CI, 13 with other suites beside it. The limit only
  // tells a hang from a slow machine.
  this.timeout(1_800_000);
  let app: TestApp;
  let routes: [string, string][];
  const tokens: Record<string, string> = {};

  before(async () => {
    app = await testApp();
    routes = mountedRoutes(createApp(app.services));
    tokens.admin = await app.adminToken();
    const vendor = await createVendorWithOwner(app);
    // Every feature: a gated route's refusal (403) would come before its input is read.
    await putOnTier(app, vendor.vendorId, 'enterprise');
    tokens.vendor = vendor.ownerToken;
  });

  after(async () => {
    // Sign-in failures of the fuzz are rate-limit entries for 127.0.0.1: lift them for later files.
    await sql(app.services.db.knex, 'DELETE FROM auth_throttle');
  });

  const tokenFor = (path: string) =>
    path.startsWith('/api/v1/admin/') ? tokens.admin : path.startsWith('/api/v1/vendor/') ? tokens.vendor : undefined;

  async function send(method: string, v: Variant, token?: string, requestId?: string) {
    const headers: Record<string, string> = {};
    if (requestId) headers['x-request-id'] = requestId;
    if (token) headers.authorization = `Bearer ${token}`;
    if (v.body !== undefined) headers['content-type'] = v.contentType ?? 'application/json';
    const body = v.body === undefined || typeof v.body === 'string' ? v.body : new Uint8Array(v.body);
    const leave = new AbortController();
    const res = await fetch(app.url + v.path, { method, headers, body, signal: leave.signal });
    // An event stream stays open: what it sends within a moment is its answer, then the client leaves.
    const stream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
    const timer = stream ? setTimeout(() => leave.abort(), 300) : undefined;
    const text = stream ? await res.text().catch(() => '') : await res.text();
    clearTimeout(timer);
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: parsed };
  }

  /**
   * The request ids among `ids` on whose behalf events were appended after `head`: commands carry
   * the request's id as their correlation id, so a background job another request started
   * earlier (an extmarket sync still running) is never taken for this request's doing.
   */
  async function withEvents(head: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await sql(
      app.services.db.knex,
      `SELECT DISTINCT metadata->>'correlation_id' AS id FROM events
      WHERE position > $1 AND metadata->>'correlation_id' = ANY($2::text[])`,
      [head, ids],
    );
    return new Set(rows.map((r: any) => r.id as string));
  }

  const eventsHead = async () => String((await sql(app.services.db.knex, 'SELECT coalesce(max(position), 0)::text AS p FROM events'))[0].p);

  /** A hash of every table the requests could touch (bookkeeping that moves by itself excluded). */
  async function tablesHash(): Promise<Record<string, string>> {
    const tables = await sql(
      app.services.db.knex,
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public'
      AND tablename NOT IN ('knex_migrations', 'knex_migrations_lock', 'consumer_checkpoints', 'auth_throttle', 'scheduled_runs', 'live_connections',
        'application_logs', 'metric_windows', 'platform_instances', 'feed_heads')
      ORDER BY 1`,
    );
    const union = tables
      .map(
        (t: any) =>
          `SELECT '${t.tablename}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t.tablename}" x`,
      )
      .join(' UNION ALL ');
    const rows = await sql(app.services.db.knex, union);
    return Object.fromEntries(rows.map((r: any) => [r.t, r.h]));
  }

  /**
   * Waits until every consumer has applied everything (a 2xx may start projections and process
   * managers) and the background work an accepted request started (a scan, a test run, an import:
   * the task monitor's list) has ended, so that none of it is counted against the next route.
   */
  async function quiet() {
    const deadline = Date.now() + 180_000;
    // Asked often at first (most routes start nothing), then less often while a scan or a test run
    // goes on: the polls share the service's process with the work they wait for.
    for (let pause = 10; Date.now() < deadline; pause = Math.min(pause * 2, 250)) {
      const health: any = await (await fetch(`${app.url}/health/ready`)).json();
      if (health.checks.consumers.every((c: any) => c.lag === 0)) {
        const active = await Promise.all(
          ['pending', 'queued', 'running', 'processing'].map(async (status) => {
            const res = await fetch(`${app.url}/api/v1/admin/tasks?status=${status}&limit=1`, {
              headers: { authorization: `Bearer ${tokens.admin}` },
            });
            return ((await res.json()) as any).items?.length ?? 0;
          }),
        );
        if (active.every((n) => n === 0)) return;
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  /** Field names the route's body schema asks for: the pointers of a 422 to an empty body. */
  async function fieldsOf(method: string, path: string, token?: string): Promise<string[]> {
    const res = await send(method, { label: 'discover', path, body: '{}' }, token);
    const found = new Set<string>();
    if (res.status === 422 && Array.isArray(res.body?.errors)) {
      for (const e of res.body.errors) {
        const m = /^\/body\/([^/]+)/.exec(String(e.pointer ?? ''));
        if (m) found.add(m[1]);
      }
    }
    return [...found];
  }

  async function variantsFor(method: string, path: string, token?: string): Promise<Variant[]> {
    // DELETE routes get ids that do not exist, so that the fixtures outlive the fuzz.
    const filler = method === 'DELETE' ? '999999' : '1';
    const base = filled(path, filler);
    const out: Variant[] = [...pathVariants(path, filler)];
    for (const q of QUERIES) out.push({ label: `?${q.slice(0, 40)}`, path: `${base}?${q}` });
    if (method === 'GET' || method === 'HEAD') return out;
    const fields = [...new Set([...(await fieldsOf(method, base, token)), ...COMMON_FIELDS])];
    for (const value of BAD_VALUES) {
      out.push({
        label: `all fields = ${JSON.stringify(value).slice(0, 30)}`,
        path: base,
        body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))),
      });
    }
    for (const raw of RAW_NUMBERS)
      out.push({ label: `numbers ${raw}`, path: base, body: `{${fields.map((f) => `"${f}":${raw}`).join(',')}}` });
    const depth = 100_000;
    out.push(
      { label: 'no body', path: base },
      { label: 'JSON array', path: base, body: '[]' },
      { label: 'JSON string', path: base, body: '"text"' },
      { label: 'JSON null', path: base, body: 'null' },
      { label: 'broken JSON', path: base, body: '{"a": ' },
      { label: 'duplicate keys', path: base, body: `{"${fields[0]}":1,"${fields[0]}":"x"}` },
      { label: 'deep JSON array', path: base, body: `${'['.repeat(depth)}${']'.repeat(depth)}` },
      { label: 'deep JSON object', path: base, body: `${'{"a":'.repeat(depth / 10)}1${'}'.repeat(depth / 10)}` },
      { label: 'deep JSON in a field', path: base, body: `{"${fields[0]}":${'['.repeat(depth)}${']'.repeat(depth)}}` },
      {
        label: 'invalid UTF-8',
        path: base,
        body: Buffer.concat([Buffer.from(`{"${fields[0]}":"`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]), Buffer.from('"}')]),
      },
      { label: 'BOM and UTF-16', path: base, body: Buffer.from(`\ufeff{"${fields[0]}":"x"}`, 'utf16le') },
      { label: 'over 1 MB', path: base, body: JSON.stringify({ [fields[0]]: 'x'.repeat(1_200_000) }) },
      { label: 'text/plain', path: base, body: '{"a":1}', contentType: 'text/plain' },
      { label: 'form body', path: base, body: 'a=1&a=2&__proto__[x]=1&email[]=x', contentType: 'application/x-www-form-urlencoded' },
      {
        label: 'multipart garbage',
        path: base,
        body: '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n',
        contentType: 'multipart/form-data; boundary=y',
      },
      { label: 'unknown media type', path: base, body: '\u0000\u0001', contentType: 'application/octet-stream' },
      { label: 'prototype pollution', path: base, body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    );
    return out;
  }

  /** A GET route's requests sent to the service at once; the rest wait for a free lane. */
  const LANES = 6;

  it('never answers 500, always a problem body, and a refused request changes nothing', async () => {
    const problems: string[] = [];
    let requests = 0;
    let checkedRoutes = 0;
    let waited = 0;
    const began = Date.now();
    for (const [method, path] of routes) {
      const token = tokenFor(path);
      // The variants first: finding a body's fields sends the route an empty body, which it may
      // accept (a scan, a test run), and what that starts must settle before the tables are read.
      const variants = await variantsFor(method, path, token);
      const settling = Date.now();
      await quiet();
      waited += Date.now() - settling;
      const before = await tablesHash();
      const head = await eventsHead();
      const refused: { id: string; where: string }[] = [];
      let anyAccepted = false;
      await inLanes(variants, method === 'GET' || method === 'HEAD' ? LANES : 1, async (v) => {
        const requestId = `bad-input-${randomUUID()}`;
        let res;
        try {
          res = await send(method, v, token, requestId);
        } catch (err) {
          problems.push(`${method} ${path} [${v.label}]: no answer (${(err as Error).message})`);
          return;
        }
        requests++;
        const where = `${method} ${path} [${v.label}] → ${res.status}`;
        if (res.status >= 500) problems.push(`${where}: ${JSON.stringify(res.body).slice(0, 200)}`);
        if (res.status >= 400) {
          const b = res.body;
          const ok =
            /application\/problem\+json/.test(res.type) &&
            b &&
            typeof b === 'object' &&
            b.status === res.status &&
            typeof b.type === 'string' &&
            typeof b.title === 'string' &&
            typeof b.code === 'string';
          if (!ok) problems.push(`${where}: not a problem body (${res.type}) ${String(JSON.stringify(b)).slice(0, 120)}`);
        }
        if (res.status >= 200 && res.status < 300) anyAccepted = true;
        else refused.push({ id: requestId, where });
      });
      // Commands append their events before the request is answered: every refused request's are in by now.
      const appended = await withEvents(
        head,
        refused.map((r) => r.id),
      );
      for (const r of refused) if (appended.has(r.id)) problems.push(`${r.where}: refused, yet events were appended`);
      if (!anyAccepted) {
        const after = await tablesHash();
        const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
        if (changed.length > 0) problems.push(`${method} ${path}: every request refused, yet ${changed.join(', ')} changed`);
        checkedRoutes++;
      }
    }
    console.log(
      `      ${routes.length} routes, ${requests} requests in ${((Date.now() - began) / 1000).toFixed(0)} s (${(waited / 1000).toFixed(0)} s of it waiting for background work to end); ${checkedRoutes} routes refused everything and left every table as it was`,
    );
    if (problems.length > 0) console.log(problems.map((p) => `      ✗ ${p}`).join('\n'));
    expect(problems, `${problems.length} problems, listed above`).to.deep.equal([]);
    // Still serving afterwards.
    expect((await app.call('GET', '/api/v1/admin/users?limit=1', { token: tokens.admin })).status).to.equal(200);
  });
});
