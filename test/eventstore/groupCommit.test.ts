import { expect } from 'chai';
import { GroupCommit } from '../../src/eventstore/postgresGroupCommit.ts';
import { WrongExpectedVersionError, type AppendResult, type StreamAppend } from '../../src/eventstore/port.ts';

/**
 * The group commit's rules, on a database that answers when told: a lone append goes alone; the
 * appends that wait go together; together never fails a command that alone would have succeeded.
 * (The statement itself is tested on PGlite and PostgreSQL in appendTogether.test.ts.)
 */
describe('group commit of appends', () => {
  const append = (stream: string): StreamAppend => ({ stream, events: [{ id: stream, type: 'T', data: {} }], expected: 'no_stream' });
  const ok = (stream: string): AppendResult => ({ version: 1, position: { a: '1', b: stream }, appended: true });

  function database(fail: (streams: string[]) => Error | null) {
    const sent: string[][] = [];
    const pending: (() => void)[] = [];
    const send = (streams: string[]) =>
      new Promise<AppendResult[]>((resolve, reject) => {
        sent.push(streams);
        pending.push(() => {
          const err = fail(streams);
          if (err) reject(err);
          else resolve(streams.map(ok));
        });
      });
    const group = new GroupCommit(
      async (a) => (await send([a.stream]))[0]!,
      (as) => send(as.map((a) => a.stream)),
      1,
    );
    const answerAll = async () => {
      while (pending.length > 0) {
        pending.shift()!();
        await new Promise((r) => setImmediate(r));
      }
    };
    return { sent, group, answerAll };
  }

  it('sends a lone append alone, and the appends that arrive meanwhile in one statement, a stream once', async () => {
    const db = database(() => null);
    const results = ['a', 'b', 'c', 'b'].map((s) => db.group.append(append(s)));
    await db.answerAll();
    expect(db.sent).to.deep.equal([['a'], ['b', 'c'], ['b']]);
    expect((await Promise.all(results)).map((r) => r.position.b)).to.deep.equal(['a', 'b', 'c', 'b']);
  });

  it('fails only the command whose stream conflicts, and stores the others together again', async () => {
    const db = database((streams) =>
      streams.includes('late') && streams.length > 1 ? new WrongExpectedVersionError('late', 'no_stream', 1) : null,
    );
    const first = db.group.append(append('first'));
    const others = ['x', 'late', 'y'].map((s) =>
      db.group.append(append(s)).then(
        (r) => r.position.b,
        (e: Error) => e.name,
      ),
    );
    await db.answerAll();
    await first;
    expect(await Promise.all(others)).to.deep.equal(['x', 'WrongExpectedVersionError', 'y']);
    expect(db.sent).to.deep.equal([['first'], ['x', 'late', 'y'], ['x', 'y']]);
  });

  it('sends each alone after any other failure of a batch, so each meets its own outcome', async () => {
    const db = database((streams) => (streams.includes('bad') ? new Error('invalid input syntax') : null));
    const first = db.group.append(append('first'));
    const others = ['x', 'bad', 'y'].map((s) =>
      db.group.append(append(s)).then(
        (r) => r.position.b,
        (e: Error) => e.message,
      ),
    );
    await db.answerAll();
    await first;
    expect(await Promise.all(others)).to.deep.equal(['x', 'invalid input syntax', 'y']);
    expect(db.sent.slice(1, 2)).to.deep.equal([['x', 'bad', 'y']]);
    expect(db.sent.slice(2).sort()).to.deep.equal([['bad'], ['x'], ['y']]);
  });
});
