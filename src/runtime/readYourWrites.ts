import { EventEmitter } from 'node:events';
import { comparePositions, type Position } from '../eventstore/port.ts';
import type { Consumer } from './consumer.ts';

/**
 * Read-your-writes on the consumer runner's projections: a command's answer waits until the
 * projections that read its events have passed its append.
 *
 * The projections of inline read models (src/runtime/inlineProjection.ts) rest between batches,
 * since the appends wrote their rows already; a command whose events such a projection must
 * apply itself (a deletion) waits for it, and while any wait is under way it runs eagerly.
 */
export class ReadYourWrites {
  private readonly progress = new EventEmitter();
  /** Per resting projection, the waits on it under way. */
  private readonly waitedOn = new Map<string, number>();

  constructor(
    private readonly consumers: readonly Consumer[],
    /** The projections that rest between batches. */
    private readonly resting: ReadonlySet<string>,
    private readonly positionOf: (name: string) => Position,
    /** Ends every consumer's sleep, so a resting projection looks now. */
    private readonly wakeAll: () => void,
  ) {
    this.progress.setMaxListeners(0);
  }

  /** A consumer's position moved: the waits look whether they are over. */
  moved(): void {
    this.progress.emit('progress');
  }

  /** True while the projection may rest: it is a resting one and no command waits for it. */
  rests(name: string): boolean {
    return this.resting.has(name) && !this.waitedOn.has(name);
  }

  /**
   * Resolves when every projection that reads one of `types` has passed `position`, or after
   * `timeoutMs` (resolving false). `inlined`: projections whose rows the append wrote itself,
   * not waited for.
   */
  async waitFor(position: Position, types: readonly string[], timeoutMs: number, inlined: readonly string[] = []): Promise<boolean> {
    const relevant = this.consumers.filter(
      (c) => c.kind === 'projection' && !inlined.includes(c.name) && c.eventTypes.some((t) => types.includes(t)),
    );
    const passed = () => relevant.every((c) => comparePositions(this.positionOf(c.name), position) >= 0);
    if (passed()) return true;
    const woken = relevant.filter((c) => this.resting.has(c.name)).map((c) => c.name);
    for (const name of woken) this.waitedOn.set(name, (this.waitedOn.get(name) ?? 0) + 1);
    if (woken.length > 0) this.wakeAll();
    return new Promise((resolve) => {
      const onProgress = () => {
        if (passed()) finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.progress.off('progress', onProgress);
        for (const name of woken) {
          const left = this.waitedOn.get(name)! - 1;
          if (left > 0) this.waitedOn.set(name, left);
          else this.waitedOn.delete(name);
        }
        resolve(ok);
      };
      this.progress.on('progress', onProgress);
    });
  }
}
