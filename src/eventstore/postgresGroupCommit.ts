import { WrongExpectedVersionError, type AppendResult, type StreamAppend } from './port.ts';

/**
 * Group commit of the appends of one process (the PostgreSQL adapter's appends outside a caller's
 * transaction): an append that finds fewer than `inFlight` statements under way is sent at once,
 * alone, as it always was; the appends that arrive while they are under way wait, and go together
 * in the next statement (appendTogether), each stream's expected version checked as before. Under
 * load, one statement, one commit and one round trip then carry the events of many commands,
 * where each used to send its own; a lone caller waits for nothing.
 *
 * Together means all or nothing, so a batch is never allowed to fail a command that would have
 * succeeded alone: a conflict on one stream fails that command only (the error its append would
 * have met) and the rest go again; any other failure sends each of them alone, to meet its own
 * outcome. A stream appears once per batch: a second append to it waits for the next.
 */
const MAX_BATCH = 64;

interface Pending {
  append: StreamAppend;
  resolve(result: AppendResult): void;
  reject(err: unknown): void;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private sending = 0;

  constructor(
    private readonly alone: (append: StreamAppend) => Promise<AppendResult>,
    private readonly together: (appends: readonly StreamAppend[]) => Promise<AppendResult[]>,
    private readonly inFlight: number,
  ) {}

  append(append: StreamAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.sending < this.inFlight && this.queue.length > 0) {
      const batch = this.take();
      this.sending++;
      void this.send(batch).finally(() => {
        this.sending--;
        this.pump();
      });
    }
  }

  /** The next batch: in order of arrival, one append per stream, at most MAX_BATCH. */
  private take(): Pending[] {
    const streams = new Set<string>();
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < MAX_BATCH && !streams.has(p.append.stream)) {
        streams.add(p.append.stream);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async send(batch: Pending[]): Promise<void> {
    let members = batch;
    while (members.length > 1) {
      try {
        const results = await this.together(members.map((m) => m.append));
        members.forEach((m, i) => m.resolve(results[i]));
        return;
      } catch (err) {
        const loser = err instanceof WrongExpectedVersionError ? members.findIndex((m) => m.append.stream === err.stream) : -1;
        if (loser < 0) {
          await Promise.all(members.map((m) => this.sendAlone(m)));
          return;
        }
        members[loser].reject(err);
        members = members.filter((_, i) => i !== loser);
      }
    }
    if (members.length === 1) await this.sendAlone(members[0]);
  }

  private sendAlone(m: Pending): Promise<void> {
    return this.alone(m.append).then(m.resolve, m.reject);
  }
}
