import { expect } from 'chai';
import { batchLimit } from '../../src/runtime/consumerBatch.ts';
import type { Consumer } from '../../src/runtime/consumer.ts';

/** How much of the feed a consumer's batch reads (src/runtime/consumerBatch.ts). */
describe('the batch a consumer reads', () => {
  const projection = { kind: 'projection', name: 'p', eventTypes: ['A'] } as unknown as Consumer;
  const process = { kind: 'process', name: 'm', eventTypes: ['A'] } as unknown as Consumer;

  it('is its own batch size, or one event while a refused batch is applied event by event', () => {
    expect(batchLimit(projection, false, undefined)).to.equal(1000);
    expect(batchLimit(process, false, undefined)).to.equal(100);
    expect(batchLimit({ ...projection, batchSize: 50 } as Consumer, false, undefined)).to.equal(50);
    expect(batchLimit(process, true, 30)).to.equal(1);
  });

  it('for a process manager whose last batch ran out of time, twice what that batch handled (at least 8, at most its size)', () => {
    expect(batchLimit(process, false, 5)).to.equal(10);
    expect(batchLimit(process, false, 1)).to.equal(8);
    expect(batchLimit(process, false, 80)).to.equal(100);
  });
});
