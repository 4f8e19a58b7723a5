import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { ADMIN, testApp, type TestApp } from '../../support/app.ts';
import { messagingShop, type MessagingShop } from '../../support/messagingLive.ts';
import { newAdmin } from '../../support/notifications.ts';
import { putOnTier } from '../../support/plans.ts';
import { visitor } from '../../support/storefront.ts';

type Visitor = ReturnType<typeof visitor>;

/**
 * Starting conversations from the back-office pages, as a browser without JavaScript does
 * (docs/messaging.md "Pages"): an admin writes to a vendor's team or to other admins, a team
 * member to a customer of the vendor. The forms go through the API's command handlers and plan
 * gates; a recipient the caller cannot reach is "not found" and nothing is appended.
 */
describe('messaging pages: starting a conversation', function () {
  this.timeout(60_000);
  let app: TestApp;
  let s: MessagingShop;
  let admin: Visitor;
  let team: Visitor;
  const events = async () => Number((await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events'))[0].n);
  const conversationPath = (location: unknown, base: string) => {
    const match = new RegExp(`^${base}/([0-9a-f-]{36})\\?notice=sent$`).exec(String(location));
    expect(match, `redirected to ${String(location)}`).to.not.equal(null);
    return match![1];
  };

  async function signedIn(prefix: '/admin' | '/vendor', login: string, password: string): Promise<Visitor> {
    const v = visitor(app);
    const form = await v.get(`${prefix}/login`);
    const res = await v.post(`${prefix}/login`, { login, password, return: `${prefix}/messages`, _csrf: v.csrf(form.body) });
    expect(res.status).to.equal(303);
    return v;
  }

  async function customerPage(shop: MessagingShop) {
    const v = visitor(app);
    const base = `/vendors/${shop.vendor.vendorCode}/shop`;
    const login = await v.get(`${base}/login`);
    const res = await v.post(`${base}/login`, {
      email: shop.customer.email,
      password: shop.customer.password,
      return: `${base}/account/messages`,
      _csrf: v.csrf(login.body),
    });
    expect(res.status).to.equal(303);
    return (await v.get(`${base}/account/messages`)).body;
  }

  /** Posts the list page's form with the page's own form token. */
  async function post(v: Visitor, base: string, form: Record<string, string>) {
    const list = await v.get(base);
    return v.post(base, { ...form, _csrf: v.csrf(list.body) });
  }

  before(async () => {
    app = await testApp();
    s = await messagingShop(app);
    admin = await signedIn('/admin', ADMIN.email, ADMIN.password);
    team = await signedIn('/vendor', s.member.email, s.member.password);
  });

  it("an admin finds a vendor by a search and starts a conversation its team sees, the subject's markup shown as text", async () => {
    const found = await admin.get(`/admin/messages?vendor_search=${encodeURIComponent(s.vendor.vendorCode.toLowerCase())}`);
    expect(found.status).to.equal(200);
    expect(found.body).to.include(`<option value="${s.vendor.vendorCode}">Shop ${s.vendor.vendorCode} (${s.vendor.vendorCode})</option>`);

    const sent = await post(admin, '/admin/messages', {
      conversation_type: 'admin_vendor',
      vendor: s.vendor.vendorCode,
      subject: '<b>Your invoice</b> & <script>x()</script>',
      body: 'Please check the VAT number.',
    });
    expect(sent.status).to.equal(303);
    const id = conversationPath(sent.headers.location, '/admin/messages');
    const shown = await admin.get(String(sent.headers.location));
    expect(shown.body).to.include('Please check the VAT number.');
    expect(shown.body).to.include('&lt;b&gt;Your invoice&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;');

    const list = await team.get('/vendor/messages');
    expect(list.body).to.include(`/vendor/messages/${id}`);
    expect(list.body).to.include('&lt;b&gt;Your invoice&lt;/b&gt;').and.not.include('<b>Your invoice</b>');
    const api = await app.call('GET', `/api/v1/vendor/messages/${id}`, { token: s.member.token });
    expect(api.status).to.equal(200);
    expect(api.body.conversation_type).to.equal('admin_vendor');
    expect(api.body.vendor_id).to.equal(s.vendor.vendorId);
  });

  it('an admin names a vendor by its exact name too; an unknown one is refused in words and nothing is appended', async () => {
    const byName = await post(admin, '/admin/messages', {
      conversation_type: 'admin_vendor',
      vendor: `shop ${s.vendor.vendorCode.toLowerCase()}`,
      subject: 'By name',
      body: 'Hello',
    });
    expect(byName.status).to.equal(303);
    conversationPath(byName.headers.location, '/admin/messages');

    const before = await events();
    const unknown = await post(admin, '/admin/messages', {
      conversation_type: 'admin_vendor',
      vendor: 'NO-SUCH-VENDOR',
      subject: 'Lost',
      body: 'Hello',
    });
    expect(unknown.headers.location).to.equal('/admin/messages?error=not_found');
    expect(await events()).to.equal(before);
    expect((await admin.get(String(unknown.headers.location))).body).to.include('No such recipient');
  });

  it("an admin starts a conversation with another admin, which the vendor's team never sees; none ticked or a team member is refused in words", async () => {
    const other = await newAdmin(app);
    const list = await admin.get('/admin/messages');
    expect(list.body).to.include(`name="admin_ids" value="${other.id}"`);

    const sent = await post(admin, '/admin/messages', {
      conversation_type: 'admin',
      admin_ids: String(other.id),
      subject: 'Between us',
      body: 'Quarterly review',
    });
    expect(sent.status).to.equal(303);
    const id = conversationPath(sent.headers.location, '/admin/messages');
    const theirs = await app.call('GET', `/api/v1/admin/messages/${id}`, { token: other.token });
    expect(theirs.status).to.equal(200);
    expect(theirs.body.conversation_type).to.equal('admin');
    expect(theirs.body.admin_ids).to.include(other.id);
    expect((await team.get('/vendor/messages')).body).to.not.include(id);
    expect((await app.call('GET', `/api/v1/vendor/messages/${id}`, { token: s.member.token })).status).to.equal(404);

    const before = await events();
    const none = await post(admin, '/admin/messages', { conversation_type: 'admin', subject: 'Nobody', body: 'Hello?' });
    expect(none.headers.location).to.equal('/admin/messages?error=recipient');
    const teamMember = await post(admin, '/admin/messages', {
      conversation_type: 'admin',
      admin_ids: String(s.member.userId),
      subject: 'Not an admin',
      body: 'Hello?',
    });
    expect(teamMember.headers.location).to.equal('/admin/messages?error=recipient');
    expect(await events()).to.equal(before);
    expect((await admin.get(String(none.headers.location))).body).to.include('choose at least one other admin');
  });

  it("a team member writes to a customer of the vendor by e-mail, and the customer's account page shows it", async () => {
    const list = await team.get('/vendor/messages');
    expect(list.body).to.include(`<option value="${s.customer.email}">`);
    const sent = await post(team, '/vendor/messages', {
      conversation_type: 'vendor_customer',
      customer_email: s.customer.email.toUpperCase(),
      subject: 'Your <em>order</em>',
      body: 'It ships tomorrow.',
    });
    expect(sent.status).to.equal(303);
    const id = conversationPath(sent.headers.location, '/vendor/messages');
    const page = await customerPage(s);
    expect(page).to.include(`/account/messages/${id}`);
    expect(page).to.include('Your &lt;em&gt;order&lt;/em&gt;');
  });

  it('a customer of another vendor cannot be chosen: not found in words, nothing appended', async () => {
    const elsewhere = await messagingShop(app);
    const list = await team.get('/vendor/messages');
    expect(list.body).to.not.include(elsewhere.customer.email);
    const before = await events();
    const sent = await post(team, '/vendor/messages', {
      conversation_type: 'vendor_customer',
      customer_email: elsewhere.customer.email,
      subject: 'Hi',
      body: 'Hello',
    });
    expect(sent.headers.location).to.equal('/vendor/messages?error=not_found');
    expect(await events()).to.equal(before);
    expect((await team.get(String(sent.headers.location))).body).to.include('No such recipient');
    expect(await customerPage(elsewhere)).to.include('No conversations yet.');
  });

  it("writing to a customer needs the plan's customer messaging: an Essential vendor's team is told in words, before the e-mail is looked at", async () => {
    const essential = await messagingShop(app);
    await putOnTier(app, essential.vendor.vendorId, 'essential');
    const member = await signedIn('/vendor', essential.member.email, essential.member.password);
    const before = await events();
    for (const email of [essential.customer.email, 'nobody@nowhere.test']) {
      const sent = await post(member, '/vendor/messages', {
        conversation_type: 'vendor_customer',
        customer_email: email,
        subject: 'Hi',
        body: 'Hello',
      });
      expect(sent.headers.location).to.equal('/vendor/messages?error=feature');
    }
    expect(await events()).to.equal(before);
    expect((await member.get('/vendor/messages?error=feature')).body).to.include('This is not included in the current subscription plan.');
    const toPlatform = await post(member, '/vendor/messages', {
      conversation_type: 'admin_vendor',
      subject: 'Upgrade',
      body: 'How do we upgrade?',
    });
    conversationPath(toPlatform.headers.location, '/vendor/messages');
  });

  it("a form without the page's token starts nothing, on either page", async () => {
    const before = await events();
    const forged = { subject: 'Forged', body: 'x', _csrf: 'x'.repeat(43) };
    expect(
      (await admin.post('/admin/messages', { ...forged, conversation_type: 'admin_vendor', vendor: s.vendor.vendorCode })).status,
    ).to.equal(403);
    expect(
      (await team.post('/vendor/messages', { ...forged, conversation_type: 'vendor_customer', customer_email: s.customer.email })).status,
    ).to.equal(403);
    expect(await events()).to.equal(before);
  });

  it('a refused attachment is told in words and nothing is appended', async () => {
    const list = await admin.get('/admin/messages');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      _csrf: admin.csrf(list.body),
      conversation_type: 'admin_vendor',
      vendor: s.vendor.vendorCode,
      subject: 'A file',
      body: 'See attached',
    }))
      form.append(k, v);
    form.append('files', new Blob([Buffer.from('MZ\x90\x00binary')], { type: 'application/x-msdownload' }), 'setup.exe');
    const before = await events();
    const res = await fetch(`${app.url}/admin/messages`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.equal('/admin/messages?error=attachment');
    expect(await events()).to.equal(before);
  });
});
