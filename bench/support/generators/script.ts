import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Command, Decider, DomainEvent } from '../../../src/core/decider.ts';
import { sql } from '../../../src/runtime/database.ts';
import type { Counts } from './history.ts';
import { seeded, type Rng } from './random.ts';

/**
 * Histories written by the areas' real deciders.
 *
 * A history is a set of aggregates whose commands are planned on a clock of "ticks" (one tick =
 * one transaction of one writer = one simulated minute): an order is imported at its tick,
 * resolved, confirmed, shipped and tracked ticks later, so in the feed the events of one order
 * are spread among those of hundreds of others, as they are in a live store. Each step's command
 * goes through the aggregate's `decide` on the state folded in memory (so every event has the
 * exact shape and order the service writes, and a plan the state tables refuse throws), and is
 * appended with the exact expected version through the real event store, several writers at once
 * on disjoint aggregates.
 */

const EPOCH = Date.UTC(2026, 0, 1);
/** Simulated time: one tick is a minute. */
export const at = (tick: number, second = 0) => new Date(EPOCH + tick * 60_000 + second * 1000).toISOString();

export interface Step<S, C> {
  tick: number;
  make: (state: S) => C | null;
}

export interface Script<S, C extends Command, E extends DomainEvent> {
  decider: Decider<S, C, E>;
  /** New aggregates per tick and writer (fractions accumulate). */
  perTick: number;
  /** The steps of a new aggregate `id` that starts at `tick`: the first one at `tick`. */
  plan(id: number, tick: number, r: Rng): Step<S, C>[];
  /** Steps that follow from events just appended (their ids are known now), at later ticks. */
  react?(appended: { id: string; type: string; data: any }[], tick: number, r: Rng): Step<S, C>[];
  vendorOf(state: S): number | null;
}

/**
 * The events of one tick of one writer in one statement: the rows the adapter's append writes
 * (same table, same defaults for position, tx_id and recorded_at), for many streams at once, in
 * the order given (each stream's versions continue where the writer's state left them; the
 * unique (stream_id, version) index refuses a wrong one). One store.append per stream cost a
 * round trip each: about 4,000 events/s on this machine, against tens of thousands this way.
 */
const BULK_APPEND = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT (e->>'id')::uuid, e->>'stream', (e->>'version')::int, e->>'type', e->'data', e->'metadata'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, ord)
 ORDER BY ord`;

/**
 * Runs a script with `writers` concurrent writers, each writing one tick per statement, until
 * `enough(counts)` holds; aggregates already started then finish their plans.
 */
export async function runScript<S, C extends Command, E extends DomainEvent>(
  knex: Knex,
  script: Script<S, C, E>,
  options: { writers?: number; enough: (counts: Counts) => boolean; log?: (text: string) => void; seed: number; scale?: number },
): Promise<Counts> {
  const counts: Counts = { byType: new Map(), rows: 0, events: 0 };
  const writers = options.writers ?? 3;
  const perTick = script.perTick * (options.scale ?? 1);
  let nextId = 1;
  let reported = 0;
  let stopped = false;
  const stop = () => (stopped ||= options.enough(counts));
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const r = seeded(options.seed * 7919 + w);
      const buckets = new Map<number, { id: number; make: Step<S, C>['make'] }[]>();
      const live = new Map<number, { state: S; version: number; pending: number }>();
      const schedule = (id: number, steps: Step<S, C>[]) => {
        const agg = live.get(id)!;
        for (const s of steps) {
          let bucket = buckets.get(s.tick);
          if (!bucket) buckets.set(s.tick, (bucket = []));
          bucket.push({ id, make: s.make });
          agg.pending++;
        }
      };
      for (let tick = 0; ; tick++) {
        const starting = !stop();
        if (!starting && buckets.size === 0) break;
        if (starting) {
          const n = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick);
          for (let k = 0; k < n; k++) {
            const id = nextId++;
            live.set(id, { state: script.decider.initialState(), version: 0, pending: 0 });
            schedule(id, script.plan(id, tick, r));
          }
        }
        const rows: { id: string; stream: string; version: number; type: string; data: unknown; metadata: unknown }[] = [];
        const due = buckets.get(tick) ?? [];
        buckets.delete(tick);
        for (const { id, make } of due) {
          const agg = live.get(id)!;
          agg.pending--;
          const command = make(agg.state);
          if (command) {
            let decided: E[];
            try {
              decided = script.decider.decide(command, agg.state);
            } catch (err) {
              throw new Error(`history of ${script.decider.aggregate}-${id}: ${command.type} refused: ${(err as Error).message}`);
            }
            if (decided.length > 0) {
              agg.state = decided.reduce(script.decider.evolve, agg.state);
              const metadata = { vendor_id: script.vendorOf(agg.state), user_id: 'system:bench', correlation_id: randomUUID() };
              const stream = `${script.decider.aggregate}-${id}`;
              const events = decided.map((e) => ({
                id: randomUUID(),
                stream,
                version: ++agg.version,
                type: e.type,
                data: e.data,
                metadata,
              }));
              rows.push(...events);
              for (const e of events) {
                counts.byType.set(e.type, (counts.byType.get(e.type) ?? 0) + 1);
                if (e.type === 'MarketplaceImportRowsAccepted') counts.rows += (e.data as any).rows.length;
              }
              counts.events += events.length;
              if (script.react) schedule(id, script.react(events, tick, r));
            }
          }
          if (agg.pending === 0) live.delete(id);
        }
        if (rows.length > 0) await sql(knex, BULK_APPEND, [JSON.stringify(rows)]);
        if (options.log && counts.events - reported >= 250_000) {
          reported = counts.events;
          options.log(`    generated ${counts.events.toLocaleString('en-US')} events`);
        }
      }
    }),
  );
  return counts;
}
