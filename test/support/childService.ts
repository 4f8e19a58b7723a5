import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real service as a child process (`src/main.ts`, exactly as `npm start` runs it) against a
 * PostgreSQL database: for the reliability suite (kill it, run two of them) and the HTTP
 * benchmarks. Its JSON log goes to a file, kept for a failing test's message.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const CHILD_ADMIN = { email: 'ops@reliability.test', username: 'ops', password: 'ops-password-0123456789' };
export const CHILD_JWT_SECRET = 'reliability-secret-that-is-long-enough-0123456789';

export interface ChildService {
  url: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  /** SIGTERM and wait for the exit (the graceful shutdown of src/main.ts). */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>;
  /** The last lines of its log. */
  logTail(lines?: number): string;
}

export interface StartOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Name of the log file (in a temp folder); default service-<port>.log. */
  name?: string;
  /** Another entry point (relative to the repository) that serves GET /health; default src/main.ts. */
  script?: string;
  /** Another checkout to run the service from (a commit measured against this one); default this repository. */
  root?: string;
  /** Extra node flags (--cpu-prof…). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export async function startService(options: StartOptions): Promise<ChildService> {
  const port = await freePort();
  const dir = join(tmpdir(), 'commerce-child-services');
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, `${options.name ?? 'service'}-${port}-${Date.now()}.log`);
  const fd = openSync(logFile, 'a');
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', join(root, options.script ?? 'src/main.ts')], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, `data-${port}`),
      JWT_SECRET: CHILD_JWT_SECRET,
      ADMIN_EMAIL: CHILD_ADMIN.email,
      ADMIN_USERNAME: CHILD_ADMIN.username,
      ADMIN_PASSWORD: CHILD_ADMIN.password,
      LOG_LEVEL: 'info',
      ...options.env,
    },
  });
  closeSync(fd);
  const exited = new Promise<number | null>((r) => child.once('exit', (code, signal) => r(code ?? (signal ? -1 : null))));
  const url = `http://127.0.0.1:${port}`;
  const logTail = (lines = 30) => {
    try {
      return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the service exited during start-up; its log:\n${logTail()}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not answer /health within the start-up bound; its log:\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (gone) return;
    child.kill(signal);
    await exited;
  };
  return { url, port, child, logFile, stop: () => end('SIGTERM'), kill: () => end('SIGKILL'), logTail };
}

/** Signs in as the child's first admin and returns the bearer token. */
export async function adminLogin(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_or_username: CHILD_ADMIN.email, password: CHILD_ADMIN.password }),
  });
  const body = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}
