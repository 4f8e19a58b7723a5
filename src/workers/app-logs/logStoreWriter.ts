import type { Knex } from 'knex';
import { logTap, logTime, type LogTap, type TappedLog } from '../../runtime/logTap.ts';

/** Lines per INSERT: one statement writes a batch. */
const BATCH = 1000;

/**
 * Writes the log tap's lines to application_logs, in batches, off the request path: every
 * `flushMs`, and at once again while a full batch was written. A failed write puts the lines back
 * (within the tap's bound) for the next round. Each instance writes its own lines.
 */
export class LogStoreWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    private readonly flushMs: number,
    private readonly tap: LogTap = logTap,
  ) {}

  start(): void {
    const tick = () => {
      this.timer = setTimeout(() => {
        this.writing = this.flush().finally(() => {
          if (!this.stopped) tick();
        });
      }, this.flushMs);
      this.timer.unref();
    };
    tick();
  }

  /** Writes everything the tap holds now. */
  async flush(): Promise<void> {
    for (;;) {
      const lines = this.tap.take(BATCH);
      if (this.tap.dropped > 0) {
        lines.push(notice(this.tap));
        this.tap.dropped = 0;
      }
      if (lines.length === 0) return;
      try {
        await this.knex('application_logs').insert(lines.map((l) => ({ ...l, data: JSON.stringify(l.data) })));
      } catch {
        // Logging the failure would only add a line to the tap: the lines wait for the next round.
        this.tap.giveBack(lines);
        return;
      }
      if (lines.length < BATCH) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.writing;
    await this.flush();
  }
}

function notice(tap: LogTap): TappedLog {
  return {
    at: logTime().toISOString(),
    level: 40,
    instance: tap.instance,
    msg: `the log store dropped ${tap.dropped} line(s): they came faster than they could be written`,
    req_id: null,
    user_id: null,
    data: { dropped: tap.dropped },
  };
}
