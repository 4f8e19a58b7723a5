import { WrongExpectedVersionError } from '../../src/eventstore/port.ts';
import { Latencies, now, runFor, type Scenario } from '../harness.ts';
import { CpuTotals, openComparison, sampleEvent } from '../support/store.ts';

/**
 * Scenario 2: optimistic concurrency. 8 writers append to ONE stream, each with the
 * version it last saw as the expected version; a conflict (WrongExpectedVersionError) tells the
 * writer the actual version and it tries again, as a command retried by its client would.
 * Reports successful appends/s, conflicts/s and per-append latency (including retries), and
 * checks afterwards that the stream's versions are exactly 1..n with n = the successes (no gap,
 * no duplicate). Baseline: the same loop through bare node-postgres with the same statement,
 * where a unique violation is the conflict. Like scenario 1, each case reports the CPU µs per
 * successful append of the bench process and of the server backends (bench/support/store.ts).
 */
const WRITERS = 8;
const SLICE_MS = 250;

interface Outcome {
  ok: boolean;
  actual?: number;
}
type Attempt = (stream: string, expected: number, i: number) => Promise<Outcome>;

export const concurrencyScenario: Scenario = {
  id: 'concurrency',
  title: '2. Optimistic concurrency, 8 writers, one stream',
  async run(ctx) {
    const seconds = ctx.size(4, 1);
    const { store, pool, baseSql: BASE_SQL, meter, close } = await openComparison(ctx.databaseUrl, 10);
    try {
      const ours: Attempt = async (stream, expected, i) => {
        try {
          await store.append(stream, [sampleEvent('BenchContended', i)], { expected: expected === 0 ? 'no_stream' : expected });
          return { ok: true };
        } catch (err) {
          if (err instanceof WrongExpectedVersionError) return { ok: false, actual: err.actual ?? undefined };
          throw err;
        }
      };
      const bare: Attempt = async (stream, expected, i) => {
        const e = sampleEvent('BenchContended', i);
        // pool.connect/release rather than pool.query: pg-pool's query() releases the client with
        // the error, which closes the connection, and a conflict would then cost a reconnect.
        const client = await pool.connect();
        try {
          try {
            const r = await client.query({
              name: 'baseline_append',
              text: BASE_SQL,
              values: [stream, expected, [e.id], [e.type], [JSON.stringify(e.data)], [JSON.stringify(e.metadata)]],
            });
            if (r.rowCount === 1) return { ok: true };
          } catch (err: any) {
            if (err?.code !== '23505') throw err;
          }
          const v = await client.query({
            name: 'baseline_version',
            text: 'SELECT coalesce(max(version), 0) AS v FROM baseline_events WHERE stream_id = $1',
            values: [stream],
          });
          return { ok: false, actual: Number(v.rows[0].v) };
        } finally {
          client.release();
        }
      };

      let tags = 0;
      const side = (attempt: Attempt, table: 'events' | 'baseline_events') => {
        const stream = `hot-${tags++}`;
        const seen = new Array<number>(WRITERS).fill(0);
        const lat = new Latencies();
        const cpu = new CpuTotals();
        let ms = 0,
          ok = 0,
          conflicts = 0,
          i = 0;
        return {
          stream,
          async slice(duration: number) {
            await meter.refresh();
            const stop = meter.start();
            ms +=
              1000 *
              (await runFor(duration, WRITERS, async (w) => {
                const t = now();
                // Until it succeeds: a conflict hands back the actual version to retry against.
                for (;;) {
                  const r = await attempt(stream, seen[w], i++);
                  if (r.ok) {
                    seen[w]++;
                    ok++;
                    break;
                  }
                  conflicts++;
                  seen[w] = r.actual ?? seen[w];
                }
                lat.add(now() - t);
              }));
            cpu.add(stop());
          },
          async result() {
            const {
              rows: [v],
            } = await pool.query(
              `SELECT count(*)::int AS n, coalesce(max(version), 0) AS top, count(DISTINCT version)::int AS distinct_versions,
              coalesce(min(version), 1) AS bottom FROM ${table} WHERE stream_id = $1`,
              [stream],
            );
            const gaps = v.top - v.bottom + 1 - v.distinct_versions;
            if (v.n !== ok || v.top !== ok || gaps !== 0 || v.distinct_versions !== v.n) {
              throw new Error(`${table} ${stream}: ${ok} successful appends but ${v.n} rows, versions ${v.bottom}..${v.top}, ${gaps} gaps`);
            }
            const { p50, p99 } = lat.summary();
            return { rate: ok / (ms / 1000), p50, p99, conflicts_per_s: conflicts / (ms / 1000), version_gaps: gaps, ...cpu.perOp(ok) };
          },
        };
      };

      const names = { ours: 'adapter, 8 writers, expected versions', base: 'baseline: bare pg, same INSERT' };
      ctx.define({ name: names.base, unit: 'appends/s', isBaseline: true });
      ctx.define({
        name: names.ours,
        unit: 'appends/s',
        baseline: names.base,
        targets: [{ label: 'no version gaps', metric: 'version_gaps', max: 1 }],
      });
      await side(ours, 'events').slice(300);
      await side(bare, 'baseline_events').slice(300);
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const sides = { ours: side(ours, 'events'), base: side(bare, 'baseline_events') };
        const order = rep % 2 === 0 ? (['ours', 'base'] as const) : (['base', 'ours'] as const);
        for (let t = 0; t < (seconds * 1000) / SLICE_MS; t++) for (const k of order) await sides[k].slice(SLICE_MS);
        for (const k of ['ours', 'base'] as const) ctx.record(names[k], await sides[k].result());
      }
      ctx.note(
        'Concurrency: latency is per successful append, retries included; versions are checked to be exactly 1..n after each repetition.',
      );
    } finally {
      await close();
    }
  },
};
