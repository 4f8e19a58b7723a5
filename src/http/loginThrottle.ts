import { TooManyAttemptsException } from '../core/errors.ts';
import { sql, type Executor } from '../runtime/database.ts';

/**
 * Login rate limit, per account and per client address (ARCHITECTURE.md: 429 too many attempts).
 * Failures are counted in PostgreSQL so every instance sees the same counts; a success clears the
 * account's counter. Window and limits are deliberately strict for back-office accounts.
 */
const WINDOW_SECONDS = 15 * 60;
const LIMITS = { account: 5, address: 30 } as const;

export async function assertLoginAllowed(db: Executor, keys: { account: string; address: string }): Promise<void> {
  const rows = await sql<{ key: string; failures: number; retry: number }>(
    db,
    `SELECT key, failures, ceil(extract(epoch FROM window_start + $2 * interval '1 second' - now()))::int AS retry
    FROM auth_throttle WHERE key = ANY($1) AND window_start > now() - $2 * interval '1 second'`,
    [[`account:${keys.account}`, `address:${keys.address}`], WINDOW_SECONDS],
  );
  for (const r of rows) {
    const limit = r.key.startsWith('account:') ? LIMITS.account : LIMITS.address;
    if (r.failures >= limit) throw new TooManyAttemptsException('Too many failed sign-in attempts; try again later', Math.max(1, r.retry));
  }
}

export async function recordLoginFailure(db: Executor, keys: { account: string; address: string }): Promise<void> {
  await sql(
    db,
    `INSERT INTO auth_throttle AS t (key, failures, window_start)
    SELECT k, 1, now() FROM unnest($1::text[]) AS k
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start > now() - $2 * interval '1 second' THEN t.failures + 1 ELSE 1 END,
      window_start = CASE WHEN t.window_start > now() - $2 * interval '1 second' THEN t.window_start ELSE now() END`,
    [[`account:${keys.account}`, `address:${keys.address}`], WINDOW_SECONDS],
  );
}

export async function clearLoginFailures(db: Executor, account: string): Promise<void> {
  await sql(db, 'DELETE FROM auth_throttle WHERE key = $1', [`account:${account}`]);
}
