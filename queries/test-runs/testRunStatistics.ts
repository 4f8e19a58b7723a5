import type { Knex } from 'knex';
import type { TestResultRow, TestRunRow } from '../../projections/test-runs/testRuns.ts';

/**
 * The test-run dashboard's statistics over the last `window` completed runs: the pass rate of
 * each (over time), per category, the slowest tests of the last run, and the flaky tests: those
 * that both passed and failed among those runs, with how often their outcome flipped from one
 * run to the next.
 */
export async function testRunStatistics(knex: Knex, window = 20) {
  const runs = await knex<TestRunRow>('test_runs')
    .where({ status: 'completed', kind: 'run' })
    .orderBy('id', 'desc')
    .limit(window)
    .select('id', 'category', 'collection', 'pass_rate', 'passed', 'failed', 'duration_ms', 'completed_at');
  const ids = runs.map((r) => r.id);
  const overTime = [...runs].reverse().map((r) => ({
    run_id: r.id,
    // A completed run has its completion time.
    completed_at: r.completed_at!.toISOString(),
    category: r.category,
    collection: r.collection,
    pass_rate: r.pass_rate,
    passed: r.passed,
    failed: r.failed,
    duration_ms: r.duration_ms,
  }));
  const perCategory =
    ids.length === 0
      ? []
      : await knex('test_results as t')
          .join('test_runs as r', 'r.id', 't.run_id')
          .whereIn('t.run_id', ids)
          .whereIn('t.status', ['passed', 'failed'])
          .groupByRaw("coalesce(r.category, 'all')")
          .select(knex.raw("coalesce(r.category, 'all') AS category"))
          .select<{ category: string; passed: string; ran: string }[]>(
            knex.raw("count(*) FILTER (WHERE t.status = 'passed') AS passed"),
            knex.raw('count(*) AS ran'),
          );
  const slowest =
    ids.length === 0
      ? []
      : await knex<TestResultRow>('test_results')
          .where('run_id', ids[0])
          .whereNotNull('duration_ms')
          .orderBy('duration_ms', 'desc')
          .limit(10)
          .select('title', 'collection', 'file', 'duration_ms', 'status');
  const outcomes =
    ids.length === 0
      ? []
      : await knex<TestResultRow>('test_results')
          .whereIn('run_id', ids)
          .whereIn('status', ['passed', 'failed'])
          .whereIn(
            'title',
            knex('test_results')
              .whereIn('run_id', ids)
              .whereIn('status', ['passed', 'failed'])
              .groupBy('title')
              .havingRaw('count(DISTINCT status) > 1')
              .select('title'),
          )
          .orderBy(['title', 'run_id'])
          .select('title', 'collection', 'run_id', 'status');
  const flaky = new Map<
    string,
    { title: string; collection: string; runs: number; failures: number; flips: number; last_status: string }
  >();
  for (const o of outcomes) {
    const f = flaky.get(o.title) ?? { title: o.title, collection: o.collection, runs: 0, failures: 0, flips: 0, last_status: o.status };
    if (f.runs > 0 && f.last_status !== o.status) f.flips += 1;
    f.runs += 1;
    if (o.status === 'failed') f.failures += 1;
    f.last_status = o.status;
    flaky.set(o.title, f);
  }
  return {
    runs: runs.length,
    pass_rate_over_time: overTime,
    per_category: perCategory.map((c) => ({
      category: c.category,
      ran: Number(c.ran),
      passed: Number(c.passed),
      pass_rate: Math.round((Number(c.passed) / Number(c.ran)) * 10_000) / 100,
    })),
    slowest: slowest.map((s) => ({
      title: s.title,
      collection: s.collection,
      file: s.file,
      duration_ms: s.duration_ms,
      status: s.status,
    })),
    flaky: [...flaky.values()].sort((a, b) => b.flips - a.flips || a.title.localeCompare(b.title)),
  };
}
