import { TooManyAttemptsException } from '../../core/errors.ts';
import { sql, type Executor } from '../../runtime/database.ts';

/**
 * The signup's rate limit per client address (ARCHITECTURE.md: 429 too many attempts, with
 * Retry-After): each action has its own budget per window. Counting and checking is one statement
 * (an upsert that returns the new count), so concurrent requests cannot slip past the limit.
 */
export const SIGNUP_LIMITS = {
  /** Signups begun per address and hour. */
  start: { attempts: 10, windowSeconds: 3600 },
  /** Extmarket shop lookups per address and hour: each one calls the extmarket. */
  lookup: { attempts: 30, windowSeconds: 3600 },
} as const;

export async function countSignupAttempt(db: Executor, action: keyof typeof SIGNUP_LIMITS, address: string): Promise<void> {
  const { attempts, windowSeconds } = SIGNUP_LIMITS[action];
  const [row] = await sql(
    db,
    `INSERT INTO signup_throttle AS t (key, attempts, window_start) VALUES ($1, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN t.window_start > now() - $2 * interval '1 second' THEN t.attempts + 1 ELSE 1 END,
      window_start = CASE WHEN t.window_start > now() - $2 * interval '1 second' THEN t.window_start ELSE now() END
    RETURNING attempts, ceil(extract(epoch FROM window_start + $2 * interval '1 second' - now()))::int AS retry`,
    [`${action}:${address}`, windowSeconds],
  );
  if (Number(row.attempts) > attempts) {
    throw new TooManyAttemptsException(
      `Too many signup attempts from this address; try again in ${row.retry} seconds`,
      Math.max(1, Number(row.retry)),
    );
  }
}

/** Windows long over are dead rows (the signup module's daily task). */
export async function purgeSignupThrottle(db: Executor): Promise<void> {
  await sql(db, "DELETE FROM signup_throttle WHERE window_start < now() - interval '1 day'");
}
