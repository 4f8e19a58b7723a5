import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql, type Executor } from '../runtime/database.ts';

/**
 * How the PostgreSQL adapter (postgres.ts) tells other processes of its appends: a coalesced
 * NOTIFY on FEED_CHANNEL, at most one in flight per process, never one per event, naming the
 * event types appended so that only the consumers that read them wake up. The NOTIFY rides on
 * an append statement whenever none is in flight (`take`): it is delivered at that append's
 * commit, with no round trip and no transaction of its own. A NOTIFY in a transaction of its own
 * takes a round trip, a transaction id and a commit record (a WAL flush): with one writer it cost
 * about 110 µs of server CPU and 110 µs of this process's per append, on top of 195 and 140 for
 * the append (2026-11-21, loaded machine). Types no append carried go out in a NOTIFY of their
 * own soon after (`tell`).
 */
export const FEED_CHANNEL = 'events_appended';

/**
 * A NOTIFY starts at least this long after the previous one started (and never while one is in
 * flight). One writer appends every 0.2–0.5 ms; carried by every append, the NOTIFY still cost
 * about 50 µs of server CPU per append (the listening backends are signalled and read the queue;
 * this process's listener gets its own notification too) and one writer ran at 89 % of the bare
 * INSERT; 1 ms apart, about 17 µs and 94 % (2 ms: 97 %). The first append after a quiet moment
 * still notifies at once; those that follow within the spacing are named by the next NOTIFY, at
 * most about two spacings later. A consumer of another process woken by a NOTIFY polls on a 1 ms
 * backoff anyway.
 */
const NOTIFY_SPACING_MS = 1;

export class FeedNotifier {
  /** A NOTIFY is in flight: a statement of its own, or carried by an append. */
  private notifying = false;
  /** A NOTIFY of `unannounced` of its own is scheduled, unless an append carries it first. */
  private flushScheduled = false;
  /** performance.now() before which no NOTIFY starts (NOTIFY_SPACING_MS after the previous one). */
  private nextNotifyAt = 0;
  /** NOTIFY_SPACING_MS; a field so that a measurement can vary it. */
  private readonly notifySpacingMs = NOTIFY_SPACING_MS;
  /** Types appended (committed) here that other processes have not been told about yet. */
  private readonly unannounced = new Set<string>();
  /** Names this process in its NOTIFY payloads, so that it ignores its own (its consumers were woken already). */
  private readonly sender = randomUUID();
  private listenClient: pg.Client | null = null;
  private closed = false;

  /** `enabled`: a PostgreSQL server (PGlite's data folder belongs to one process: no one to tell). */
  constructor(
    private readonly db: Executor,
    private readonly enabled: boolean,
  ) {}

  /** Listens for the appends of other processes; `onRemote` gets the types they name (none: any). */
  async listen(url: string, onRemote: (types?: string[]) => void): Promise<void> {
    if (!this.enabled) return;
    const { default: pgm } = await import('pg');
    const client = new pgm.Client({ connectionString: url });
    client.on('error', () => {
      /* the consumers' capped polling covers a lost listener */
    });
    await client.connect();
    client.on('notification', (msg) => {
      const note = parsePayload(msg.payload);
      if (note.sender !== this.sender) onRemote(note.types);
    });
    await client.query(`LISTEN ${FEED_CHANNEL}`);
    this.listenClient = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listenClient?.end().catch(() => {});
    this.listenClient = null;
  }

  /**
   * When no NOTIFY is in flight, hands the next one to the append about to run: its payload
   * names the append's own types and every type still unannounced (`others`, taken out of the
   * set until the append's outcome is known, and put back by `done` if it stores nothing:
   * `others` may name the append's own types too, appended earlier by another append).
   */
  take(types: readonly string[]): { payload: string; others: string[] } | null {
    if (!this.enabled || this.closed || this.notifying) return null;
    const now = performance.now();
    if (now < this.nextNotifyAt) return null;
    this.notifying = true;
    this.nextNotifyAt = now + this.notifySpacingMs;
    const others = [...this.unannounced];
    this.unannounced.clear();
    return { payload: this.payload([...new Set([...types, ...others])]), others };
  }

  /** The carried NOTIFY is over; `untold` are types it did not deliver (its append stored nothing). */
  done(untold: readonly string[]): void {
    this.notifying = false;
    for (const t of untold) this.unannounced.add(t);
    this.flushSoon();
  }

  /** Types committed by an append that carried no NOTIFY: the next one names them. */
  tell(types: readonly string[]): void {
    if (!this.enabled || this.closed) return;
    for (const t of types) this.unannounced.add(t);
    this.flushSoon();
  }

  /**
   * Types are waiting and no NOTIFY is in flight. Once the spacing allows one, the next append to
   * start carries them; a NOTIFY of their own goes out if none has: right after this tick when
   * the spacing allows one now (a writer's next append starts in this tick), otherwise one
   * spacing past the allowed time.
   */
  private flushSoon(): void {
    if (this.flushScheduled || this.notifying || this.unannounced.size === 0 || this.closed) return;
    this.flushScheduled = true;
    const go = () => {
      this.flushScheduled = false;
      this.notify();
    };
    const wait = this.nextNotifyAt - performance.now();
    if (wait <= 0) setImmediate(go);
    else setTimeout(go, wait + this.notifySpacingMs);
  }

  /** One NOTIFY of its own (no append carried it); it names every type appended since the previous one. */
  private notify(): void {
    if (this.notifying || this.unannounced.size === 0 || this.closed) return;
    const now = performance.now();
    if (now < this.nextNotifyAt) {
      this.flushSoon();
      return;
    }
    this.notifying = true;
    this.nextNotifyAt = now + this.notifySpacingMs;
    const payload = this.payload([...this.unannounced]);
    this.unannounced.clear();
    sql(this.db, `SELECT pg_notify('${FEED_CHANNEL}', $1)`, [payload], 'es_notify')
      .catch(() => {})
      .finally(() => {
        this.notifying = false;
        this.flushSoon();
      });
  }

  private payload(types: string[]): string {
    const payload = JSON.stringify({ s: this.sender, t: types });
    // NOTIFY payloads stop at 8000 bytes: past that, name no types ("any type").
    return payload.length > 7000 ? JSON.stringify({ s: this.sender }) : payload;
  }
}

/** The sender and the types named by a NOTIFY payload (no types: any type). */
function parsePayload(payload: string | undefined): { sender?: string; types?: string[] } {
  try {
    // A payload of any process on the channel, ours or not: each field is checked.
    const note = JSON.parse(payload ?? '') as { s?: unknown; t?: unknown } | null;
    const sender = note?.s;
    const types = note?.t;
    return { sender: typeof sender === 'string' ? sender : undefined, types: isTypeList(types) ? types : undefined };
  } catch {
    return {};
  }
}

function isTypeList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((t) => typeof t === 'string');
}
