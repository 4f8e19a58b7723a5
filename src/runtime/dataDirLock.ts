import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../configChecks.ts';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file with the owner's pid refuses that (a stale lock of a dead process is taken over;
 * the process that holds it may take it again). Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && alive(owner)) {
      throw new ConfigError(
        'DATA_DIR',
        `(${dataDir}) holds an embedded database in use by process ${owner}`,
        `stop process ${owner} first, or give this process another DATA_DIR (or a PostgreSQL server with DATABASE_URL)`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8')) === process.pid) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
