import { ConcurrencyException, ConflictException } from '../core/errors.ts';
import type { AppendResult, RecordedEvent } from '../eventstore/port.ts';

/** Where a command's events stand in the feed, for the caller's read-your-writes wait. */
export interface Settled {
  position?: AppendResult['position'];
  eventTypes: string[];
}

/** The last event of a stream as a place to wait for (nothing to wait for on an empty stream). */
export function settledAt(events: RecordedEvent[]): Settled {
  const last = events[events.length - 1];
  return last ? { position: last.position, eventTypes: [last.type] } : { eventTypes: [] };
}

/**
 * Where the job queued last stands, read from its own stream (a read model lags):
 * `unrecorded` when it was queued but its request is not in its stream yet (its requester is
 * about to record it, or stopped before it could), `active` while it waits or runs, `ended` once
 * it completed, failed or was cancelled.
 */
export type Standing = { status: 'unrecorded' } | { status: 'active'; settled: Settled } | { status: 'ended' };

/**
 * An area's queue of one-at-a-time jobs: a stream (one per deployment, say) on which each job is
 * queued naming the job queued before it, appended at the version the request read, so that of
 * two requests that saw the same queue exactly one wins. The queue needs no event when a job
 * ends: whether the last one still waits or runs is its own stream's business.
 */
export interface JobQueue<J> {
  /** The job queued last (null: none yet). */
  last(): Promise<J | null>;
  standing(job: J): Promise<Standing>;
  /**
   * Queues a new job after `last`, the one the caller saw queued last; refused with a
   * ConflictException when another was queued meanwhile.
   */
  queue(last: J | null): Promise<{ job: J; settled: Settled }>;
  /** Records the queued job's request on its own stream, as it was queued; a concurrent record of it is as good. */
  record(job: J): Promise<Settled>;
}

export interface Turn<J> {
  job: J;
  /** True when the job was already waiting or running: this request queued nothing. */
  joined: boolean;
  done: Settled[];
}

const ATTEMPTS = 5;

/**
 * One job at a time across concurrent requests and service instances: answers the job that waits
 * or runs (`joined`), or queues and requests a new one. A request that loses the race to queue
 * looks again and finds the winner. A job queued by a request that stopped before requesting it
 * is requested here, as it was queued, so it never blocks the queue.
 */
export async function takeTurn<J>(queue: JobQueue<J>, attempts = ATTEMPTS): Promise<Turn<J>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const last = await queue.last();
    if (last !== null) {
      const standing = await queue.standing(last);
      if (standing.status === 'unrecorded') return { job: last, joined: true, done: [await queue.record(last)] };
      if (standing.status === 'active') return { job: last, joined: true, done: [standing.settled] };
    }
    let queued: { job: J; settled: Settled };
    try {
      queued = await queue.queue(last);
    } catch (err) {
      // Another request queued its job first: find it on the next look.
      if (err instanceof ConflictException) continue;
      throw err;
    }
    return { job: queued.job, joined: false, done: [queued.settled, await queue.record(queued.job)] };
  }
  throw new ConcurrencyException('The queue kept changing while this request looked at it; try again');
}
