import { expect } from 'chai';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../support/app.ts';
import { asCustomer, asVendor, call, download, sendForm, unread, vendorTeam, type Party, type Team } from '../../support/messaging.ts';

describe("messaging: a customer and the vendor's team", () => {
  let app: TestApp;
  let v: Team;
  let customer: Party;
  let owner: Party;
  let member: Party;
  let png: Buffer;

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    v = await vendorTeam(app);
    customer = asCustomer(v, v.customer.token);
    owner = asVendor(v.ownerToken);
    member = asVendor(v.member.token);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
  });

  it('a customer writes to the shop with a photo; every team member sees it unread and reads on their own', async () => {
    const started = await sendForm(app, customer, '/messages', { subject: 'Broken handle', body: 'The handle came off, see the photo' }, [
      { name: 'handle.png', data: png, type: 'image/png' },
    ]);
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const conversation = started.body;
    expect(conversation).to.include({
      conversation_type: 'vendor_customer',
      subject: 'Broken handle',
      vendor_id: v.vendorId,
      customer_id: v.customer.id,
      unread_count: 0,
    });
    expect(conversation.messages.items).to.have.length(1);
    const [attachment] = conversation.messages.items[0].attachments;
    expect(attachment).to.include({ filename: 'handle.png', content_type: 'image/png', size: png.length });
    expect(attachment.url).to.equal(`/api/v1/shop/messages/${conversation.id}/attachments/${attachment.id}`);

    expect(await unread(app, owner)).to.equal(1);
    expect(await unread(app, member)).to.equal(1);
    expect(await unread(app, customer)).to.equal(0);

    const list = await call(app, member, 'GET', '/messages');
    expect(list.body).to.include({ total: 1, page: 1, limit: 20 });
    expect(list.body.items[0]).to.include({ id: conversation.id, unread_count: 1, customer_name: 'Carla Client' });
    expect(list.body.items[0].last_message).to.include({ body: 'The handle came off, see the photo', is_own: false });

    const read = await call(app, member, 'POST', `/messages/${conversation.id}/read`);
    expect(read.status, JSON.stringify(read.body)).to.equal(200);
    expect(read.body).to.deep.equal({ conversation_id: conversation.id, unread_count: 0, total_unread_count: 0 });
    expect(await unread(app, member)).to.equal(0);
    expect(await unread(app, owner), 'the owner has not read it yet').to.equal(1);
    expect((await call(app, owner, 'POST', `/messages/${conversation.id}/read`)).status).to.equal(200);
    expect(await unread(app, owner)).to.equal(0);

    // The member answers: unread for the customer and for the owner, not for the member.
    const reply = await call(app, member, 'POST', `/messages/${conversation.id}`, { body: 'Sorry! A new one is on its way.' });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    expect(reply.body.messages.items.at(-1)).to.include({ body: 'Sorry! A new one is on its way.', is_own: true });
    expect(reply.body.messages.items.at(-1).author).to.deep.include({ kind: 'vendor_user', id: v.member.id, name: 'Mia' });
    expect(await unread(app, customer)).to.equal(1);
    expect(await unread(app, owner)).to.equal(1);
    expect(await unread(app, member)).to.equal(0);

    // Every participant downloads the photo, from their own area.
    for (const [who, prefix] of [
      [customer, '/api/v1/shop'],
      [owner, '/api/v1/vendor'],
      [member, '/api/v1/vendor'],
    ] as const) {
      const file = await download(app, who, `${prefix}/messages/${conversation.id}/attachments/${attachment.id}`);
      expect(file.status).to.equal(200);
      expect(file.data.equals(png)).to.equal(true);
      expect(file.headers.get('content-type')).to.equal('image/png');
      expect(file.headers.get('content-disposition')).to.match(/^attachment; filename="handle.png"/);
      expect(file.headers.get('x-content-type-options')).to.equal('nosniff');
    }
  });

  it('the vendor starts a conversation with one of its customers; the customer opens it and reads it', async () => {
    const started = await call(app, owner, 'POST', '/messages', {
      conversation_type: 'vendor_customer',
      customer_id: v.customer.id,
      subject: 'Your order',
      body: 'It ships today',
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    const before = await unread(app, customer);
    const list = await call(app, customer, 'GET', '/messages');
    expect(list.body.items[0]).to.include({ id: started.body.id, unread_count: 1, subject: 'Your order' });
    const opened = await call(app, customer, 'GET', `/messages/${started.body.id}`);
    expect(opened.status).to.equal(200);
    expect(opened.body.messages.items.map((m: any) => m.body)).to.deep.equal(['It ships today']);
    await call(app, customer, 'POST', `/messages/${started.body.id}/read`);
    expect(await unread(app, customer)).to.equal(before - 1);
  });

  it('the newest activity comes first, and the list is paged', async () => {
    const first = await call(app, customer, 'POST', '/messages', { subject: 'First', body: 'one' });
    const second = await call(app, customer, 'POST', '/messages', { subject: 'Second', body: 'two' });
    app.clock.advance(1000);
    await call(app, member, 'POST', `/messages/${first.body.id}`, { body: 'answer to the first' });
    const page1 = await call(app, owner, 'GET', '/messages?limit=2');
    expect(page1.body.items.map((c: any) => c.id)).to.deep.equal([first.body.id, second.body.id]);
    expect(page1.body.total).to.be.greaterThan(2);
    const page2 = await call(app, owner, 'GET', '/messages?limit=2&page=2');
    expect(page2.body.items.map((c: any) => c.id)).not.to.include(first.body.id);
  });

  it('20 replies sent at once are exactly 20 unread for each team member', async () => {
    const started = await call(app, customer, 'POST', '/messages', { subject: 'Many questions', body: 'question 0' });
    await call(app, owner, 'POST', `/messages/${started.body.id}/read`);
    await call(app, member, 'POST', `/messages/${started.body.id}/read`);
    const ownerBefore = await unread(app, owner);
    const memberBefore = await unread(app, member);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(app, customer, 'POST', `/messages/${started.body.id}`, { body: `question ${i + 1}` })),
    );
    expect(replies.map((r) => r.status)).to.deep.equal(Array(20).fill(201));
    expect(await unread(app, owner)).to.equal(ownerBefore + 20);
    expect(await unread(app, member)).to.equal(memberBefore + 20);
    const detail = await call(app, owner, 'GET', `/messages/${started.body.id}?limit=100`);
    expect(detail.body).to.include({ message_count: 21, unread_count: 20 });
    expect(new Set(detail.body.messages.items.map((m: any) => m.body)).size).to.equal(21);
  });

  it("replies from both sides at once: each counts only the others' messages", async () => {
    const started = await call(app, customer, 'POST', '/messages', { subject: 'Back and forth', body: 'start' });
    await call(app, owner, 'POST', `/messages/${started.body.id}/read`);
    const before = await Promise.all([unread(app, owner), unread(app, member), unread(app, customer)]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? call(app, customer, 'POST', `/messages/${started.body.id}`, { body: `customer ${i}` })
          : call(app, member, 'POST', `/messages/${started.body.id}`, { body: `member ${i}` }),
      ),
    );
    const detail = await call(app, owner, 'GET', `/messages/${started.body.id}?limit=100`);
    expect(detail.body.message_count).to.equal(21);
    // The owner wrote nothing: all 20. The member: the customer's 10 after their own last one at most, and never their own.
    expect(await unread(app, owner)).to.equal(before[0] + 20);
    const memberView = await call(app, member, 'GET', `/messages/${started.body.id}?limit=100`);
    const items = memberView.body.messages.items;
    const lastOwn = items.map((m: any) => m.is_own).lastIndexOf(true);
    const expected = items.slice(lastOwn + 1).filter((m: any) => !m.is_own).length;
    expect(memberView.body.unread_count).to.equal(expected);
    const customerView = await call(app, customer, 'GET', `/messages/${started.body.id}?limit=100`);
    const lastMine = customerView.body.messages.items.map((m: any) => m.is_own).lastIndexOf(true);
    expect(customerView.body.unread_count).to.equal(customerView.body.messages.items.slice(lastMine + 1).length);
  });
});
