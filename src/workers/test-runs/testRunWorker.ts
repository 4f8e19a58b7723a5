import { SerialWorker } from '../serialWorker.ts';
import { fileURLToPath } from 'node:url';
import type { TestCollection, TestResult } from '../../../commands/test-runs/events.ts';
import { runTestRunCommand } from '../../../commands/test-runs/handlers.ts';
import type { TestRunCommand } from '../../../commands/test-runs/testRun.ts';
import { ConflictException } from '../../core/errors.ts';
import type { EventStore } from '../../eventstore/port.ts';
import type { Services } from '../../runtime/services.ts';
import { packageInstalled, runChildTask } from '../childTask.ts';
import type { ChildMessage } from './mochaChild.ts';
import { categoryOf, suiteFiles, type SuiteFile } from './suite.ts';

const ACTOR = 'system:test-run';
const CHILD = fileURLToPath(new URL('./mochaChild.ts', import.meta.url));
/** Results and progress are recorded at most this often (a suite of thousands of tests is a few hundred events). */
const FLUSH_MS = 1000;

/** Whether this deployment can run its test suite: the runner installed and test files present. */
export function testSuiteStatus(services: Services): { available: boolean; reason: string | null; files: number } {
  if (!packageInstalled('mocha')) {
    return {
      available: false,
      reason:
        "This deployment was installed without the test suite's development dependencies (mocha is missing): install them to run tests",
      files: 0,
    };
  }
  const { testRoot, testPattern } = services.config.operations;
  const files = suiteFiles(testRoot, testPattern).length;
  if (files === 0) return { available: false, reason: `This deployment has no test files (${testPattern} under ${testRoot})`, files };
  return { available: true, reason: null, files };
}

export interface RunRequest {
  run_id: number;
  kind: 'run' | 'collect';
  category: string | null;
  collection: string | null;
}

/**
 * Runs requested test runs and collects one at a time, each in a child process with a bound in
 * time. The child's outcome is always recorded: completed, failed when it crashed or ran past
 * its bound, and a cancelled run (cancelled through its stream, by any instance) has its child
 * stopped within a second. The sweep starts waiting runs and fails running ones no worker runs.
 */
export class TestRunWorker extends SerialWorker {
  constructor(services: Services, options = { sweepEveryMs: 5000 }) {
    super(services, 'test-run', options.sweepEveryMs);
  }

  private now(): string {
    return this.services.clock.now().toISOString();
  }

  /** A command of the run; false when the run moved on meanwhile (cancelled). */
  private async command(runId: number, command: TestRunCommand): Promise<boolean> {
    try {
      await runTestRunCommand(this.services.store, runId, command, { userId: ACTOR, correlationId: `test-run-${runId}` });
      return true;
    } catch (err) {
      if (err instanceof ConflictException) return false;
      throw err;
    }
  }

  private async statusOf(runId: number): Promise<string | undefined> {
    return (await this.services.db.knex('test_runs').where('id', runId).first('status'))?.status;
  }

  async run(runId: number): Promise<void> {
    const request: RunRequest | undefined = await this.services.db
      .knex('test_runs')
      .where('id', runId)
      .first('id as run_id', 'kind', 'category', 'collection');
    if (!request) return;
    const status = testSuiteStatus(this.services);
    const { testRoot, testPattern, testRunTimeoutMs } = this.services.config.operations;
    const files = suiteFiles(testRoot, testPattern).filter(
      (f) => (!request.category || f.category === request.category) && (!request.collection || f.collection === request.collection),
    );
    if (!(await this.command(runId, { type: 'StartTestRun', data: { run_id: runId, files: files.length, at: this.now() } }))) return;
    const fail = (error: string) => this.command(runId, { type: 'FailTestRun', data: { run_id: runId, error, at: this.now() } });
    if (!status.available) {
      await fail(status.reason!);
      return;
    }
    if (files.length === 0) {
      await fail('No test file matches this category or collection');
      return;
    }
    const collect = request.kind === 'collect';
    const recorder = new ResultRecorder(this, runId, files);
    const startedAt = Date.now();
    const task = runChildTask<ChildMessage>(
      CHILD,
      { root: testRoot, files: files.map((f) => f.file), collect },
      {
        timeoutMs: testRunTimeoutMs,
        onMessage: (m) => recorder.take(m),
        cancelWatch: { everyMs: FLUSH_MS, cancelled: async () => (await this.statusOf(runId)) === 'cancelled' },
      },
    );
    const flushing = setInterval(() => {
      void recorder.flush();
    }, FLUSH_MS);
    const outcome = await task.done;
    clearInterval(flushing);
    await recorder.flush();
    if (outcome.ended === 'cancelled') return;
    if (outcome.ended === 'timed_out') {
      await fail(`The run took longer than ${Math.round(testRunTimeoutMs / 1000)} s and was stopped`);
      return;
    }
    const last = outcome.last;
    if (last?.kind === 'error') {
      await fail(`The suite could not be loaded: ${last.error.split('\n')[0]}`);
      return;
    }
    if (collect && last?.kind === 'collected') {
      await this.command(runId, {
        type: 'RecordTestCollections',
        data: { run_id: runId, collections: collectionsOf(files, last.tests), at: this.now() },
      });
      await this.complete(
        runId,
        { total: Object.values(last.tests).reduce((a, b) => a + b, 0), passed: 0, failed: 0, pending: 0 },
        Date.now() - startedAt,
      );
      return;
    }
    if (!collect && last?.kind === 'end') {
      await this.complete(runId, recorder.counts(), Date.now() - startedAt);
      return;
    }
    await fail(
      `The test process crashed (${outcome.ended}, exit code ${outcome.code}) after ${recorder.counts().passed + recorder.counts().failed} tests: ${outcome.stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`,
    );
  }

