import { cpSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import type { TestApp } from './app.ts';

/** The fixture source tree (test/fixtures/code-quality/tree) and the violations it holds, as rule → file. */
export const FIXTURE_TREE = resolve('test/fixtures/code-quality/tree');
export const FIXTURE_VIOLATIONS = [
  ['consumers-import-only-area-events', 'projections/shop/shopList.ts'],
  ['generic-layers-import-no-area', 'src/main.ts'],
  ['no-circular', 'src/core/a.ts'],
  ['no-orphans', 'src/unused.ts'],
  ['oversized-file', 'src/big.ts'],
  ['queries-never-import-commands', 'queries/shop/listShops.ts'],
  ['routes-never-build-error-bodies', 'src/http/shops.ts'],
] as const;

/** A copy of the fixture tree a test may change, and the test app scanning it. */
export function scanFixtureCopy(app: TestApp): string {
  const dir = mkdtempSync(join(tmpdir(), 'code-quality-'));
  cpSync(FIXTURE_TREE, dir, { recursive: true });
  app.services.config.operations.sourceRoot = dir;
  return dir;
}

/** Starts a scan and polls it (as the page does, faster) until it ends; returns the ended scan. */
export async function scanToTheEnd(app: TestApp, token: string, options: { joining?: boolean } = {}): Promise<any> {
  // One scan at a time: a start while another file's scan still waits or runs joins that scan,
  // which read the tree as it was then. Such a scan is waited for, and a new one started after it,
  // unless the caller means to join it (`joining`).
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    if (started.status !== 202) throw new Error(`scan: ${started.status} ${JSON.stringify(started.body)}`);
    const ended = await scanEndedOf(app, token, started.body.job_ids[0]);
    if (options.joining || !started.body.joined) return ended;
  }
  throw new Error('every scan start joined a scan already under way');
}

/** Polls a scan until it has completed, failed or been cancelled, and answers it. */
export async function scanEndedOf(app: TestApp, token: string, id: string | number): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const res = await app.call('GET', `/api/v1/admin/code-quality/scans/${id}`, { token });
    if (['completed', 'failed', 'cancelled'].includes(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`scan ${id} did not end`);
}
