import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withCheckDigit } from '../../src/core/gtin.ts';
import type { TestApp } from './app.ts';

/**
 * Real files for the catalogue tests: product CSVs with good rows, bad rows and translations,
 * a local HTTP server that serves them (and misbehaves on request), multipart uploads, and a
 * poller for import jobs.
 */
export const HEADER = [
  'gtin',
  'sku',
  'title',
  'description',
  'short_description',
  'brand',
  'image_link',
  'price_numeric',
  'sale_price_numeric',
  'product_type',
  'marketplace',
];

/** A GTIN-13 unique to (base, i): the bases of one test run never meet another run's. */
export const gtinFor = (base: number, i: number) => withCheckDigit(`2${String(base).padStart(5, '0')}${String(i).padStart(6, '0')}`);
export const newBase = () => 10_000 + Math.floor(Math.random() * 89_999);

export interface CsvOptions {
  base: number;
  count: number;
  language?: 'en' | 'fr' | 'de';
  marketplace?: string;
  delimiter?: string;
}

const quote = (v: string, d: string) => (/["\n\r]/.test(v) || v.includes(d) ? `"${v.replace(/"/g, '""')}"` : v);

export function goodRow(o: CsvOptions, i: number): string[] {
  const lang = o.language ?? 'en';
  const title = { en: `Chef knife ${i}`, fr: `Couteau de chef ${i}`, de: `Kochmesser ${i}` }[lang];
  return [
    gtinFor(o.base, i),
    `SKU-${o.base}-${i}`,
    title,
    `${title}, forged steel, "full tang"`,
    `${title} short`,
    `Brand ${i % 7}`,
    `https://cdn.example/${o.base}/${i}.jpg`,
    `${10 + (i % 50)}.${String(i % 100).padStart(2, '0')}`,
    i % 3 === 0 ? `${5 + (i % 5)}.50` : '',
    'Home > Kitchen > Knives',
    o.marketplace ?? 'TestMarket',
  ];
}

export function csv(rows: string[][], delimiter = ','): string {
  return rows.map((r) => r.map((v) => quote(v, delimiter)).join(delimiter)).join('\n') + '\n';
}

/** `count` good rows for products base:1..count. */
export function productCsv(o: CsvOptions): string {
  const rows = [HEADER];
  for (let i = 1; i <= o.count; i++) rows.push(goodRow(o, i));
  return csv(rows, o.delimiter ?? ',');
}

/** Rows that must be rejected, one per error type, in this order. */
export function badRows(o: CsvOptions): { row: string[]; type: string }[] {
  const g = goodRow(o, 9999);
  return [
    { row: ['4006381333932', ...g.slice(1)], type: 'invalid_gtin' },
    { row: [gtinFor(o.base, 9998), g[1], '', ...g.slice(3)], type: 'missing_title' },
    { row: ['', '', 'No identifier', ...g.slice(3)], type: 'missing_identifier' },
    {
      row: [gtinFor(o.base, 9997), 'SKU-PRICE', 'Bad price', g[3], g[4], g[5], g[6], 'twelve euros', '', g[9], g[10]],
      type: 'invalid_price',
    },
    { row: [gtinFor(o.base, 9996), 'SKU-SHORT', 'Too few fields'], type: 'malformed_row' },
  ];
}

export interface FileServer {
  url: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Serves `files` (path → body or handler) on 127.0.0.1. */
export async function serveFiles(files: Record<string, string | Buffer | Handler>): Promise<FileServer> {
  const server = createServer((req, res) => {
    const entry = files[req.url ?? ''];
    if (entry === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    if (typeof entry === 'function') {
      entry(req, res);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-length': Buffer.byteLength(entry) }).end(entry);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A multipart request as a browser sends it (fields, and one file part). */
export async function upload(
  app: TestApp,
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer | string; type?: string; field?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'text/csv' }),
      file.name,
    );
  const res = await fetch(app.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Polls a job until it is completed or failed, as a client does. */
export async function waitForJob(app: TestApp, path: string, token: string, timeoutMs = 60_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.call('GET', path, { token });
    if (res.status !== 200) throw new Error(`polling ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > end) throw new Error(`job still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every item of a list, read page by page with `limit` items a page, as a client pages: the ids
 * in the order the pages gave them, and the total the first page announced. A sorted list must
 * give each matching row exactly once.
 */
export async function readAllPages(app: TestApp, path: string, token: string, limit = 2): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page <= 1000; page++) {
    const res = await app.call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`, { token });
    if (res.status !== 200) throw new Error(`GET ${path} page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    if (total === -1) total = res.body.total;
    ids.push(...res.body.items.map((i: { id: number }) => i.id));
    if (res.body.items.length < limit) break;
  }
  return { ids, total };
}

/** The 422 of an unknown `sort`: its message names every allowed order. */
export async function expectUnknownSortRefused(app: TestApp, path: string, token: string, allowed: string[]): Promise<void> {
  const res = await app.call('GET', `${path}${path.includes('?') ? '&' : '?'}sort=bogus`, { token });
  if (res.status !== 422) throw new Error(`sort=bogus: ${res.status} ${JSON.stringify(res.body)}`);
  const error = (res.body.errors as { pointer: string; message: string }[]).find((e) => e.pointer === '/query/sort');
  if (!error) throw new Error(`sort=bogus: no error on /query/sort in ${JSON.stringify(res.body)}`);
  const named = error.message
    .slice(error.message.lastIndexOf(':') + 1)
    .split(',')
    .map((s) => s.trim());
  if (JSON.stringify([...named].sort()) !== JSON.stringify([...allowed].sort())) {
    throw new Error(`sort=bogus names ${named.join(', ')}; expected ${allowed.join(', ')}`);
  }
}

/**
 * Checks that `items` are in the order of `key` (ascending, null after every value; the id
 * breaking ties), or its exact reverse when `descending`.
 */
export function sortedBy<T extends { id: number }>(items: T[], key: (item: T) => string | number | null, descending: boolean): boolean {
  const ascending = [...items]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === y) return a.id - b.id;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    })
    .map((i) => i.id);
  const want = descending ? ascending.reverse() : ascending;
  return JSON.stringify(items.map((i) => i.id)) === JSON.stringify(want);
}

/** The orders of the import job lists and the value each sorts on (queries/marketplace-imports/listImportJobs.ts). */
export const JOB_SORT_KEYS: Record<string, (job: any) => string | number | null> = {
  id: (j) => j.id,
  created_at: (j) => j.created_at,
  // The stored state: a job still publishing sorts with the completed ones.
  status: (j) => (j.status === 'publishing' ? 'completed' : j.status),
  completed_at: (j) => j.completed_at,
};
export const JOB_SORTS = Object.keys(JOB_SORT_KEYS).flatMap((k) => [k, `-${k}`]);