  private async complete(
    runId: number,
    counts: { total: number; passed: number; failed: number; pending: number },
    durationMs: number,
  ): Promise<void> {
    const ran = counts.passed + counts.failed;
    await this.command(runId, {
      type: 'CompleteTestRun',
      data: {
        run_id: runId,
        ...counts,
        pass_rate: ran === 0 ? null : Math.round((counts.passed / ran) * 10_000) / 100,
        duration_ms: durationMs,
        at: this.now(),
      },
    });
  }

  /** Records progress and results (used by ResultRecorder). */
  record(runId: number, command: TestRunCommand): Promise<boolean> {
    return this.command(runId, command);
  }
  clockNow(): string {
    return this.now();
  }

  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      const knex = this.services.db.knex;
      for (const id of await knex('test_runs').where('status', 'pending').orderBy('id').limit(20).pluck('id')) this.enqueue(Number(id));
      // A run whose progress stopped for longer than its bound lost its worker (its process stopped).
      const bound = this.services.config.operations.testRunTimeoutMs + 60_000;
      const stale = await knex('test_runs')
        .where('status', 'running')
        .where('updated_at', '<', new Date(this.services.clock.now().getTime() - bound))
        .pluck('id');
      for (const id of stale.map(Number).filter((id: number) => id !== this.current)) {
        await this.command(id, {
          type: 'FailTestRun',
          data: { run_id: id, error: 'The run stopped making progress (its worker stopped); start a new one', at: this.now() },
        });
      }
    } catch (err) {
      this.services.logger.error({ err }, 'test-run sweep failed');
    }
  }
}

function collectionsOf(files: SuiteFile[], tests: Record<string, number>): TestCollection[] {
  const by = new Map<string, TestCollection>();
  for (const f of files) {
    const c = by.get(f.collection) ?? { name: f.collection, category: categoryOf(f.collection), files: 0, tests: 0 };
    c.files += 1;
    c.tests += tests[f.file] ?? 0;
    by.set(f.collection, c);
  }
  return [...by.values()];
}

/** Buffers the child's messages and records them as progress and result batches, in order. */
class ResultRecorder {
  private buffer: TestResult[] = [];
  private total = 0;
  private tally = { passed: 0, failed: 0, pending: 0 };
  private currentTitle: string | null = null;
  private seq = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private dirty = false;
  private readonly collectionOf: Map<string, string>;

  constructor(
    private readonly worker: TestRunWorker,
    private readonly runId: number,
    files: SuiteFile[],
  ) {
    this.collectionOf = new Map(files.map((f) => [f.file, f.collection]));
  }

  take(m: ChildMessage): void {
    if (m.kind === 'start') {
      this.total = m.total;
      this.dirty = true;
    }
    if (m.kind !== 'test') return;
    this.seq += 1;
    this.tally[m.status] += 1;
    this.currentTitle = m.title;
    this.dirty = true;
    this.buffer.push({
      seq: this.seq,
      collection: (m.file && this.collectionOf.get(m.file)) ?? '(unknown)',
      file: m.file,
      title: m.title,
      status: m.status,
      duration_ms: m.duration_ms === null ? null : Math.round(m.duration_ms),
      failure_message: m.failure_message,
    });
  }

  counts() {
    return { total: Math.max(this.total, this.seq), ...this.tally };
  }

  flush(): Promise<unknown> {
    this.chain = this.chain
      .then(async () => {
        if (!this.dirty) return;
        this.dirty = false;
        const results = this.buffer.splice(0);
        if (results.length > 0) await this.worker.record(this.runId, { type: 'RecordTestResults', data: { run_id: this.runId, results } });
        await this.worker.record(this.runId, {
          type: 'RecordTestRunProgress',
          data: { run_id: this.runId, ...this.counts(), current: this.currentTitle, at: this.worker.clockNow() },
        });
      })
      .catch(() => undefined);
    return this.chain;
  }
}

const workers = new WeakMap<EventStore, TestRunWorker>();

export function startTestRunWorker(services: Services): TestRunWorker {
  const worker = new TestRunWorker(services);
  workers.set(services.store, worker);
  worker.start();
  return worker;
}

export function testRunWorkerOf(store: EventStore): TestRunWorker | null {
  return workers.get(store) ?? null;
}

export async function stopTestRunWorker(store: EventStore): Promise<void> {
  const w = workers.get(store);
  workers.delete(store);
  await w?.stop();
}
