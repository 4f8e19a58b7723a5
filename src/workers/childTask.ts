import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Whether a package is installed where this installation's code finds it (a development
 * dependency is absent from an install with --omit=dev). Looks for its folder, as Node's
 * resolution would, whatever the package exports.
 */
export function packageInstalled(name: string, from = dirname(fileURLToPath(import.meta.url))): boolean {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Long work run in a child process with tsx (resolved from this installation, whatever the child's directory) (a code-quality scan, a test run): the child sends
 * messages, the parent bounds it in time and may stop it. Resolves with how it ended; never
 * rejects, so a crashed child is an outcome like any other.
 */
export interface ChildOutcome<M> {
  ended: 'exited' | 'timed_out' | 'cancelled' | 'crashed';
  code: number | null;
  /** The child's last message, when it sent one. */
  last: M | null;
  stderr: string;
}

export interface ChildTask<M> {
  done: Promise<ChildOutcome<M>>;
  cancel(): void;
}

export function runChildTask<M>(
  script: string,
  input: Serializable | undefined,
  options: {
    cwd?: string;
    args?: string[];
    timeoutMs: number;
    onMessage?: (message: M) => void;
    /**
     * An operator's cancel, recorded on the task's stream by whichever instance received it: asked
     * every `everyMs` while the child runs; when it answers true the child is stopped ('cancelled').
     */
    cancelWatch?: { everyMs: number; cancelled: () => Promise<boolean> };
  },
): ChildTask<M> {
  let ended: ChildOutcome<M>['ended'] | null = null;
  let last: M | null = null;
  let stderr = '';
  const child: ChildProcess = fork(script, options.args ?? [], {
    cwd: options.cwd,
    execArgv: ['--import', TSX_LOADER],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  child.on('message', (m: M) => {
    last = m;
    options.onMessage?.(m);
  });
  const stop = (why: 'timed_out' | 'cancelled') => {
    ended ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop('timed_out'), options.timeoutMs);
  const watch = options.cancelWatch;
  const watcher =
    watch &&
    setInterval(() => {
      void watch
        .cancelled()
        .then((yes) => {
          if (yes) stop('cancelled');
        })
        .catch(() => undefined);
    }, watch.everyMs);
  const done = new Promise<ChildOutcome<M>>((resolve) => {
    child.on('error', (err) => {
      stderr += String(err.message);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      resolve({ ended: ended ?? (code === null ? 'crashed' : 'exited'), code, last, stderr });
    });
  });
  if (input !== undefined) child.send(input);
  return { done, cancel: () => stop('cancelled') };
}
