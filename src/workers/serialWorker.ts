import type { Services } from '../runtime/services.ts';

/**
 * Background work one piece at a time per instance (a scan, a test run): ids arrive from the feed
 * (`enqueue`) and from a periodic sweep of the work's own table, which also takes over or fails
 * work no worker of any instance runs any more. Subclasses say how to run one piece and what
 * the sweep looks at.
 */
export abstract class SerialWorker {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The id being run now, which the sweep must not take for abandoned. */
  protected current: number | null = null;
  protected stopped = false;

  constructor(
    protected readonly services: Services,
    private readonly label: string,
    private readonly sweepEveryMs: number,
  ) {}

  protected abstract run(id: number): Promise<void>;
  protected abstract sweep(): Promise<void>;

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.sweepEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  enqueue(id: number): void {
    if (this.stopped || this.queue.includes(id) || this.current === id) return;
    this.queue.push(id);
    if (!this.running)
      this.running = this.drain().finally(() => {
        this.running = null;
      });
  }

  /** Resolves when this instance runs nothing and has nothing queued (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.queue.length > 0) {
      this.current = this.queue.shift()!;
      await this.run(this.current).catch((err) => this.services.logger.error({ err, id: this.current }, `${this.label} worker error`));
      this.current = null;
    }
  }
}
