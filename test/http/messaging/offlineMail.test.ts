import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import type { ReceivedMail } from '../../support/mailbox.ts';
import { bearer, customerWrites, messagingShop, reply, stream, type MessagingShop } from '../../support/messagingLive.ts';
import { shopHeaders } from '../../support/tenancy.ts';

/**
 * E-mail to offline recipients (docs/messaging.md "E-mail to offline recipients"): a participant
 * with no live stream open gets one mail per conversation per quiet period (15 minutes of the
 * service's clock), in their language, naming attachments and never attaching them.
 */
describe('messaging: e-mail to offline recipients', function () {
  this.timeout(60_000);
  let app: TestApp;
  let s: MessagingShop;

  const mailsAbout = (to: string, conversationId: string) => app.mailbox.find((m) => m.to.includes(to) && m.text.includes(conversationId));
  /** Every mail for the event is enqueued in one transaction: once one is here, the others are decided. */
  const waitMail = (to: string, conversationId: string) =>
    app.mailbox.waitFor((m) => m.to.includes(to) && m.text.includes(conversationId), 30_000);
  const settleOutbox = () => new Promise((r) => setTimeout(r, 500));

  before(async () => {
    app = await testApp();
    s = await messagingShop(app, { preferred_language: 'fr' });
    // The team member reads German (their profile's language); the owner keeps English.
    const admin = await app.adminToken();
    const changed = await app.call('PUT', `/api/v1/admin/users/${s.member.userId}`, { token: admin, body: { preferred_language: 'de' } });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
  });

  it('every offline member of the team gets one mail in their language, naming the attachment without attaching it; the author gets none', async () => {
    const form = new FormData();
    form.set('subject', 'Broken lid');
    form.set('body', 'The lid arrived cracked, photo attached.');
    form.append('files', new Blob([Buffer.from('%PDF-1.4\nproof of purchase\n')], { type: 'application/pdf' }), 'receipt-4711.pdf');
    const res = await fetch(`${app.url}/api/v1/shop/messages`, {
      method: 'POST',
      headers: { ...bearer(s.customer.token), ...shopHeaders(s.vendor.vendorCode) },
      body: form,
    });
    const created = (await res.json()) as any;
    expect(res.status, JSON.stringify(created)).to.equal(201);
    const id = created.id as string;

    const owner = await waitMail(s.vendor.ownerEmail, id);
    const member = await waitMail(s.member.email, id);
    expect(owner.subject).to.equal('New message from Ada Lovelace');
    expect(member.subject).to.equal('Neue Nachricht von Ada Lovelace');
    for (const mail of [owner, member]) {
      expect(mail.text).to.include('The lid arrived cracked');
      expect(mail.text).to.include('receipt-4711.pdf');
      expect(mail.text).to.include(`/vendor/messages/${id}`);
      expect(mail.raw).to.not.match(/Content-Disposition:\s*attachment/i);
      expect(mail.raw).to.not.include('proof of purchase');
    }
    await settleOutbox();
    expect(app.mailbox.find((m) => m.to.includes(s.customer.email))).to.deep.equal([]);
  });

  it('one mail per conversation per quiet period: the next messages within 15 minutes send none, the first after it sends one', async () => {
    const id = await customerWrites(s, 'first question');
    await waitMail(s.vendor.ownerEmail, id);
    await customerWrites(s, 'another conversation, its own mail');
    const referer = { referer: `http://localhost/vendors/${s.vendor.vendorCode}/shop/` };
    await reply(app, 'shop', s.customer.token, id, 'follow-up one', referer);
    app.clock.advance(14 * 60_000);
    await reply(app, 'shop', s.customer.token, id, 'follow-up two', referer);
    await settleOutbox();
    expect(mailsAbout(s.vendor.ownerEmail, id)).to.have.length(1);

    app.clock.advance(2 * 60_000);
    await reply(app, 'shop', s.customer.token, id, 'follow-up three', referer);
    await app.mailbox.waitFor((m) => m.to.includes(s.vendor.ownerEmail) && m.text.includes('follow-up three'), 10_000);
    expect(mailsAbout(s.vendor.ownerEmail, id).map((m) => m.text.includes('follow-up three'))).to.deep.equal([false, true]);
  });

  it("a recipient with a live stream open gets no mail; the customer, offline, gets one in French with the shop's link", async () => {
    const id = await customerWrites(s, 'are you there?');
    await waitMail(s.vendor.ownerEmail, id);
    const live = await stream(app.url, 'vendor', bearer(s.member.token));
    try {
      // A new conversation: the member is connected now, the owner is not.
      const second = await customerWrites(s, 'now you are');
      await live.next((e) => e.event === 'message' && e.data.conversation_id === second);
      await waitMail(s.vendor.ownerEmail, second);
      await settleOutbox();
      expect(mailsAbout(s.member.email, second)).to.deep.equal([]);

      await reply(app, 'vendor', s.member.token, second, 'Yes, we are here.');
      const toCustomer: ReceivedMail = await waitMail(s.customer.email, second);
      expect(toCustomer.subject).to.match(/^Nouveau message de /);
      expect(toCustomer.text).to.include('Yes, we are here.');
      expect(toCustomer.text).to.include(`/vendors/${s.vendor.vendorCode}/shop/account/messages/${second}`);
    } finally {
      live.close();
    }
  });
});
