import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { encodePosition, openSse, parsePosition } from '../../../src/http/sse.ts';
import { eventually } from '../../support/eventually.ts';
import { openStream } from '../../support/sse.ts';

/** The event stream plumbing (src/http/sse.ts): ids are feed positions, idle streams get comments, a leaving client is noticed. */
describe('messaging: Server-Sent Events on a response', () => {
  it('writes events with the feed position as id, a comment at each heartbeat, and notices when the client leaves', async () => {
    let closed = false;
    const app = new Koa();
    app.use(async (ctx) => {
      const sse = openSse(ctx, 50);
      sse.onClose(() => {
        closed = true;
      });
      sse.send('message', { body: 'line one\nline two' }, { a: '771', b: '42' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const client = await openStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const e = await client.next();
      expect(e).to.deep.include({ event: 'message', id: '771-42', data: { body: 'line one\nline two' } });
      // Heartbeats every 50 ms: two arrive (waited for, not timed: a loaded host delays timers).
      const heartbeats = () => client.comments.filter((c) => c === 'keep-alive').length;
      await eventually(async () => heartbeats() >= 2, 'two heartbeats').catch(() => undefined);
      expect(heartbeats()).to.be.at.least(2);
      client.close();
      await eventually(async () => closed, 'the close').catch(() => undefined);
      expect(closed).to.equal(true);
    } finally {
      server.close();
    }
  });

  it('reads back only the ids it writes', () => {
    expect(parsePosition(encodePosition({ a: '18446744073709551615', b: '9007199254740993' }))).to.deep.equal({
      a: '18446744073709551615',
      b: '9007199254740993',
    });
    for (const bad of ['', '12', '1-', '-1', '1-2-3', 'a-b', '1 - 2', `${'9'.repeat(21)}-1`])
      expect(parsePosition(bad), bad).to.equal(null);
  });
});
