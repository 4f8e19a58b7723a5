import { expect } from 'chai';
import type { Knex } from 'knex';
import pino from 'pino';
import { consumers } from '../../src/modules/index.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { openDatabase, sql, type Database } from '../../src/runtime/database.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';
import { adminLogin } from '../support/childService.ts';

export const silent = pino({ level: 'silent' });

/** Every projection the service runs (src/modules/index.ts). */
export const projections = consumers.filter((c): c is Projection => c.kind === 'projection');

/** The rows of a table in a stable order, each as its JSON text (compared row by row). */
export async function tableRows(knex: Knex | Knex.Transaction, table: string): Promise<string[]> {
  const rows = await sql<{ r: string }>(knex, `SELECT to_jsonb(t)::text AS r FROM "${table}" t ORDER BY 1`);
  return rows.map((r: { r: string }) => r.r);
}

/**
 * Copies every projection's rows, rebuilds each projection from the feed with
 * src/runtime/rebuild.ts, and compares the rebuilt rows with the copy, table by table and row by
 * row. The service must be stopped (a live runner would share the replay).
 */
export async function expectProjectionsEqualRebuild(url: string): Promise<{ tables: number; rows: number }> {
  const db = await openDatabase({ url, poolMax: 4 });
  const store = new PostgresEventStore(db);
  let tables = 0;
  let rows = 0;
  try {
    for (const projection of projections) {
      const live = new Map<string, string[]>();
      for (const table of projection.tables) live.set(table, await tableRows(db.knex, table));
      await rebuildProjection(db.knex, store, projection, silent);
      for (const table of projection.tables) {
        const rebuilt = await tableRows(db.knex, table);
        const before = live.get(table)!;
        const missing = before.filter((r) => !rebuilt.includes(r));
        const extra = rebuilt.filter((r) => !before.includes(r));
        expect(
          { table, missing: missing.slice(0, 3), extra: extra.slice(0, 3), count: rebuilt.length },
          `${projection.name}: ${table} rebuilt differs from the live rows`,
        ).to.deep.equal({ table, missing: [], extra: [], count: before.length });
        tables++;
        rows += rebuilt.length;
      }
    }
  } finally {
    await store.close();
    await db.close();
  }
  return { tables, rows };
}

/** Waits until the service reports every consumer caught up (GET /health/ready answers 200). */
export async function waitUntilReady(url: string, ms = 60_000): Promise<any> {
  const end = Date.now() + ms;
  let last: any = null;
  for (;;) {
    try {
      const res = await fetch(`${url}/health/ready`);
      last = await res.json();
      if (res.status === 200 && last.checks.consumers.every((c: any) => c.lag === 0)) return last;
    } catch {
      /* starting */
    }
    if (Date.now() > end) throw new Error(`not caught up within ${ms} ms: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What a command answered 2xx: the user it created or the marker it wrote into first_name. */
export type Acknowledged = { kind: 'create'; id: number; email: string } | { kind: 'update'; id: number; marker: string };

/**
 * Admin clients creating users and changing their first names as fast as the service answers,
 * recording every 2xx. A request that fails on the wire (the service was killed) has an unknown
 * outcome and is not recorded; a 4xx/5xx answer is counted as refused.
 */
export class CommandLoad {
  readonly acknowledged: Acknowledged[] = [];
  refused: { status: number; body: unknown }[] = [];
  wireErrors = 0;
  private stopped = false;
  private loops: Promise<void>[] = [];
  private n = 0;

  constructor(private readonly tag: string) {}

  start(targets: { url: string; token: string }[], clients: number): void {
    this.stopped = false;
    this.loops = Array.from({ length: clients }, (_, c) => this.client(targets[c % targets.length]));
  }

  /** Stops issuing new requests and waits for the ones in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  get created(): number[] {
    return this.acknowledged.filter((a) => a.kind === 'create').map((a) => a.id);
  }

  private async client(target: { url: string; token: string }): Promise<void> {
    while (!this.stopped) {
      const i = this.n++;
      const users = this.created;
      const create = users.length < 5 || i % 4 === 0;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${target.token}` };
      try {
        if (create) {
          const name = `${this.tag}${i}x${Math.floor(Math.random() * 1e6)}`;
          const email = `${name}@load.test`;
          const res = await fetch(`${target.url}/api/v1/admin/users`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ email, username: name, password: 'load-password-0123', role: 'vendor' }),
          });
          const body: any = await res.json();
          if (res.status === 201) this.acknowledged.push({ kind: 'create', id: body.id, email });
          else this.refused.push({ status: res.status, body });
        } else {
          const id = users[(i * 7) % users.length];
          const marker = `m${this.tag}${i}`;
          const res = await fetch(`${target.url}/api/v1/admin/users/${id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ first_name: marker }),
          });
          const body: any = await res.json();
          if (res.status === 200) this.acknowledged.push({ kind: 'update', id, marker });
          else this.refused.push({ status: res.status, body });
        }
      } catch {
        this.wireErrors++;
        if (!this.stopped) await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
}

/**
 * Checks the event store against the acknowledged commands: each one is there exactly once, no
 * command's event is there twice, and every stream's versions run 1..n without a gap.
 */
export async function expectAcknowledgedStoredOnce(db: Database, acknowledged: Acknowledged[]): Promise<void> {
  const created = await sql(
    db.knex,
    `SELECT data->>'email' AS email, (data->>'user_id')::int AS id, count(*)::int AS n
    FROM events WHERE type = 'UserCreated' GROUP BY 1, 2`,
  );
  const changed = await sql(
    db.knex,
    `SELECT data->'changes'->>'first_name' AS marker, stream_id, count(*)::int AS n
    FROM events WHERE type = 'UserProfileChanged' GROUP BY 1, 2`,
  );
  const byEmail = new Map(created.map((r: any) => [r.email, r]));
  const byMarker = new Map(changed.map((r: any) => [r.marker, r]));
  const problems: string[] = [];
  for (const a of acknowledged) {
    if (a.kind === 'create') {
      const row: any = byEmail.get(a.email);
      if (!row || row.id !== a.id) problems.push(`user ${a.id} (${a.email}) answered 201 but is not in the store`);
    } else {
      const row: any = byMarker.get(a.marker);
      if (!row || row.stream_id !== `user-${a.id}`)
        problems.push(`the change ${a.marker} of user ${a.id} answered 200 but is not in the store`);
    }
  }
  for (const r of created as any[]) if (r.n > 1) problems.push(`UserCreated ${r.email} stored ${r.n} times`);
  for (const r of changed as any[]) if (r.n > 1) problems.push(`UserProfileChanged ${r.marker} stored ${r.n} times`);
  const gaps = await sql(
    db.knex,
    `SELECT stream_id, count(*)::int AS n, max(version) AS top FROM events
    GROUP BY stream_id HAVING count(*) <> max(version)`,
  );
  for (const g of gaps as any[]) problems.push(`stream ${g.stream_id}: ${g.n} events but version ${g.top}`);
  expect(problems).to.deep.equal([]);
}

export { adminLogin };
