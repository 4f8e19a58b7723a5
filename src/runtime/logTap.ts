import { hostname } from 'node:os';
import { scrubForStore, scrubText } from '../core/redact.ts';

/** A log line as the admins' log store keeps it. */
export interface TappedLog {
  at: string;
  level: number;
  instance: string;
  msg: string;
  req_id: string | null;
  user_id: string | null;
  data: Record<string, unknown>;
}

/** A line as pino writes it: its own fields (level, time, msg, pid, hostname) and those of the logging call. */
type LoggedLine = Record<string, unknown>;

/** Lines held while nothing drains them (a database that is down, a burst): the oldest go first. */
const MAX_HELD = 20_000;
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * A second destination of the service's logger (src/runtime/logger.ts): it keeps, in memory, the
 * lines at or above its level, scrubbed of secrets, until the log store's writer drains them in
 * batches. Writing a line costs a JSON parse and an array push: the request path never waits
 * for the database. One per process, shared by every logger of it.
 */
export class LogTap {
  private held: TappedLog[] = [];
  /** Lines dropped because the store did not keep up (reported with the next batch). */
  dropped = 0;
  minLevel = LEVELS.info;
  readonly instance = `${hostname()}:${process.pid}`;

  setLevel(level: string): void {
    this.minLevel = LEVELS[level] ?? LEVELS.info;
  }

  /** pino's destination interface: one JSON line per call. */
  write(line: string): void {
    let parsed: LoggedLine | null;
    try {
      // pino's own JSON; each field is checked before it is kept.
      parsed = JSON.parse(line) as LoggedLine | null;
    } catch {
      return;
    }
    if (typeof parsed?.level !== 'number' || parsed.level < this.minLevel) return;
    const { level: _level, time, msg, req_id, user_id, pid: _pid, hostname: _host, ...rest } = parsed;
    this.held.push({
      at: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
      level: parsed.level,
      instance: this.instance,
      msg: scrubText(String(msg ?? '')).slice(0, 2000),
      req_id: typeof req_id === 'string' ? req_id.slice(0, 64) : null,
      user_id: user_id === undefined || user_id === null ? null : String(user_id).slice(0, 64),
      data: scrubForStore(rest) as Record<string, unknown>,
    });
    if (this.held.length > MAX_HELD) {
      this.dropped += this.held.length - MAX_HELD;
      this.held.splice(0, this.held.length - MAX_HELD);
    }
  }

  /** Takes up to `max` lines, oldest first. */
  take(max: number): TappedLog[] {
    return this.held.splice(0, max);
  }

  /** Puts lines back in front (a write that failed), within the bound. */
  giveBack(lines: TappedLog[]): void {
    this.held.unshift(...lines);
    if (this.held.length > MAX_HELD) {
      this.dropped += this.held.length - MAX_HELD;
      this.held.splice(0, this.held.length - MAX_HELD);
    }
  }

  get size(): number {
    return this.held.length;
  }
}

export const logTap = new LogTap();

/**
 * Now, on the clock the log lines are stamped with: pino's, the system's (the service's injected
 * clock can be moved in tests, the logger's cannot). A log search's default window is measured on it.
 */
export const logTime = (): Date => new Date();
