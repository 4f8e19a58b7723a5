import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../support/childService.ts';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `npm start` as a newcomer runs it, with one setting wrong; the process is killed if it does not end by itself. */
function start(env: Record<string, string>): Promise<Outcome> {
  const began = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
  // 'close', not 'exit': a process can exit before its last line has come through the pipe.
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, ms: Date.now() - began });
    }),
  );
}

const lines = (text: string) => text.trim().split('\n').filter(Boolean);

describe('Start-up: a configuration mistake ends in one line naming the setting, exit code 1', function () {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'startup-mistake-'));
  const outcomes: Record<string, Outcome> = {};
  let busy: Server;
  let held: ReturnType<typeof spawn>;

  before(async function () {
    // Every case starts a process of its own (the module loader's warm-up is the slow part on a loaded host): all at once, under one bound.
    this.timeout(180_000);
    busy = createServer();
    const busyPort = await freePort();
    await new Promise<void>((r) => busy.listen(busyPort, '127.0.0.1', () => r()));
    const lockedDir = dataDir();
    held = spawn('sleep', ['300']);
    writeFileSync(join(lockedDir, 'pglite.lock'), String(held.pid));
    const fileNotFolder = join(dataDir(), 'a-file');
    writeFileSync(fileNotFolder, '');
    // A port of its own for each case: the processes start at once, and the port check of one
    // binds its port for a moment, which another case on the same port would see as in use.
    const port = async () => String(await freePort());
    const cases: Record<string, Record<string, string>> = {
      unreachableDatabase: { DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', DATA_DIR: dataDir(), PORT: await port() },
      shortSecret: { JWT_SECRET: 'too-short', DATA_DIR: dataDir(), PORT: await port() },
      shortSecretDebug: { JWT_SECRET: 'too-short', DATA_DIR: dataDir(), PORT: await port(), LOG_LEVEL: 'debug' },
      portInUse: { DATA_DIR: dataDir(), PORT: String(busyPort) },
      unwritableDataDir: { DATA_DIR: join(fileNotFolder, 'data'), PORT: await port() },
      heldDatabase: { DATA_DIR: lockedDir, PORT: await port() },
      badPortNumber: { DATA_DIR: dataDir(), PORT: 'eighty' },
    };
    await Promise.all(
      Object.entries(cases).map(async ([name, env]) => {
        outcomes[name] = await start(env);
      }),
    );
  });

  after(() => {
    busy?.close();
    held?.kill();
  });

  function expectOneLine(outcome: Outcome, pattern: RegExp) {
    expect(outcome.code, outcome.stderr + outcome.stdout).to.equal(1);
    expect(lines(outcome.stderr), outcome.stderr).to.have.length(1);
    expect(outcome.stderr).to.match(pattern);
    expect(outcome.stderr).not.to.match(/\n\s+at /);
    // Nothing of the long start ran: not a line on stdout.
    expect(outcome.stdout).to.equal('');
  }

  it('an unreachable DATABASE_URL names the variable and the server, not a bare ECONNREFUSED', () => {
    expectOneLine(
      outcomes.unreachableDatabase,
      /^Cannot start: DATABASE_URL points to 127\.0\.0\.1:1, where no server accepts connections: start PostgreSQL there or correct DATABASE_URL/,
    );
  });

  it('a short JWT_SECRET says how long it must be and how to make one, without a trace', () => {
    expectOneLine(outcomes.shortSecret, /^Cannot start: JWT_SECRET has 9 characters, at least 32 are needed: set a longer secret/);
  });

  it('at LOG_LEVEL=debug the same mistake also shows where it was raised', () => {
    const { code, stderr } = outcomes.shortSecretDebug;
    expect(code).to.equal(1);
    expect(lines(stderr)[0]).to.match(/^Cannot start: JWT_SECRET has 9 characters/);
    expect(stderr).to.match(/\n\s+at .*config\.ts/);
  });

  it('a port in use is found before the long start-up, with what to do', () => {
    expectOneLine(
      outcomes.portInUse,
      /^Cannot start: PORT \d+ is in use on 127\.0\.0\.1 by another process: stop that process, or set PORT to a free port/,
    );
  });

  it('an unwritable DATA_DIR names the folder and why', () => {
    expectOneLine(
      outcomes.unwritableDataDir,
      /^Cannot start: DATA_DIR \(.*a-file\/data\) cannot be written \(a part of the path is a file, not a folder\): point DATA_DIR/,
    );
  });

  it('an embedded database held by another process names that process', () => {
    expectOneLine(
      outcomes.heldDatabase,
      new RegExp(
        `^Cannot start: DATA_DIR \\(.*\\) holds an embedded database in use by process ${held.pid}: stop process ${held.pid} first`,
      ),
    );
  });

  it('a PORT that is no number says which numbers are', () => {
    expectOneLine(outcomes.badPortNumber, /^Cannot start: PORT is "eighty", not a port number: set a number from 1 to 65535/);
  });
});
