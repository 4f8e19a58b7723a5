import { Latencies, now, runFor, type Scenario } from '../harness.ts';
import { CpuTotals, openComparison, pgbenchAppend, pgbenchAvailable, sampleEvent } from '../support/store.ts';

/**
 * Scenario 1: event-store append, 1 and 8 writers, each on its own streams, one event
 * per append with the exact expected version (as a command does).
 *
 * Baseline: the very same INSERT … SELECT FROM unnest statement through a bare pg.Pool of the
 * same size into a copy of the events table (same columns, defaults, unique (stream_id, version)
 * and event_id constraints, same indexes), prepared once per connection like the adapter does.
 * The ratio is therefore what the adapter itself costs: knex's pool, the result handling and the
 * coalesced NOTIFY that wakes other processes (the store listens, as the service's does, so it
 * also receives its own NOTIFYs). A reference row runs the simplest possible insert
 * (INSERT … VALUES, unprepared), the way most node-postgres code writes.
 *
 * The machine is shared: the sides alternate in short slices within each repetition, so that a
 * burst of load from elsewhere hits both sides of a ratio alike.
 *
 * Where the time goes: each case also reports the CPU time per append of this process
 * (`client_cpu_us`: the pg driver, the pools, the adapter) and, when the server runs on this
 * machine, of the server backends of the bench database (`server_cpu_us`, the listener's
 * included).
 *
 * The harness is one Node process for every writer of both sides, on purpose. On these two
 * shared vCPUs the client and PostgreSQL compete for the same cores, and node-postgres costs
 * 60–110 µs of client CPU per append (client_cpu_us) against about 20 µs for pgbench (time(1)
 * around pgbench, 2026-11-21): that CPU is taken from the server, and with the other engineers'
 * load it is why bare node-postgres stays well under the issue's 15,600/s. Spreading the writers
 * over worker threads (each with its own pool) was measured and is worse, not better (bare pg,
 * the same statement, 8 writers, 3 s each, one group within a minute; one thread / 2 threads ×
 * 4 writers / 8 threads × 1 writer / pgbench -c 8 -j 2): 6,161 / 5,658 / 2,996 / 10,404 at
 * load ≈ 2; 6,189 / 5,819 / 1,850 / 5,667; and with the threads warmed up and started together,
 * 3,498 / 2,537 / 1,494 / 6,002 at load ≈ 4. More client threads only take CPU from the server. So a reference
 * row per writer count runs the same statement through pgbench (PostgreSQL's C client,
 * `clients` connections, each on its own 50 streams with exact expected versions; left out when
 * pgbench is not installed) right after the slices of each repetition: what the server itself
 * gives this statement at that moment, against which the issue's 14,000 events/s can be read.
 */
const STREAMS_PER_WRITER = 50;
const SLICE_MS = 250;

type Writer = (stream: string, expected: number, i: number) => Promise<void>;

