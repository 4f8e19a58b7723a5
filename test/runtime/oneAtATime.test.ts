import { expect } from 'chai';
import { ConcurrencyException, ConflictException } from '../../src/core/errors.ts';
import { takeTurn, type JobQueue, type Standing } from '../../src/runtime/oneAtATime.ts';

interface Job {
  id: number;
}

/**
 * A queue in memory: `jobs` in the order queued, each job's standing; `rivals` are queueings by
 * other requests that land between this request's look and its own queueing.
 */
function memoryQueue(jobs: Job[], standings: Map<number, Standing['status']>, rivals: Job[] = []) {
  const recorded: number[] = [];
  let next = 100;
  const queue: JobQueue<Job> = {
    last: async () => jobs[jobs.length - 1] ?? null,
    standing: async (job) => {
      const status = standings.get(job.id) ?? 'unrecorded';
      return status === 'active' ? { status, settled: { eventTypes: [`active ${job.id}`] } } : { status };
    },
    async queue(last) {
      const rival = rivals.shift();
      if (rival) {
        jobs.push(rival);
        standings.set(rival.id, 'active');
      }
      if ((jobs[jobs.length - 1] ?? null) !== last) throw new ConflictException('queued meanwhile');
      const job = { id: next++ };
      jobs.push(job);
      return { job, settled: { eventTypes: [`queued ${job.id}`] } };
    },
    async record(job) {
      recorded.push(job.id);
      standings.set(job.id, 'active');
      return { eventTypes: [`recorded ${job.id}`] };
    },
  };
  return { queue, recorded };
}

describe('one at a time: taking a turn on a job queue', () => {
  it('queues and requests a new job on an empty queue, or after one that ended', async () => {
    const empty = memoryQueue([], new Map());
    expect(await takeTurn(empty.queue)).to.deep.equal({
      job: { id: 100 },
      joined: false,
      done: [{ eventTypes: ['queued 100'] }, { eventTypes: ['recorded 100'] }],
    });
    const ended = memoryQueue([{ id: 7 }], new Map([[7, 'ended']]));
    expect(await takeTurn(ended.queue))
      .to.include({ joined: false })
      .and.to.deep.include({ job: { id: 100 } });
  });

  it('answers the job waiting or running, queueing nothing', async () => {
    const { queue, recorded } = memoryQueue([{ id: 7 }], new Map([[7, 'active']]));
    expect(await takeTurn(queue)).to.deep.equal({ job: { id: 7 }, joined: true, done: [{ eventTypes: ['active 7'] }] });
    expect(recorded).to.deep.equal([]);
  });

  it('requests a job queued by a request that stopped before requesting it, and answers it', async () => {
    const { queue, recorded } = memoryQueue([{ id: 7 }], new Map());
    expect(await takeTurn(queue)).to.deep.include({ job: { id: 7 }, joined: true });
    expect(recorded).to.deep.equal([7]);
  });

  it('a request that loses the race to queue looks again and answers the winner', async () => {
    const { queue, recorded } = memoryQueue([], new Map(), [{ id: 8 }]);
    expect(await takeTurn(queue)).to.deep.equal({ job: { id: 8 }, joined: true, done: [{ eventTypes: ['active 8'] }] });
    expect(recorded).to.deep.equal([]);
  });

  it('gives up with a conflict when the queue keeps changing under it', async () => {
    const rivals = Array.from({ length: 5 }, (_, i) => ({ id: 50 + i }));
    // Every rival ends at once, so each look finds room and each queueing loses again.
    const { queue } = memoryQueue([], new Map(), rivals);
    const ending: JobQueue<Job> = { ...queue, standing: async () => ({ status: 'ended' }) };
    let refused: unknown;
    try {
      await takeTurn(ending);
    } catch (err) {
      refused = err;
    }
    expect(refused).to.be.instanceOf(ConcurrencyException);
  });
});
