import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { sql } from './database.ts';

/** How often the watcher looks while a consumer waits (ms). */
const POLL_MS = 1;

/**
 * The feed shows an event only once every older transaction that may append here has ended (the
 * horizon of src/eventstore/postgresFeed.ts, migrations/2026112110_feed_horizon.ts). A consumer that
 * knows of an appended event it cannot see yet waits here: one watcher reads the horizon with one
 * cheap statement at a time for every waiting consumer, instead of each consumer re-running its batch transaction every few ms (measured:
 * order_list ran 1,088 batches for 600 events that way).
 */
export class HorizonWatcher {
  private readonly waiters = new Set<{ tx: bigint; done: (passed: boolean) => void }>();
  private watching = false;
  private stopped = false;
  /** Ends the watcher's current pause early (nudge). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
  ) {}

  /** Resolves true once the horizon has passed transaction `tx`, false after `maxMs`. */
  passed(tx: bigint, maxMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        tx,
        done: (ok: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.done(false), maxMs);
      this.waiters.add(waiter);
      void this.watch();
    });
  }

  /**
   * An append of this process committed: the transactions the waiters wait on may have ended
   * with it, so the watcher looks again now instead of at the end of its pause. Still one
   * statement at a time, however many appends nudge it.
   */
  nudge(): void {
    this.wake?.();
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), POLL_MS);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async watch(): Promise<void> {
    if (this.watching || this.stopped) return;
    this.watching = true;
    try {
      while (this.waiters.size > 0) {
        const [row] = await sql<{ xmin: string }>(this.knex, 'SELECT feed_horizon()::text AS xmin', [], 'cr_horizon');
        const xmin = BigInt(row.xmin);
        for (const w of [...this.waiters]) if (w.tx < xmin) w.done(true);
        if (this.waiters.size > 0) await this.pause();
      }
    } catch (err) {
      this.logger.warn({ err }, 'horizon watcher failed; the waiting consumers read the feed again');
      for (const w of [...this.waiters]) w.done(false);
    } finally {
      this.watching = false;
    }
  }
}
