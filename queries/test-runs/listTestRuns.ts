import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { TestCollectionRow, TestResultRow, TestRunRow } from '../../projections/test-runs/testRuns.ts';

export function testRunOut(r: TestRunRow) {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    category: r.category,
    collection: r.collection,
    requested_by: r.requested_by,
    progress_message: r.progress_message,
    total: r.total,
    passed: r.passed,
    failed: r.failed,
    pending: r.pending,
    pass_rate: r.pass_rate,
    duration_ms: r.duration_ms,
    error_message: r.error_message,
    created_at: r.created_at.toISOString(),
    started_at: r.started_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
  };
}
export type TestRunOut = ReturnType<typeof testRunOut>;

export interface TestRunFilter {
  status?: string;
  category?: string;
  kind?: string;
}

/** Runs and collects, newest first. */
export function listTestRuns(knex: Knex, filter: TestRunFilter, request: PageRequest): Promise<Page<TestRunOut>> {
  const q = knex<TestRunRow>('test_runs');
  for (const k of ['status', 'category', 'kind'] as const) if (filter[k]) q.where(k, filter[k]);
  return paginate(q.select('*'), request, (b) => b.orderBy('id', 'desc'), testRunOut);
}

export async function getTestRun(knex: Knex, id: number): Promise<TestRunOut | null> {
  const row = await knex<TestRunRow>('test_runs').where('id', id).first();
  return row ? testRunOut(row) : null;
}

export async function activeTestRun(knex: Knex): Promise<TestRunOut | null> {
  const row = await knex<TestRunRow>('test_runs').whereIn('status', ['pending', 'running']).orderBy('id', 'desc').first();
  return row ? testRunOut(row) : null;
}

export async function countActiveTestRuns(knex: Knex): Promise<{ queued: number; running: number }> {
  const rows: (Pick<TestRunRow, 'status'> & { n: number | string })[] = await knex('test_runs')
    .whereIn('status', ['pending', 'running'])
    .groupBy('status')
    .select('status')
    .count({ n: '*' });
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: n('pending'), running: n('running') };
}

/** A run's results in the order they ran; filter by status. */
export function listTestResults(knex: Knex, runId: number, filter: { status?: string }, request: PageRequest) {
  const q = knex<TestResultRow>('test_results').where('run_id', runId);
  if (filter.status) q.where('status', filter.status);
  return paginate(
    q.select('*'),
    request,
    (b) => b.orderBy('seq'),
    (r: TestResultRow) => ({
      seq: r.seq,
      collection: r.collection,
      file: r.file,
      title: r.title,
      status: r.status,
      duration_ms: r.duration_ms,
      failure_message: r.failure_message,
    }),
  );
}

export async function listTestCollections(knex: Knex) {
  const rows = await knex<TestCollectionRow>('test_collections').orderBy('name');
  return rows.map((r) => ({
    name: r.name,
    category: r.category,
    files: r.files,
    tests: r.tests,
    collected_by_run: r.collected_by_run,
    collected_at: r.collected_at.toISOString(),
  }));
}
