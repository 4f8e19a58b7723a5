import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Mocha from 'mocha';
import type { TestStatus } from '../../../commands/test-runs/events.ts';

/**
 * The test suite, in a child process of the test-run worker (testRunWorker.ts), through mocha's
 * own API. Its reporter is machine-readable: every test's outcome is a message to the parent
 * (title, file, status, duration, failure message). A collect loads the files and counts their
 * tests per file without running any. The root hooks of the suite's .mocharc.json are loaded as
 * `npx mocha` would.
 */
export type ChildMessage =
  | { kind: 'start'; total: number }
  | { kind: 'test'; file: string | null; title: string; status: TestStatus; duration_ms: number | null; failure_message: string | null }
  | { kind: 'collected'; tests: Record<string, number> }
  | { kind: 'end' }
  | { kind: 'error'; error: string };

interface Input {
  root: string;
  files: string[];
  collect: boolean;
}

/** A root hook module's mochaHooks, as mocha reads it: the hooks, or a function that makes them. */
type MochaHooks = Mocha.RootHookObject | (() => Mocha.RootHookObject | Promise<Mocha.RootHookObject>);

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

async function rootHooksOf(root: string): Promise<{ timeout?: number; rootHooks?: Mocha.RootHookObject }> {
  const rcFile = join(root, '.mocharc.json');
  if (!existsSync(rcFile)) return {};
  const rc = JSON.parse(readFileSync(rcFile, 'utf8')) as { require?: string | string[]; timeout?: number };
  const hooks: Mocha.RootHookObject = {};
  for (const file of [rc.require ?? []].flat()) {
    // A root hook module exports its hooks as mochaHooks, or under its default export.
    const loaded = (await import(pathToFileURL(join(root, file)).href)) as {
      mochaHooks?: MochaHooks;
      default?: { mochaHooks?: MochaHooks };
    };
    const h = loaded.mochaHooks ?? loaded.default?.mochaHooks;
    if (h) Object.assign(hooks, typeof h === 'function' ? await h() : h);
  }
  return { timeout: rc.timeout, rootHooks: hooks };
}

function countTests(suite: Mocha.Suite, into: Record<string, number>, root: string): void {
  for (const t of suite.tests) {
    const file = t.file ? t.file.slice(root.length + 1) : '(unknown)';
    into[file] = (into[file] ?? 0) + 1;
  }
  for (const s of suite.suites) countTests(s, into, root);
}

async function main(input: Input): Promise<void> {
  process.chdir(input.root);
  const { timeout, rootHooks } = await rootHooksOf(input.root);
  const pending: Promise<void>[] = [];
  const rel = (file: string | undefined) => (file ? file.slice(input.root.length + 1) : null);
  // Only listens to the runner's events; the base class keeps mocha's own bookkeeping of the run.
  class Reporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      runner.on('start', () => pending.push(send({ kind: 'start', total: runner.total })));
      runner.on('pass', (t) =>
        pending.push(
          send({
            kind: 'test',
            file: rel(t.file),
            title: t.fullTitle(),
            status: 'passed',
            duration_ms: t.duration ?? null,
            failure_message: null,
          }),
        ),
      );
      runner.on('pending', (t) =>
        pending.push(
          send({ kind: 'test', file: rel(t.file), title: t.fullTitle(), status: 'pending', duration_ms: null, failure_message: null }),
        ),
      );
      runner.on('fail', (t, err: unknown) =>
        pending.push(
          send({
            kind: 'test',
            file: rel(t.file),
            title: t.fullTitle(),
            status: 'failed',
            duration_ms: t.duration ?? null,
            failure_message: String(messageOf(err) ?? err).slice(0, 4000),
          }),
        ),
      );
    }
  }
  const mocha = new Mocha({ reporter: Reporter, timeout: timeout ?? 20_000, rootHooks });
  for (const f of input.files) mocha.addFile(join(input.root, f));
  await mocha.loadFilesAsync();
  if (input.collect) {
    const tests: Record<string, number> = {};
    countTests(mocha.suite, tests, input.root);
    await send({ kind: 'collected', tests });
    process.exit(0);
  }
  mocha.run(async () => {
    await Promise.all(pending);
    await send({ kind: 'end' });
    // Like mocha's --exit: a suite's open handles (servers, pools) never keep the run alive.
    process.exit(0);
  });
}

/** The message of what a failing test threw, when it has one (mocha passes on whatever was thrown). */
const messageOf = (err: unknown): unknown => (typeof err === 'object' && err !== null && 'message' in err ? err.message : undefined);

process.once('message', (input: Input) => {
  main(input).catch(async (err: Error) => {
    await send({ kind: 'error', error: String(err?.stack ?? err).slice(0, 4000) });
    process.exit(1);
  });
});
