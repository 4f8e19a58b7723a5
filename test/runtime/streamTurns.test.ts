import { expect } from 'chai';
import type { EventStore } from '../../src/eventstore/port.ts';
import { inTurn } from '../../src/runtime/streamTurns.ts';

/** inTurn (src/runtime/streamTurns.ts): one instance's decisions on the same streams, one after another. */
describe('turns on streams', () => {
  const store = {} as EventStore;
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('runs the decisions that share a stream one after another, in the order they came, and the others at once', async () => {
    const log: string[] = [];
    const decision = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      return name;
    };
    const done = await Promise.all([
      inTurn(store, ['stock-1', 'stock-2'], decision('a')),
      inTurn(store, ['stock-2', 'stock-1'], decision('b')),
      inTurn(store, ['stock-3'], decision('c')),
      inTurn(store, ['stock-1'], decision('d')),
    ]);
    expect(done).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(log.slice(0, 2), 'the one alone on its stream does not wait').to.deep.equal(['a starts', 'c starts']);
    expect(log.indexOf('b starts')).to.be.greaterThan(log.indexOf('a ends'));
    expect(log.indexOf('d starts')).to.be.greaterThan(log.indexOf('b ends'));
  });

  it('gives the turn on when a decision fails', async () => {
    const failed = inTurn(store, ['stock-9'], () => Promise.reject(new Error('refused'))).catch((err: Error) => err.message);
    const next = inTurn(store, ['stock-9'], () => Promise.resolve('next'));
    expect(await Promise.all([failed, next])).to.deep.equal(['refused', 'next']);
  });
});
