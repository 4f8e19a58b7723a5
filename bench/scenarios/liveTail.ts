import type { Knex } from 'knex';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Position } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { sql } from '../../src/runtime/database.ts';
import { Latencies, now, sleep, type Scenario } from '../harness.ts';
import { openStore, sampleEvent, silent } from '../support/store.ts';

/**
 * Scenario 3: live tail. 8 writers append (own streams, one event per append) while a
 * real ConsumerRunner runs a simple batched projection (one multi-row upsert per batch that counts
 * how often each event was applied). Lag = from the writer's append being acknowledged to the
 * runner reporting the projection past that event's position, i.e. committed (runner.waitFor, the
 * read-your-writes wait the HTTP layer uses). Afterwards every appended event id must be in the
 * projection exactly once: missed = appended − projected, duplicates = rows applied more than once.
 *
 * Two loads: the writers at full speed (the machine saturated), and paced to a fixed total rate
 * (a busy shop, with CPU to spare). Baseline: the same writers at full speed with the runner
 * stopped, so the ratio is what tailing costs the writers.
 */
const WRITERS = 8;
const STREAMS_PER_WRITER = 50;
const TYPE = 'BenchTailed';

const tailProjection: Projection = {
  kind: 'projection',
  name: 'bench_tail',
  eventTypes: [TYPE],
  tables: ['bench_tail'],
  async apply(trx: Knex.Transaction, events) {
    await sql(
      trx,
      `INSERT INTO bench_tail (event_id, times) SELECT unnest($1::uuid[]), 1
      ON CONFLICT (event_id) DO UPDATE SET times = bench_tail.times + 1`,
      [events.map((e) => e.id)],
      'bench_tail_apply',
    );
  },
};

export const liveTailScenario: Scenario = {
  id: 'live-tail',
  title: '3. Live tail (8 writers + projection)',
  async run(ctx) {
    const seconds = ctx.size(4, 1);
    const pacedRate = 1000;
    const { db, store, close } = await openStore(ctx.databaseUrl, 10);
    await sql(db.knex, 'CREATE TABLE bench_tail (event_id uuid PRIMARY KEY, times int NOT NULL)');
    // As in the service (src/runtime/services.ts): the consumers have a connection pool of their own.
    const runner = new ConsumerRunner(db.consumerKnex, store, [tailProjection], silent, { dedicatedPool: true });
    let phase = 0;
    try {
      /** Runs the writers for `ms`; with `tail`, measures the lag of every append and checks the projection. */
      const measure = async (ms: number, options: { tail: boolean; rate?: number }) => {
        const tag = `p${phase++}`;
        const versions = Array.from({ length: WRITERS }, () => new Array<number>(STREAMS_PER_WRITER).fill(0));
        const ids: string[] = [];
        const lag = new Latencies();
        const waits: Promise<void>[] = [];
        let last: Position | null = null;
        let timedOut = 0;
        let i = 0;
        const interval = options.rate ? (1000 * WRITERS) / options.rate : 0;
        // How long this process waited for the CPU meanwhile: on a saturated machine that alone is lag.
        const loop = monitorEventLoopDelay({ resolution: 1 });
        loop.enable();
        const started = now();
        const end = started + ms;
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, w) => {
            let next = now() + (interval * w) / WRITERS;
            while (now() < end) {
              if (interval) {
                const wait = next - now();
                if (wait > 0) await sleep(wait);
                next += interval;
              }
              const k = i % STREAMS_PER_WRITER;
              const e = sampleEvent(options.tail ? TYPE : 'BenchUntailed', i++);
              const r = await store.append(`tail-${tag}-${w}-${k}`, [e], { expected: versions[w][k] === 0 ? 'no_stream' : versions[w][k] });
              versions[w][k]++;
              ids.push(e.id);
              if (!options.tail) continue;
              const acked = now();
              last = r.position;
              waits.push(
                runner.waitFor(r.position, [TYPE], 30_000).then((ok) => {
                  if (ok) lag.add(now() - acked);
                  else timedOut++;
                }),
              );
            }
          }),
        );
        const secs = (now() - started) / 1000;
        loop.disable();
        const rate = ids.length / secs;
        const loop_delay_p99 = loop.percentile(99) / 1e6;
        if (!options.tail) return { rate, loop_delay_p99 };
        await Promise.all(waits);
        if (last && !(await runner.waitFor(last, [TYPE], 30_000))) throw new Error('the projection did not catch up within 30 s');
        const [row] = await sql<{ projected: number; duplicates: number }>(
          db.knex,
          `SELECT count(*)::int AS projected, count(*) FILTER (WHERE times > 1)::int AS duplicates
          FROM bench_tail WHERE event_id = ANY($1::uuid[])`,
          [ids],
        );
        const { p50, p99, max } = lag.summary();
        return {
          rate,
          p50,
          p99,
          lag_max: max,
          missed: ids.length - row.projected,
          duplicates: row.duplicates,
          wait_timeouts: timedOut,
          loop_delay_p99,
        };
      };

      const names = {
        full: `writers at full speed, projection tailing`,
        paced: `writers paced to ${pacedRate.toLocaleString('en-US')} events/s, projection tailing`,
        base: 'baseline: writers at full speed, no consumer',
      };
      const lagTargets = [
        { label: 'p99 lag < 10 ms', metric: 'p99', max: 10 },
        { label: 'missed = 0', metric: 'missed', max: 1 },
        { label: 'duplicates = 0', metric: 'duplicates', max: 1 },
      ];
      ctx.define({ name: names.base, unit: 'events/s', isBaseline: true });
      ctx.define({ name: names.full, unit: 'events/s', baseline: names.base, targets: lagTargets });
      ctx.define({ name: names.paced, unit: 'events/s', targets: lagTargets });

      runner.start();
      await measure(500, { tail: true });
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const tailed = async () => {
          runner.start();
          ctx.record(names.full, await measure(seconds * 1000, { tail: true }));
          ctx.record(names.paced, await measure(seconds * 1000, { tail: true, rate: pacedRate }));
          await runner.stop();
        };
        const alone = async () => ctx.record(names.base, await measure(seconds * 1000, { tail: false }));
        if (rep % 2 === 0) {
          await tailed();
          await alone();
        } else {
          await alone();
          await tailed();
        }
      }
      ctx.note(
        `Live tail: lag = append acknowledged → runner.waitFor resolved (projection batch committed); ${seconds} s per load per repetition; ` +
          'the writers, the runner and the wait share one process; the writers use a pool of 10 connections and the runner one of 4, as in the service; ' +
          'loop_delay_p99 is the p99 event-loop delay of that process meanwhile (time spent waiting for a CPU).',
      );
    } finally {
      await runner.stop();
      await close();
    }
  },
};
