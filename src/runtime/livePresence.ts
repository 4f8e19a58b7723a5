import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { sql } from './database.ts';

/** Someone who can hold a live stream open: an admin, a vendor's team member (for that vendor), a customer (of that shop). */
export interface LiveViewer {
  kind: 'admin' | 'vendor_user' | 'customer';
  id: number;
  /** The vendor a team member or a customer is connected for; none for admins. */
  vendor_id?: number | null;
}

/** How often an instance tells the database its streams are still open. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** A row older than this belongs to an instance that stopped without saying so (a crash). */
export const PRESENCE_STALE_SECONDS = 30;

const key = (v: LiveViewer) => `${v.kind}:${v.id}:${v.vendor_id ?? 0}`;

/**
 * Who has a live message stream open, across every instance of the service: each instance keeps
 * one row per connected viewer in live_connections (with its number of open streams), refreshes
 * them all in one statement per heartbeat, and deletes a viewer's row when their last stream
 * closes. Database time (now()) is used throughout, so instances agree whatever their clocks.
 */
export class LivePresence {
  readonly instanceId = randomUUID();
  private readonly counts = new Map<string, { viewer: LiveViewer; n: number }>();
  private timer: NodeJS.Timeout | null = null;
  /** Writes of this instance, one after another, so a close never overtakes its open. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
  ) {}

  connected(viewer: LiveViewer): Promise<void> {
    const k = key(viewer);
    const entry = this.counts.get(k) ?? { viewer, n: 0 };
    entry.n++;
    this.counts.set(k, entry);
    this.heartbeatWhileConnected();
    return this.write(entry);
  }

  disconnected(viewer: LiveViewer): Promise<void> {
    const k = key(viewer);
    const entry = this.counts.get(k);
    if (!entry) return Promise.resolve();
    entry.n--;
    if (entry.n <= 0) this.counts.delete(k);
    if (this.counts.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    return this.write(entry);
  }

  private write(entry: { viewer: LiveViewer; n: number }): Promise<void> {
    const { viewer, n } = entry;
    const params = [viewer.kind, viewer.id, viewer.vendor_id ?? 0, this.instanceId];
    const run = () =>
      n > 0
        ? sql(
            this.knex,
            `INSERT INTO live_connections (viewer_kind, viewer_id, vendor_id, instance_id, connections, seen_at)
          VALUES ($1, $2, $3, $4, $5, now())
          ON CONFLICT (viewer_kind, viewer_id, vendor_id, instance_id) DO UPDATE SET connections = EXCLUDED.connections, seen_at = now()`,
            [...params, n],
            'presence_open',
          )
        : sql(
            this.knex,
            'DELETE FROM live_connections WHERE viewer_kind = $1 AND viewer_id = $2 AND vendor_id = $3 AND instance_id = $4',
            params,
            'presence_close',
          );
    const done = this.chain.then(run, run).then(() => undefined);
    this.chain = done.catch((err) => this.logger.warn({ err }, 'live presence write failed; the next heartbeat writes again'));
    return this.chain as Promise<void>;
  }

  private heartbeatWhileConnected(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const rows = [...this.counts.values()];
      if (rows.length === 0) return;
      // Every open viewer again (a row lost to a failed write comes back), in one statement.
      const beat = () =>
        sql(
          this.knex,
          `INSERT INTO live_connections (viewer_kind, viewer_id, vendor_id, instance_id, connections, seen_at)
          SELECT k, i, v, $4, n, now() FROM unnest($1::text[], $2::int[], $3::int[], $5::int[]) AS u(k, i, v, n)
          ON CONFLICT (viewer_kind, viewer_id, vendor_id, instance_id) DO UPDATE SET connections = EXCLUDED.connections, seen_at = now()`,
          [
            rows.map((r) => r.viewer.kind),
            rows.map((r) => r.viewer.id),
            rows.map((r) => r.viewer.vendor_id ?? 0),
            this.instanceId,
            rows.map((r) => r.n),
          ],
          'presence_beat',
        );
      this.chain = this.chain.then(beat, beat).catch((err) => this.logger.warn({ err }, 'live presence heartbeat failed'));
    }, PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }
}

/** Whether the viewer has a live stream open on any instance (a fresh row). */
export async function isLive(knex: Knex | Knex.Transaction, viewer: LiveViewer): Promise<boolean> {
  const rows = await sql(
    knex,
    `SELECT 1 FROM live_connections
    WHERE viewer_kind = $1 AND viewer_id = $2 AND vendor_id = $3 AND connections > 0
      AND seen_at > now() - make_interval(secs => $4)
    LIMIT 1`,
    [viewer.kind, viewer.id, viewer.vendor_id ?? 0, PRESENCE_STALE_SECONDS],
    'presence_live',
  );
  return rows.length > 0;
}

const presences = new WeakMap<object, LivePresence>();

/** The process's presence book for these services (built on first use). */
export function presenceOf(services: { db: { knex: Knex }; logger: Logger }): LivePresence {
  let p = presences.get(services);
  if (!p) presences.set(services, (p = new LivePresence(services.db.knex, services.logger)));
  return p;
}
