import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { adminLogin, startService, type ChildService } from '../../support/childService.ts';
import { freshPostgresDatabase, requirePostgres } from '../../support/database.ts';
import {
  bearer,
  customerHeaders,
  customerWrites,
  messagingShop,
  remoteClient,
  reply,
  stream,
  type MessagingShop,
} from '../../support/messagingLive.ts';
import { openStream } from '../../support/sse.ts';

/**
 * Live delivery (docs/messaging.md "Live delivery"): GET /api/v1/{admin,vendor,shop}/messages/stream
 * as a browser's EventSource reads it.
 */
describe('messaging: live stream (Server-Sent Events)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let s: MessagingShop;
  const opened: { close(): void }[] = [];
  const keep = <T extends { close(): void }>(c: T) => {
    opened.push(c);
    return c;
  };

  before(async () => {
    app = await testApp();
    s = await messagingShop(app);
  });
  afterEach(() => {
    for (const c of opened.splice(0)) c.close();
  });

  it("a customer's message reaches them and every member of the vendor's team within a second, with their unread counts", async () => {
    const owner = keep(await stream(app.url, 'vendor', bearer(s.vendor.ownerToken)));
    const member = keep(await stream(app.url, 'vendor', bearer(s.member.token)));
    const customer = keep(await stream(app.url, 'shop', customerHeaders(s)));
    expect(owner.headers['content-type']).to.match(/^text\/event-stream/);
    expect(owner.headers['cache-control']).to.equal('no-store');
    expect(owner.comments).to.include('open');

    const sent = performance.now();
    const conversationId = await customerWrites(s, 'Is the blue one in stock?');
    for (const c of [owner, member, customer]) {
      const m = await c.next((e) => e.event === 'message', 1000);
      expect(m.receivedAt - sent, 'delivery delay (ms)').to.be.below(1000);
      expect(m.id).to.match(/^\d+-\d+$/);
      expect(m.data).to.include({
        conversation_id: conversationId,
        body: 'Is the blue one in stock?',
        conversation_type: 'vendor_customer',
      });
      expect(m.data.author).to.deep.include({ kind: 'customer', id: s.customer.id });
      expect(m.data.is_own).to.equal(c === customer);
    }
    expect((await owner.next((e) => e.event === 'unread')).data.count).to.equal(owner.initialUnread + 1);
    expect((await member.next((e) => e.event === 'unread')).data.count).to.equal(member.initialUnread + 1);
    // The author's own message is never unread for them.
    expect((await customer.next((e) => e.event === 'unread')).data.count).to.equal(customer.initialUnread);

    // The member reads it: their badge drops, the owner's does not.
    const read = await app.call('POST', `/api/v1/vendor/messages/${conversationId}/read`, { token: s.member.token });
    expect(read.status).to.equal(200);
    expect((await member.next((e) => e.event === 'unread')).data.count).to.equal(member.initialUnread);
    const unread = await app.call('GET', '/api/v1/vendor/messages/unread-count', { token: s.vendor.ownerToken });
    expect(unread.body.unread_count).to.equal(owner.initialUnread + 1);
  });

  it('a client that reconnects with Last-Event-ID gets every message it missed, in order, then the live ones', async () => {
    const conversationId = await customerWrites(s, 'first');
    const first = keep(await stream(app.url, 'vendor', bearer(s.member.token)));
    await reply(app, 'shop', s.customer.token, conversationId, 'second', {
      referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/`,
    });
    const seen = await first.next((e) => e.event === 'message');
    expect(seen.data.body).to.equal('second');
    first.close();

    // While it is away: three more messages, from both sides.
    await reply(app, 'shop', s.customer.token, conversationId, 'third', {
      referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/`,
    });
    await reply(app, 'vendor', s.vendor.ownerToken, conversationId, 'fourth');
    await reply(app, 'shop', s.customer.token, conversationId, 'fifth', {
      referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/`,
    });

    const again = keep(
      await openStream(`${app.url}/api/v1/vendor/messages/stream`, { ...bearer(s.member.token), 'last-event-id': first.lastEventId! }),
    );
    for (const body of ['third', 'fourth', 'fifth']) expect((await again.next((e) => e.event === 'message')).data.body).to.equal(body);
    await reply(app, 'vendor', s.vendor.ownerToken, conversationId, 'sixth');
    expect((await again.next((e) => e.event === 'message')).data.body).to.equal('sixth');
    expect(again.all((e) => e.event === 'message').map((e) => e.data.body)).to.deep.equal(['third', 'fourth', 'fifth', 'sixth']);
    const ids = again.all((e) => e.event === 'message').map((e) => e.id);
    expect(new Set(ids).size).to.equal(4);

    // A made-up Last-Event-ID is no error: the stream starts now.
    const odd = keep(
      await openStream(`${app.url}/api/v1/vendor/messages/stream`, { ...bearer(s.member.token), 'last-event-id': 'yesterday' }),
    );
    expect(odd.status).to.equal(200);
    expect((await odd.next((e) => e.event === 'unread')).data.count).to.be.a('number');
  });

  it("another tenant's messages never arrive: not at another vendor, not at another customer, not at an admin", async () => {
    const other = await messagingShop(app);
    const strangerAtSameShop = await (async () => {
      const { registerCustomer } = await import('../../support/customers.ts');
      return registerCustomer(s.shop);
    })();
    const otherVendor = keep(await stream(app.url, 'vendor', bearer(other.vendor.ownerToken)));
    const otherCustomer = keep(await stream(app.url, 'shop', customerHeaders(other)));
    const sameShopStranger = keep(
      await stream(app.url, 'shop', {
        ...bearer(strangerAtSameShop.token),
        referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/`,
      }),
    );
    const admin = keep(await stream(app.url, 'admin', bearer(await app.adminToken())));
    const mine = keep(await stream(app.url, 'vendor', bearer(s.vendor.ownerToken)));

    await customerWrites(s, 'secret of shop one');
    await mine.next((e) => e.event === 'message' && e.data.body === 'secret of shop one');
    // The other shop's own message arrives there: the streams are live, they just never see shop one's.
    await customerWrites(other, 'hello shop two');
    await otherVendor.next((e) => e.event === 'message' && e.data.body === 'hello shop two');
    await otherCustomer.next((e) => e.event === 'message' && e.data.body === 'hello shop two');
    await new Promise((r) => setTimeout(r, 200));
    for (const c of [otherVendor, otherCustomer, sameShopStranger, admin]) {
      expect(c.all((e) => e.event === 'message').map((e) => e.data.body)).to.not.include('secret of shop one');
    }
    expect(sameShopStranger.all((e) => e.event === 'message')).to.deep.equal([]);
    expect(admin.all((e) => e.event === 'message')).to.deep.equal([]);
  });

  it("admin_vendor conversations reach every admin and the vendor's team; the vendor_token cookie opens the stream", async () => {
    const admin = keep(await stream(app.url, 'admin', bearer(await app.adminToken())));
    const viaCookie = keep(await stream(app.url, 'vendor', { cookie: `vendor_token=${s.member.token}` }));
    const started = await app.call('POST', '/api/v1/vendor/messages', {
      token: s.vendor.ownerToken,
      body: { conversation_type: 'admin_vendor', subject: 'Invoice', body: 'Our invoice is wrong' },
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect((await admin.next((e) => e.event === 'message')).data.body).to.equal('Our invoice is wrong');
    expect((await viaCookie.next((e) => e.event === 'message')).data.body).to.equal('Our invoice is wrong');
  });

  it('a member removed from the team loses the stream they had open; their reconnect is refused', async () => {
    const { addTeamMember } = await import('../../support/messagingLive.ts');
    const leaving = await addTeamMember(app, s.vendor);
    const recheck = app.services.config.liveAccessRecheckMs;
    app.services.config.liveAccessRecheckMs = 100;
    try {
      const open = keep(await stream(app.url, 'vendor', bearer(leaving.token)));
      const removed = await app.call('DELETE', `/api/v1/vendor/team/members/${leaving.userId}`, { token: s.vendor.ownerToken });
      expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
      await Promise.race([open.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 3000))]);
      const again = keep(await openStream(`${app.url}/api/v1/vendor/messages/stream`, bearer(leaving.token)));
      expect(again.status).to.equal(403);
    } finally {
      app.services.config.liveAccessRecheckMs = recheck;
    }
  });

  it("without credentials, or with another area's token, the stream is refused", async () => {
    const none = keep(await openStream(`${app.url}/api/v1/vendor/messages/stream`));
    expect(none.status).to.equal(401);
    const customerAtVendor = keep(await openStream(`${app.url}/api/v1/vendor/messages/stream`, bearer(s.customer.token)));
    expect(customerAtVendor.status).to.equal(401);
    const adminCookie = keep(await openStream(`${app.url}/api/v1/admin/messages/stream`, { cookie: `vendor_token=${s.member.token}` }));
    expect(adminCookie.status).to.equal(401);
  });
});

