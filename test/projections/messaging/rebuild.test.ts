import { expect } from 'chai';
import pino from 'pino';
import type { Projection } from '../../../src/runtime/consumer.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';
import { unreadCount } from '../../../queries/messaging/unread.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { asCustomer, asVendor, call, sendForm, vendorTeam } from '../../support/messaging.ts';

/**
 * ARCHITECTURE.md "Rebuild": the messaging read models rebuilt from the feed equal the live ones,
 * read positions and unread counts included.
 */
describe('messaging projection rebuilt from the feed equals the live one', () => {
  let app: TestApp;
  before(async function () {
    this.timeout(60_000);
    app = await testApp();
  });

  it('conversations, messages and read positions', async () => {
    const v = await vendorTeam(app);
    const customer = asCustomer(v, v.customer.token);
    const started = await sendForm(app, customer, '/messages', { subject: 'Rebuild', body: 'first' }, [
      { name: 'a.txt', data: 'note', type: 'text/plain' },
    ]);
    expect(started.status).to.equal(201);
    for (let i = 0; i < 6; i++)
      await call(app, i % 2 ? asVendor(v.member.token) : customer, 'POST', `/messages/${started.body.id}`, { body: `reply ${i}` });
    await call(app, asVendor(v.ownerToken), 'POST', `/messages/${started.body.id}/read`);
    await call(app, customer, 'POST', `/messages/${started.body.id}`, { body: 'after the owner read' });
    await call(app, asVendor(v.member.token), 'POST', '/messages', {
      conversation_type: 'admin_vendor',
      subject: 'To the platform',
      body: 'hello',
    });

    const knex = app.services.db.knex;
    const tables: Record<string, string> = {
      conversations: 'id',
      conversation_messages: 'id',
      conversation_reads: 'conversation_id, reader_kind, reader_id',
    };
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(
            async ([t, order]) => [t, await knex.raw(`SELECT * FROM ${t} ORDER BY ${order}`).then((r: any) => r.rows)] as const,
          ),
        ),
      );
    await app.services.runner.waitFor(await app.services.store.head(), ['MessagePosted', 'ConversationRead'], 5000);
    const live = await snapshot();
    const counts = async () =>
      Promise.all([
        unreadCount(knex, { kind: 'vendor_user', id: v.ownerUserId, vendor_id: v.vendorId }),
        unreadCount(knex, { kind: 'vendor_user', id: v.member.id, vendor_id: v.vendorId }),
        unreadCount(knex, { kind: 'customer', id: v.customer.id, vendor_id: v.vendorId }),
      ]);
    const liveCounts = await counts();
    // Owner: the reply after their read and the member's message to the platform; member: the customer's last reply; customer: nothing (wrote last).
    expect(liveCounts).to.deep.equal([2, 1, 0]);

    const projection = app.services.runner.consumers.find((c) => c.name === 'conversations') as Projection;
    await rebuildProjection(knex, app.services.store, projection, pino({ level: 'silent' }));
    const rebuilt = await snapshot();
    for (const t of Object.keys(tables)) expect(rebuilt[t], t).to.deep.equal(live[t]);
    expect(await counts()).to.deep.equal(liveCounts);
  });
});
