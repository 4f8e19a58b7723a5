import { request } from 'node:http';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { sql } from '../../src/runtime/database.ts';
import type { TestApp } from '../support/app.ts';
import { startTestDns } from '../support/dns.ts';
import { createTenant, type Tenant } from '../support/tenantData.ts';
import { files } from './tenantIsolationCases.ts';

/**
 * What the tenant isolation suites (tenantIsolation.test.ts for the vendor API, shopIsolation.test.ts
 * for the shop) share: a client's request, the search of an answer for another tenant's data, and
 * a fingerprint of everything a tenant owns, to prove a refused request changed nothing.
 */
export interface Answer {
  status: number;
  type: string;
  text: string;
  body: any;
}

/** How long a request reads an event stream (its first events: the caller's unread count) before it closes it. */
const EVENT_STREAM_READ_MS = 300;

/** A request as a client sends it (node:http, so the Host header can name a shop). */
export function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      baseUrl + path,
      { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), text, body: parsed });
        };
        res.on('data', (c) => chunks.push(c));
        res.on('end', finish);
        // An event stream stays open: what it sends within a moment is its answer, then the client leaves.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          setTimeout(() => {
            finish();
            req.destroy();
          }, EVENT_STREAM_READ_MS);
        }
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What of `v` an answer holds: its texts and GTINs, or its id under a vendor_id / company_id key. */
export function leaks(answer: Answer, v: Tenant, markers = v.markers, keys = true): string[] {
  const text = answer.text.toLowerCase();
  const found = markers.filter((mk) => text.includes(mk));
  const walk = (x: any, key?: string): void => {
    if (Array.isArray(x)) x.forEach((y) => walk(y, key));
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, k);
    else if (key === 'vendor_id' && Number(x) === v.vendorId) found.push(`vendor_id ${x}`);
    else if (key === 'company_id' && Number(x) === v.companyId) found.push(`company_id ${x}`);
  };
  if (keys && answer.body && typeof answer.body === 'object') walk(answer.body);
  return found;
}

export const isProblem = (x: Answer) =>
  /application\/problem\+json/.test(x.type) && x.body?.status === x.status && typeof x.body?.code === 'string';

/**
 * A hash per table of the rows that belong to `t` (every table with a vendor_id, its vendor,
 * company, users and imported marketplace translations), and the version of each of its event
 * streams (events whose data or metadata names the vendor, and its users' streams). One statement.
 */
export async function snapshot(knex: Knex, vendorTables: readonly string[], t: Tenant): Promise<Record<string, string>> {
  const [vendor, company, owner, member] = [t.vendorId, t.companyId, t.ownerUserId, t.member.id].map(Number);
  const part = (name: string, table: string, where: string) =>
    `SELECT '${name}' AS k, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${table}" x WHERE ${where}`;
  const parts = [
    ...vendorTables.map((table) => part(table, table, `vendor_id = ${vendor}`)),
    part('vendor_list', 'vendor_list', `id = ${vendor}`),
    part('company_list', 'company_list', `id = ${company}`),
    part('user_list', 'user_list', `id IN (${owner}, ${member})`),
    part(
      'marketplace_product_translations',
      'marketplace_product_translations',
      `product_id IN (SELECT id FROM marketplace_product_list WHERE vendor_id = ${vendor})`,
    ),
    `SELECT 'events' AS k, coalesce(string_agg(stream_id || '@' || v, ',' ORDER BY stream_id), '') AS h FROM (SELECT stream_id, max(version) AS v FROM events
      WHERE data->>'vendor_id' = '${vendor}' OR metadata->>'vendor_id' = '${vendor}' OR stream_id IN ('user-${owner}', 'user-${member}') GROUP BY stream_id) s`,
  ];
  const rows = await sql<{ k: string; h: string }>(knex, parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.k, r.h]));
}

export const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);

/**
 * Every read-model table that has a vendor_id column: a tenant's rows in each are part of its
 * snapshot. Not live_connections: who has a message stream open right now, rows that come and go
 * with the streams the suite's own legitimate callers open and close, whenever the closing
 * connection's delete lands.
 */
export async function vendorTablesOf(knex: Knex): Promise<string[]> {
  return (
    await sql<{ t: string }>(
      knex,
      `SELECT table_name AS t FROM information_schema.columns c JOIN information_schema.tables USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND c.column_name = 'vendor_id' AND table_type = 'BASE TABLE'
      AND table_name <> 'live_connections' ORDER BY 1`,
    )
  ).map((r) => r.t);
}

/** The two tenants an isolation suite sets against each other, and the tables holding vendor rows. */
export interface TwoTenants {
  a: Tenant;
  b: Tenant;
  vendorTables: string[];
  close(): Promise<void>;
}

/**
 * Opens A and B with data in every area, their custom domains answered by a DNS server of the
 * test's own, and makes the image the cases upload; `close` undoes all of it.
 */
export async function openTwoTenants(app: TestApp): Promise<TwoTenants> {
  const dns = await startTestDns();
  app.services.config.dnsServers = [dns.server];
  files.png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  const a = await createTenant(app, dns);
  const b = await createTenant(app, dns);
  return {
    a,
    b,
    vendorTables: await vendorTablesOf(app.services.db.knex),
    async close() {
      app.services.config.dnsServers = undefined;
      await dns.close();
      await a.server.close();
      await b.server.close();
    },
  };
}