export const appendScenario: Scenario = {
  id: 'append',
  title: '1. Event-store append',
  async run(ctx) {
    const seconds = ctx.size(4, 1);
    const { db, store, pool, baseSql: BASE_SQL, meter, close } = await openComparison(ctx.databaseUrl, 10);
    try {
      await pool.query('CREATE TABLE reference_events (LIKE events INCLUDING ALL)');
      await pool.query('CREATE TABLE pgbench_events (LIKE events INCLUDING ALL)');

      const ours: Writer = async (stream, expected, i) => {
        await store.append(stream, [sampleEvent('BenchAppended', i)], { expected: expected === 0 ? 'no_stream' : expected });
      };
      const bare: Writer = async (stream, expected, i) => {
        const e = sampleEvent('BenchAppended', i);
        const r = await pool.query({
          name: 'baseline_append',
          text: BASE_SQL,
          values: [stream, expected, [e.id], [e.type], [JSON.stringify(e.data)], [JSON.stringify(e.metadata)]],
        });
        if (r.rowCount !== 1) throw new Error('baseline append inserted nothing');
      };
      const plain: Writer = async (stream, expected, i) => {
        const e = sampleEvent('BenchAppended', i);
        await pool.query(
          'INSERT INTO reference_events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
          [e.id, stream, expected + 1, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
        );
      };

      let tags = 0;
      /** One side of a measurement: its streams, its latencies, its running time, its CPU. */
      const side = (writer: Writer, writers: number) => {
        const tag = `r${tags++}`;
        const versions = Array.from({ length: writers }, () => new Array<number>(STREAMS_PER_WRITER).fill(0));
        const lat = new Latencies();
        const cpu = new CpuTotals();
        let ms = 0;
        let i = 0;
        return {
          async slice(duration: number) {
            await meter.refresh();
            const stop = meter.start();
            ms +=
              1000 *
              (await runFor(duration, writers, async (w) => {
                const k = i % STREAMS_PER_WRITER;
                const t = now();
                await writer(`bench-${tag}-${w}-${k}`, versions[w][k], i++);
                lat.add(now() - t);
                versions[w][k]++;
              }));
            cpu.add(stop());
          },
          result() {
            const { p50, p99 } = lat.summary();
            return { rate: lat.count / (ms / 1000), p50, p99, ...cpu.perOp(lat.count) };
          },
        };
      };

      const pgbench = await pgbenchAvailable();
      for (const writers of [1, 8]) {
        const s = writers > 1 ? 's' : '';
        const names = {
          ours: `adapter (store.append), ${writers} writer${s}`,
          base: `baseline: bare pg, same INSERT, ${writers} writer${s}`,
          plain: `reference: bare pg, INSERT … VALUES, ${writers} writer${s}`,
          pgbench: `reference: pgbench (C client), same INSERT, ${writers} client${s}`,
        };
        ctx.define({ name: names.base, unit: 'events/s', isBaseline: true });
        ctx.define({
          name: names.ours,
          unit: 'events/s',
          baseline: names.base,
          targets:
            writers === 8
              ? [
                  { label: '≥ 14,000 events/s', metric: 'rate', min: 14_000 },
                  { label: '≥ 80 % of baseline', metric: 'ratio', min: 0.8 },
                ]
              : [],
        });
        ctx.define({ name: names.plain, unit: 'events/s', baseline: names.base });
        if (pgbench) ctx.define({ name: names.pgbench, unit: 'events/s', baseline: names.base });
        // Warm-up (connections, prepared statements, JIT), not recorded.
        for (const w of [ours, bare, plain]) await side(w, writers).slice(300);
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          const sides = { ours: side(ours, writers), base: side(bare, writers), plain: side(plain, writers) };
          const order = rep % 2 === 0 ? (['ours', 'base', 'plain'] as const) : (['base', 'plain', 'ours'] as const);
          for (let t = 0; t < (seconds * 1000) / SLICE_MS; t++) for (const k of order) await sides[k].slice(SLICE_MS);
          for (const k of ['ours', 'base', 'plain'] as const) ctx.record(names[k], sides[k].result());
          if (pgbench) {
            const rate = await pgbenchAppend(ctx.databaseUrl, 'pgbench_events', writers, seconds, `pgb${writers}r${rep}`);
            if (rate !== null) ctx.record(names.pgbench, { rate });
          }
        }
      }
      const [{ n }] = await db.knex('events').count({ n: '*' });
      ctx.note(
        `Append: ${STREAMS_PER_WRITER} streams per writer; per repetition ${seconds} s per side in alternating ${SLICE_MS} ms slices; ` +
          `${Number(n).toLocaleString('en-US')} events appended through the adapter in all; every side uses a pool of 10 connections; ` +
          `client_cpu_us / server_cpu_us: CPU µs per append of the bench process / of the server backends of the bench database. ` +
          (pgbench
            ? `The pgbench reference runs ${seconds} s after each repetition's slices (not interleaved).`
            : 'pgbench is not installed: no pgbench reference.'),
      );
    } finally {
      await close();
    }
  },
};
