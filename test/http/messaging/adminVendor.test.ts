import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { anotherAdmin, asAdmin, asCustomer, asVendor, call, unread, vendorTeam, type Party, type Team } from '../../support/messaging.ts';

describe("messaging: the platform's admins and the vendors", () => {
  let app: TestApp;
  let v: Team;
  let admin: Party;
  let otto: { id: number; token: string };
  let owner: Party;
  let member: Party;

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    v = await vendorTeam(app);
    admin = asAdmin(await app.adminToken());
    otto = await anotherAdmin(app);
    owner = asVendor(v.ownerToken);
    member = asVendor(v.member.token);
  });

  it('an admin writes to a vendor: its whole team sees it, every admin takes part with their own unread count', async () => {
    const ottoBefore = await unread(app, asAdmin(otto.token));
    const started = await call(app, admin, 'POST', '/messages', {
      conversation_type: 'admin_vendor',
      vendor_id: v.vendorId,
      subject: 'Your VAT number',
      body: 'Please check it',
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body).to.include({ conversation_type: 'admin_vendor', vendor_id: v.vendorId, customer_id: null });
    expect(started.body.admin_ids).to.deep.equal([]);
    const id = started.body.id;
    expect(await unread(app, owner)).to.equal(1);
    expect(await unread(app, member)).to.equal(1);
    expect(await unread(app, asAdmin(otto.token)), "another admin's message is unread for Otto").to.equal(ottoBefore + 1);

    const reply = await call(app, owner, 'POST', `/messages/${id}`, { body: 'Fixed, thanks' });
    expect(reply.status).to.equal(201);
    const adminView = await call(app, admin, 'GET', `/messages/${id}`);
    expect(adminView.body).to.include({ unread_count: 1, message_count: 2, vendor_name: adminView.body.vendor_name });
    expect(adminView.body.messages.items.map((m: any) => [m.author.kind, m.is_own])).to.deep.equal([
      ['admin', true],
      ['vendor_user', false],
    ]);
    const ottoView = await call(app, asAdmin(otto.token), 'GET', `/messages/${id}`);
    expect(ottoView.body.unread_count).to.equal(2);
    await call(app, asAdmin(otto.token), 'POST', `/messages/${id}/read`);
    expect((await call(app, admin, 'GET', `/messages/${id}`)).body.unread_count, "Otto's read is his own").to.equal(1);
  });

  it('a vendor writes to the platform: every admin sees it', async () => {
    const started = await call(app, member, 'POST', '/messages', {
      conversation_type: 'admin_vendor',
      subject: 'Invoice question',
      body: 'Which VAT rate applies?',
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body).to.include({ vendor_id: v.vendorId });
    const list = await call(app, asAdmin(otto.token), 'GET', '/messages');
    expect(list.body.items[0]).to.include({ id: started.body.id, unread_count: 1 });
    expect(list.body.items[0].started_by).to.include({ kind: 'vendor_user', id: v.member.id });
    // A customer of the vendor never sees the vendor's conversations with the platform.
    const customerList = await call(app, asCustomer(v, v.customer.token), 'GET', '/messages');
    expect(customerList.body.items.map((c: any) => c.id)).not.to.include(started.body.id);
  });

  it('an admin conversation is between the admins it names', async () => {
    const third = await anotherAdmin(app);
    const started = await call(app, admin, 'POST', '/messages', {
      conversation_type: 'admin',
      admin_ids: [otto.id],
      subject: 'Release',
      body: 'Tonight?',
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    expect(started.body.admin_ids).to.include(otto.id).and.to.have.length(2);
    expect((await call(app, asAdmin(otto.token), 'GET', `/messages/${started.body.id}`)).status).to.equal(200);
    const outsider = await call(app, asAdmin(third.token), 'GET', `/messages/${started.body.id}`);
    expect(outsider.status).to.equal(404);
    expect(outsider.body.code).to.equal('ConversationNotFoundException');
    expect((await call(app, asAdmin(third.token), 'POST', `/messages/${started.body.id}`, { body: 'me too' })).status).to.equal(404);
    expect((await call(app, owner, 'GET', `/messages/${started.body.id}`)).status).to.equal(404);
    expect(await unread(app, asAdmin(third.token))).to.equal(
      (await call(app, asAdmin(third.token), 'GET', '/messages?limit=100')).body.items.reduce((n: number, c: any) => n + c.unread_count, 0),
    );
  });

  it("admins do not see a vendor's conversations with its customers", async () => {
    const started = await call(app, asCustomer(v, v.customer.token), 'POST', '/messages', { subject: 'Private', body: 'Between us' });
    expect(started.status).to.equal(201);
    expect((await call(app, admin, 'GET', `/messages/${started.body.id}`)).status).to.equal(404);
    const list = await call(app, admin, 'GET', '/messages?limit=100');
    expect(list.body.items.map((c: any) => c.id)).not.to.include(started.body.id);
  });
});
