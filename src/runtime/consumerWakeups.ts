import { comparePositions, type Position } from '../eventstore/port.ts';
import type { Consumer } from './consumer.ts';

/**
 * Which consumers of the ConsumerRunner must look at the feed again, and how they sleep until
 * then. Only the consumers that read an appended type wake up (all of them when the types are not
 * known): with dozens of consumers, waking every one on every append cost each command a
 * transaction per consumer, all queued for the same connection pool as the requests.
 * - An append made in this process comes with its position (`target`): the consumer knows
 *   whether it has passed it.
 * - An append of another process (NOTIFY) comes without one (`vague`): the consumer looks again
 *   on a short backoff.
 * - A wake that arrives while a consumer is reading its batch is remembered (`pending`), not lost.
 */
export class ConsumerWakeups {
  private readonly wakers = new Set<() => void>();
  /** Consumers told of an append since their last read began: their next idle returns at once. */
  private readonly pending = new Set<string>();
  /** Per consumer, the newest position of an append of its types made in this process. */
  private readonly targets = new Map<string, Position>();
  /** Consumers told of an append whose position is not known (another process). */
  private readonly vague = new Set<string>();

  constructor(private readonly consumers: readonly Consumer[]) {}

  /** An append of `types` (undefined: any) committed, at `position` when it was made here. */
  appended(types: readonly string[] | undefined, position: Position | undefined): void {
    for (const c of this.consumers) {
      if (types && !c.eventTypes.some((t) => types.includes(t))) continue;
      this.pending.add(c.name);
      if (!position) {
        this.vague.add(c.name);
        continue;
      }
      const known = this.targets.get(c.name);
      if (!known || comparePositions(position, known) > 0) this.targets.set(c.name, position);
    }
    this.wakeAll();
  }

  /** Ends every sleep that may end (the runner stops). */
  wakeAll(): void {
    for (const w of this.wakers) w();
  }

  /** The consumer begins a read: what it was told so far is covered. True when an append of another process was among it. */
  reading(name: string): boolean {
    this.pending.delete(name);
    return this.vague.delete(name);
  }

  /** True when the consumer was told of an append since its last read began. */
  told(name: string): boolean {
    return this.pending.has(name);
  }

  /** The newest position of an append of the consumer's types made here, if any. */
  target(name: string): Position | undefined {
    return this.targets.get(name);
  }

  /** True while an event of the consumer's types appended in this process lies past `position`. */
  behind(name: string, position: Position): boolean {
    const target = this.targets.get(name);
    return target !== undefined && comparePositions(position, target) < 0;
  }

  /** The consumer's checkpoint moved back (a rebuild): the positions of earlier appends say nothing any more. */
  forget(name: string): void {
    this.targets.delete(name);
  }

  /**
   * Sleeps up to `ms`; with `wakeable`, returns at once (true) on an append, or if one came
   * meanwhile. `stopped` ends the sleep of any consumer at the next wakeAll.
   */
  idle(name: string, ms: number, wakeable: boolean, stopped: () => boolean): Promise<boolean> {
    return this.doze(ms, () => stopped() || (wakeable && this.pending.has(name)));
  }

  /**
   * Sleeps up to `ms`, or until `until()` is true, now or at a wake (appends alone do not end it,
   * as they end `idle`): true when it ended before `ms`.
   */
  doze(ms: number, until: () => boolean): Promise<boolean> {
    if (until()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.wakers.delete(onWake);
        resolve(woken);
      };
      const onWake = () => {
        if (until()) done(true);
      };
      const timer = setTimeout(() => done(false), ms);
      this.wakers.add(onWake);
    });
  }
}
