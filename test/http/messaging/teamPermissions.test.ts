import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { asCustomer, asVendor, call, teamMember, vendorTeam, type Team } from '../../support/messaging.ts';
import { visitor } from '../../support/storefront.ts';

/**
 * A vendor's team writes in its conversations only with the role's `messages.send` (docs/tenancy.md:
 * every vendor route checks the team permission); reading, and marking read, stay open to every
 * member. The API and the back-office pages refuse the same way, and a refusal stores nothing.
 */
describe('messaging: the team permission to send', function () {
  this.timeout(60_000);
  let app: TestApp;
  let team: Team;
  let viewer: Awaited<ReturnType<typeof teamMember>>;
  let conversation: string;
  const events = async () => Number((await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events'))[0].n);

  before(async () => {
    app = await testApp();
    team = await vendorTeam(app);
    viewer = await teamMember(app, team, 'viewer', 'Vera');
    const started = await call(app, asCustomer(team, team.customer.token), 'POST', '/messages', {
      subject: 'Where is my parcel?',
      body: 'Ordered last week.',
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    conversation = started.body.id;
  });

  it('lets a viewer read the conversations and mark them read', async () => {
    const list = await call(app, asVendor(viewer.token), 'GET', '/messages');
    expect(list.status).to.equal(200);
    expect(list.body.items.map((c: any) => c.id)).to.include(conversation);
    expect((await call(app, asVendor(viewer.token), 'GET', `/messages/${conversation}`)).status).to.equal(200);
    expect((await call(app, asVendor(viewer.token), 'POST', `/messages/${conversation}/read`)).status).to.equal(200);
  });

  it("refuses a viewer's reply and new conversation with 403 naming messages.send, storing nothing", async () => {
    const before = await events();
    const reply = await call(app, asVendor(viewer.token), 'POST', `/messages/${conversation}`, { body: 'On its way!' });
    expect(reply.status).to.equal(403);
    expect(reply.body).to.include({ code: 'InsufficientVendorPermissionsException', required_permission: 'messages.send' });
    const start = await call(app, asVendor(viewer.token), 'POST', '/messages', {
      conversation_type: 'vendor_customer',
      customer_id: team.customer.id,
      subject: 'Hello',
      body: 'From a viewer',
    });
    expect(start.status).to.equal(403);
    expect(start.body.code).to.equal('InsufficientVendorPermissionsException');
    expect(await events()).to.equal(before);
  });

  it('lets a member whose role has messages.send reply', async () => {
    const reply = await call(app, asVendor(team.member.token), 'POST', `/messages/${conversation}`, { body: 'Shipped today.' });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
  });

  it('shows a viewer the conversation page without a reply form, and refuses the form in words', async () => {
    const browser = visitor(app);
    const login = await browser.get('/vendor/login');
    const signedIn = await browser.post('/vendor/login', {
      login: viewer.email,
      password: viewer.password,
      return: '/vendor/messages',
      _csrf: browser.csrf(login.body),
    });
    expect(signedIn.status).to.equal(303);
    const page = await browser.get(`/vendor/messages/${conversation}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.include('Shipped today.');
    expect(page.body).to.include('id="read-only"');
    expect(page.body).to.not.include('class="reply"');
    const list = await browser.get('/vendor/messages');
    expect(list.body).to.not.include('class="start"');

    const before = await events();
    const posted = await browser.post(`/vendor/messages/${conversation}`, { body: 'Sneaking in', _csrf: browser.csrf(page.body) });
    expect(posted.status).to.equal(303);
    expect(posted.headers.location).to.equal(`/vendor/messages/${conversation}?error=permission`);
    expect((await browser.get(String(posted.headers.location))).body).to.include('Your role lets you read messages, not send them');
    expect(await events()).to.equal(before);
  });
});
