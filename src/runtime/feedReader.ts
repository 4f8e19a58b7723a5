import type { Position } from '../eventstore/port.ts';

/** A batch of the feed and the position to read on from. */
export interface Batch<E> {
  events: E[];
  next: Position;
}

/**
 * Reads the feed ahead: while the caller works on one batch, the next ones are being read (on
 * another pooled connection), up to `depth` batches. A batch that is not full is the last one.
 */
export class FeedReader<E> {
  private readonly queue: Promise<Batch<E>>[] = [];
  private last!: Promise<Batch<E>>;
  private paused = false;
  private stopped = false;

  constructor(
    private readonly read: (after: Position) => Promise<Batch<E>>,
    after: Position,
    private readonly limit: number,
    private readonly depth = 2,
  ) {
    this.fetch(after);
  }

  next(): Promise<Batch<E>> {
    const batch = this.queue.shift();
    if (!batch) throw new Error('read past the end of the feed');
    if (this.paused) {
      this.paused = false;
      this.last.then(
        (b) => this.fetch(b.next),
        () => {},
      );
    }
    return batch;
  }

  stop(): void {
    this.stopped = true;
  }

  private fetch(after: Position): void {
    if (this.stopped) return;
    const p = this.read(after);
    p.catch(() => {});
    this.queue.push(p);
    this.last = p;
    p.then(
      (b) => {
        if (this.stopped || b.events.length < this.limit) return;
        if (this.queue.length < this.depth) this.fetch(b.next);
        else this.paused = true;
      },
      () => {},
    );
  }
}
