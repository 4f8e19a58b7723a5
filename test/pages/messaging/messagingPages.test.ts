import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { ADMIN, testApp, type TestApp } from '../../support/app.ts';
import { registerCustomer } from '../../support/customers.ts';
import { customerWrites, messagingShop, type MessagingShop } from '../../support/messagingLive.ts';
import { putOnTier } from '../../support/plans.ts';
import { openStream } from '../../support/sse.ts';
import { visitor } from '../../support/storefront.ts';

/**
 * The messages pages over HTTP as a browser without JavaScript uses them (docs/messaging.md
 * "Pages"): sign-in first, forms with the form token, markup shown as text, other people's
 * conversations not found, the admin pages' own cookie.
 */
describe('messaging pages', function () {
  this.timeout(60_000);
  let app: TestApp;
  let s: MessagingShop;
  const events = async () => Number((await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events'))[0].n);

  before(async () => {
    app = await testApp();
    s = await messagingShop(app);
  });

  async function signedInCustomer(email: string, password: string, at: MessagingShop = s) {
    const v = visitor(app);
    const shop = `/vendors/${at.vendor.vendorCode}/shop`;
    const first = await v.get(`${shop}/account/messages`);
    expect(first.status).to.equal(303);
    expect(first.headers.location).to.equal(`${shop}/login?return=${encodeURIComponent(`${shop}/account/messages`)}`);
    const login = await v.get(String(first.headers.location));
    const signedIn = await v.post(`${shop}/login`, { email, password, return: `${shop}/account/messages`, _csrf: v.csrf(login.body) });
    expect(signedIn.status).to.equal(303);
    expect(signedIn.headers.location).to.equal(`${shop}/account/messages`);
    return { v, shop };
  }

  it("the shop's page shows the customer's conversations with markup as text; a form without the visitor's token changes nothing", async () => {
    const id = await customerWrites(s, 'Body with <img src=x onerror=alert(1)>', '<script>alert("subject")</script>');
    const { v, shop } = await signedInCustomer(s.customer.email, s.customer.password);
    const list = await v.get(`${shop}/account/messages`);
    expect(list.status).to.equal(200);
    expect(list.body).to.include('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(list.body).to.not.include('<script>alert');
    expect(list.body).to.include('<script src="/assets/messages.js" defer></script>');
    expect(list.body).to.include(`data-stream="${shop}/account/messages/stream"`);
    const page = await v.get(`${shop}/account/messages/${id}`);
    expect(page.body).to.include('Body with &lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).to.include('enctype="multipart/form-data"');

    const before = await events();
    const refused = await v.post(`${shop}/account/messages/${id}`, { body: 'no token', _csrf: 'x'.repeat(43) });
    expect(refused.status).to.equal(403);
    expect(await events()).to.equal(before);
  });

  it('another customer of the shop finds the conversation neither by its address nor in their list', async () => {
    const id = await customerWrites(s, 'only for me');
    const other = await registerCustomer(s.shop);
    const { v, shop } = await signedInCustomer(other.email, other.password);
    const page = await v.get(`${shop}/account/messages/${id}`);
    expect(page.status).to.equal(404);
    expect(page.body).to.not.include('only for me');
    const list = await v.get(`${shop}/account/messages`);
    expect(list.body).to.not.include(id);
  });

  it("the vendor pages ask for sign-in, then show the team's conversations; the script file is served", async () => {
    const anonymous = visitor(app);
    const first = await anonymous.get('/vendor/messages');
    expect(first.status).to.equal(303);
    expect(first.headers.location).to.equal(`/vendor/login?return=${encodeURIComponent('/vendor/messages')}`);
    const form = await anonymous.get(String(first.headers.location));
    const wrong = await anonymous.post('/vendor/login', {
      login: s.member.email,
      password: 'not-it',
      return: '/vendor/messages',
      _csrf: anonymous.csrf(form.body),
    });
    expect(wrong.status).to.equal(401);
    const ok = await anonymous.post('/vendor/login', {
      login: s.member.email,
      password: s.member.password,
      return: '/vendor/messages',
      _csrf: anonymous.csrf(form.body),
    });
    expect(ok.status).to.equal(303);
    const id = await customerWrites(s, 'for the team page');
    const list = await anonymous.get('/vendor/messages');
    expect(list.status).to.equal(200);
    expect(list.body).to.include(`/vendor/messages/${id}`);
    const script = await anonymous.get('/assets/messages.js');
    expect(script.status).to.equal(200);
    expect(String(script.headers['content-type'])).to.match(/^application\/javascript/);
  });

  it('the admin pages sign in with a cookie of their own, which the admin API never accepts; their stream reads it', async () => {
    const v = visitor(app);
    const form = await v.get('/admin/login');
    const signedIn = await v.post('/admin/login', {
      login: ADMIN.email,
      password: ADMIN.password,
      return: '/admin/messages',
      _csrf: v.csrf(form.body),
    });
    expect(signedIn.status).to.equal(303);
    const cookie = [signedIn.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('admin_token='))!;
    expect(cookie)
      .to.match(/Path=\/admin/i)
      .and.match(/HttpOnly/i)
      .and.match(/SameSite=Strict/i);
    const started = await app.call('POST', '/api/v1/vendor/messages', {
      token: s.vendor.ownerToken,
      body: { conversation_type: 'admin_vendor', subject: 'For the platform', body: 'Hello admins' },
    });
    expect(started.status).to.equal(201);
    const list = await v.get('/admin/messages');
    expect(list.status).to.equal(200);
    expect(list.body).to.include('For the platform');
    const token = v.jar.get('admin_token')!;
    const api = await app.call('GET', '/api/v1/admin/messages', { headers: { cookie: `admin_token=${token}` } });
    expect(api.status).to.equal(401);
    const stream = await openStream(`${app.url}/admin/messages/stream`, { cookie: `admin_token=${token}` });
    try {
      expect(stream.status).to.equal(200);
      expect((await stream.next((e) => e.event === 'unread')).data.count).to.be.at.least(1);
    } finally {
      stream.close();
    }
  });

  it("the forms go through the same plan gate as the API: an Essential shop's customer is told in words, nothing is appended", async () => {
    const essential = await messagingShop(app);
    await putOnTier(app, essential.vendor.vendorId, 'essential');
    const { v, shop } = await signedInCustomer(essential.customer.email, essential.customer.password, essential);
    const list = await v.get(`${shop}/account/messages`);
    const before = await events();
    const sent = await v.post(`${shop}/account/messages`, { subject: 'Hello', body: 'Do you ship to Belgium?', _csrf: v.csrf(list.body) });
    expect(sent.status).to.equal(303);
    expect(sent.headers.location).to.equal(`${shop}/account/messages?error=feature`);
    expect(await events()).to.equal(before);
    const shown = await v.get(String(sent.headers.location));
    expect(shown.body).to.include('This is not included in the current subscription plan.');
  });
});