describe('messaging: live stream across two service instances', function () {
  this.timeout(180_000);

  it('a message taken by one instance reaches streams open on the other within a second, and a reconnect to the other instance resumes', async function () {
    const server = await requirePostgres(this, 'the instances run on one');
    const { url, drop } = await freshPostgresDatabase(server);
    const instances: ChildService[] = [];
    const streams: { close(): void }[] = [];
    try {
      // The first one migrates the database and creates the first admin; the second joins it.
      instances.push(await startService({ databaseUrl: url, name: 'messaging-a' }));
      instances.push(await startService({ databaseUrl: url, name: 'messaging-b' }));
      const [a, b] = instances.map((i) => remoteClient(i.url, () => adminLogin(i.url)));
      const s = await messagingShop(a);
      const shopReferer = { referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/` };
      const memberAtA = await stream(instances[0].url, 'vendor', bearer(s.member.token));
      const customerAtB = await stream(instances[1].url, 'shop', customerHeaders(s));
      streams.push(memberAtA, customerAtB);

      // The customer writes through instance B; the team member listens on A.
      let sent = performance.now();
      const created = await b.call('POST', '/api/v1/shop/messages', {
        token: s.customer.token,
        headers: shopReferer,
        body: { subject: 'Across', body: 'from B' },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const conversationId = created.body.id as string;
      const atA = await memberAtA.next((e) => e.event === 'message', 1000);
      expect(atA.data.body).to.equal('from B');
      expect(atA.receivedAt - sent, 'delivery delay across instances (ms)').to.be.below(1000);
      expect((await memberAtA.next((e) => e.event === 'unread', 2000)).data.count).to.equal(1);

      // The owner answers through A; the customer listens on B.
      sent = performance.now();
      await reply(a, 'vendor', s.vendor.ownerToken, conversationId, 'from A');
      const atB = await customerAtB.next((e) => e.event === 'message' && e.data.body === 'from A', 1000);
      expect(atB.receivedAt - sent).to.be.below(1000);

      // The member's stream on A drops after the answer; two messages later, the browser reconnects to B with its last id.
      await memberAtA.next((e) => e.event === 'message' && e.data.body === 'from A');
      memberAtA.close();
      await reply(b, 'shop', s.customer.token, conversationId, 'missed one', shopReferer);
      await reply(a, 'vendor', s.vendor.ownerToken, conversationId, 'missed two');
      const { openStream } = await import('../../support/sse.ts');
      const resumed = await openStream(`${instances[1].url}/api/v1/vendor/messages/stream`, {
        ...bearer(s.member.token),
        'last-event-id': memberAtA.lastEventId!,
      });
      streams.push(resumed);
      expect((await resumed.next((e) => e.event === 'message')).data.body).to.equal('missed one');
      expect((await resumed.next((e) => e.event === 'message')).data.body).to.equal('missed two');
      await new Promise((r) => setTimeout(r, 100));
      expect(resumed.all((e) => e.event === 'message').map((e) => e.data.body)).to.deep.equal(['missed one', 'missed two']);
    } finally {
      for (const c of streams) c.close();
      await Promise.all(instances.map((i) => i.stop()));
      await drop();
    }
  });
});
