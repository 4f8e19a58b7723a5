import { expect } from 'chai';
import { CoalescedReads } from '../../src/runtime/coalescedReads.ts';

/** Reads of rows by key: a lone read goes at once; reads arriving while statements are under way go together. */
describe('coalesced reads', () => {
  /** A statement that answers when told to, recording the keys it was sent with. */
  function database() {
    const sent: number[][] = [];
    const pending: (() => void)[] = [];
    const readMany = (keys: number[]) =>
      new Promise<Map<number, string>>((resolve, reject) => {
        sent.push(keys);
        pending.push(() =>
          keys.includes(13)
            ? reject(new Error('statement failed'))
            : resolve(new Map(keys.filter((k) => k !== 404).map((k) => [k, `row ${k}`]))),
        );
      });
    const answerAll = async () => {
      while (pending.length > 0) {
        pending.shift()!();
        await new Promise((r) => setImmediate(r));
      }
    };
    return { sent, readMany, answerAll };
  }

  it('sends a lone read at once, for its key alone', async () => {
    const db = database();
    const reads = new CoalescedReads(db.readMany, 1);
    const one = reads.read(1);
    expect(db.sent).to.deep.equal([[1]]);
    await db.answerAll();
    expect(await one).to.equal('row 1');
  });

  it('sends the reads that arrive while a statement is under way together, once per key, and answers each', async () => {
    const db = database();
    const reads = new CoalescedReads(db.readMany, 1);
    const all = [reads.read(1), reads.read(2), reads.read(3), reads.read(2), reads.read(404)];
    expect(db.sent).to.deep.equal([[1]]);
    await db.answerAll();
    expect(db.sent).to.deep.equal([[1], [2, 3, 404]]);
    expect(await Promise.all(all)).to.deep.equal(['row 1', 'row 2', 'row 3', 'row 2', undefined]);
  });

  it('fails the reads of a failed statement only', async () => {
    const db = database();
    const reads = new CoalescedReads(db.readMany, 1);
    const first = reads.read(1);
    const failed = [reads.read(13).catch((e: Error) => e.message), reads.read(5).catch((e: Error) => e.message)];
    await db.answerAll();
    const after = reads.read(6);
    await db.answerAll();
    expect(await first).to.equal('row 1');
    expect(await Promise.all(failed)).to.deep.equal(['statement failed', 'statement failed']);
    expect(await after).to.equal('row 6');
  });

  it('keeps as many statements under way as it is allowed, no more', async () => {
    const db = database();
    const reads = new CoalescedReads(db.readMany, 2);
    const all = [reads.read(1), reads.read(2), reads.read(3), reads.read(4)];
    expect(db.sent).to.deep.equal([[1], [2]]);
    await db.answerAll();
    expect(db.sent).to.deep.equal([[1], [2], [3, 4]]);
    expect(await Promise.all(all)).to.deep.equal(['row 1', 'row 2', 'row 3', 'row 4']);
  });
});
