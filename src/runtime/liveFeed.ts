import { AsyncResource } from 'node:async_hooks';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../eventstore/port.ts';
import type { Logger } from 'pino';

/**
 * Someone listening to the live tail: gets each batch of events in feed order, synchronously,
 * with the position the tail has read up to (every event of its types up to there is delivered).
 */
export type LiveListener = (events: readonly RecordedEvent[], next: Position) => void;

/** Events per read of the tail; a fuller batch is followed by another read at once. */
const BATCH = 500;
/**
 * A look at the feed even without a wake: a NOTIFY lost with its listener's connection, or an
 * event hidden below the horizon by an older transaction when it was announced, is seen within this.
 */
const POLL_MS = 1000;
/** Backoff while an append announced by this process is not yet readable (an older transaction still open). */
const RETRY_MS = [1, 2, 5, 10, 20, 50, 100];

/**
 * One tail of the event feed per process and set of event types, fanned out to every listener
 * (ARCHITECTURE.md "Modules, pages and live updates"): a thousand open SSE connections cost one
 * feed read per append, not a thousand. The feed carries the data; an append of this process
 * (with its position) or another's NOTIFY (without) only wakes the tail, which reads the gap-safe
 * feed after its position. The tail runs while it has listeners.
 */
export class LiveFeed {
  private readonly listeners = new Set<LiveListener>();
  private position: Position | null = null;
  private starting: Promise<Position> | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private again = false;
  /** The newest position of an append of our types made in this process. */
  private target: Position | null = null;
  /** Wakes by another process's NOTIFY (which carries no position), and how many of them a read has answered. */
  private remoteWakes = 0;
  private answeredWakes = 0;

  /**
   * The tail's own asynchronous context: an append wakes it from inside the appending request,
   * but its reads are the instance's background work, not the request's (what a request's
   * context carries, such as the bench's statement count, must not see them).
   */
  private readonly scope = new AsyncResource('LiveFeed');

  constructor(
    private readonly store: EventStore,
    readonly types: readonly string[],
    private readonly logger: Logger,
  ) {}

  /**
   * Adds a listener; resolves with the position after which it gets every event (the tail's
   * position at that moment). A client that knows an earlier position reads the gap with `replay`.
   */
  async subscribe(listener: LiveListener): Promise<Position> {
    this.listeners.add(listener);
    if (this.position) return this.position;
    this.starting ??= this.start();
    try {
      return await this.starting;
    } catch (err) {
      this.listeners.delete(listener);
      throw err;
    }
  }

  unsubscribeListener(listener: LiveListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stop();
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * The events of our types after `after` up to and including `until` (a position the tail had
   * reached), in feed order: what a reconnecting client missed.
   */
  async replay(after: Position, until: Position, onBatch: (events: RecordedEvent[]) => void): Promise<void> {
    let from = after;
    while (comparePositions(from, until) < 0) {
      const batch = await this.store.readFeed(from, { limit: BATCH, types: this.types });
      const events = batch.events.filter((e) => comparePositions(e.position, until) <= 0);
      if (events.length > 0) onBatch(events);
      if (batch.events.length < BATCH || events.length < batch.events.length) return;
      from = batch.next;
    }
  }

  private async start(): Promise<Position> {
    const head = await this.store.head();
    this.position = head;
    this.unsubscribe = this.store.onAppended((types, position) => {
      if (types && !types.some((t) => this.types.includes(t))) return;
      if (position && (!this.target || comparePositions(position, this.target) > 0)) this.target = position;
      if (!position) this.remoteWakes++;
      this.scope.runInAsyncScope(() => void this.pump());
    });
    const poll = () => {
      this.timer = setTimeout(() => {
        void this.pump().finally(() => {
          if (this.timer) poll();
        });
      }, POLL_MS);
      this.timer.unref();
    };
    poll();
    this.starting = null;
    return head;
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.position = null;
    this.target = null;
  }

  /** Reads the feed after the tail's position until nothing more is readable; one read at a time. */
  private async pump(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      let retry = 0;
      do {
        this.again = false;
        const wakes = this.remoteWakes;
        while (this.position) {
          const batch = await this.store.readFeed(this.position, { limit: BATCH, types: this.types });
          if (!this.position) return;
          this.position = batch.next;
          if (batch.events.length > 0) {
            this.answeredWakes = wakes;
            this.dispatch(batch.events, batch.next);
          }
          if (batch.events.length < BATCH) break;
        }
        // An append of this process that the read did not reach yet lies behind an older open
        // transaction; so may the append another process announced (its NOTIFY names no position)
        // when the read found nothing: read again shortly rather than at the next poll.
        const local = this.position && this.target && comparePositions(this.position, this.target) < 0;
        const remote = this.remoteWakes > this.answeredWakes;
        if ((local || remote) && this.position && retry < RETRY_MS.length) {
          await new Promise((r) => setTimeout(r, RETRY_MS[retry++]));
          this.again = true;
        } else if (remote) {
          this.answeredWakes = this.remoteWakes;
        }
      } while (this.again && this.position);
    } catch (err) {
      this.logger.warn({ err }, 'live feed read failed; the next wake or poll reads again');
    } finally {
      this.reading = false;
    }
  }

  private dispatch(events: RecordedEvent[], next: Position): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(events, next);
      } catch (err) {
        this.logger.warn({ err }, 'a live feed listener failed');
      }
    }
  }
}

const feeds = new WeakMap<object, Map<string, LiveFeed>>();

/** The process's one tail of `types` for these services (built on first use). */
export function liveFeedOf(services: { store: EventStore; logger: Logger }, types: readonly string[]): LiveFeed {
  let byTypes = feeds.get(services);
  if (!byTypes) feeds.set(services, (byTypes = new Map<string, LiveFeed>()));
  const key = [...types].sort().join(',');
  let feed = byTypes.get(key);
  if (!feed) byTypes.set(key, (feed = new LiveFeed(services.store, types, services.logger)));
  return feed;
}
