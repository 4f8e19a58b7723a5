import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { renderMail } from '../../src/mail/templates.ts';
import { notifyAdminsOnExtmarketOrderOverLimit } from '../../src/processes/notifyAdminsOnExtmarketOrderOverLimit.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { appendAsArea, handleAgain, listNotifications, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/**
 * The plan-limits area emits ExtmarketOrderOverLimit when an extmarket order arrives beyond the
 * plan's orders per period (commands/quotas/events.ts); these tests append it as the quota stream does.
 */
describe('notifyAdminsOnExtmarketOrderOverLimit', () => {
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  async function vendorSpeaking(language: string): Promise<VendorFixture> {
    const v = await createVendorWithOwner(app);
    const res = await app.call('PUT', `/api/v1/admin/users/${v.ownerUserId}`, {
      token: admin,
      body: { preferred_language: language, first_name: 'Mireille' },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return v;
  }

  async function overLimit(v: VendorFixture, orderId: number, count: number, periodStart: string) {
    const data = { vendor_id: v.vendorId, order_id: orderId, limit: 100, count, period_start: periodStart, at: new Date().toISOString() };
    return appendAsArea(app, `order_limit_test-${randomUUID()}`, 'ExtmarketOrderOverLimit', data, v.vendorId);
  }

  it('notifies the admins and e-mails the owner in their language, once per vendor and period', async () => {
    const v = await vendorSpeaking('fr');
    const period = '2026-11-01T00:00:00.000Z';
    const first = await overLimit(v, 9001, 101, period);
    const n = await notificationAppears(app, admin, 'extmarket_order_over_limit', (x) => x.vendor_id === v.vendorId);
    expect(n).to.include({ severity: 'warning', link: `/api/v1/admin/subscriptions/${v.vendorId}` });
    expect(n.data).to.include({ order_id: 9001, limit: 100, count: 101 });
    const mail = await app.mailbox.waitFor((m) => m.to.includes(v.ownerEmail));
    expect(mail.subject).to.include('la limite de commandes de votre offre est atteinte');
    expect(mail.text).to.include('Bonjour Mireille');
    expect(mail.text).to.include('100 commandes');
    expect(mail.text).to.include('101 commandes extmarket');

    // The next order of the same period, and the same facts processed again, add nothing.
    const second = await overLimit(v, 9002, 102, period);
    await handleAgain(app, notifyAdminsOnExtmarketOrderOverLimit, first);
    await handleAgain(app, notifyAdminsOnExtmarketOrderOverLimit, second);
    await app.services.runner.waitFor(await app.services.store.head(), ['AdminNotificationRaised'], 5000);
    expect(await raisedUnder(app, `extmarket_order_over_limit:${v.vendorId}:${period}`)).to.have.length(1);
    const outbox = await app.services.db.knex('mail_outbox').where({ template: 'order_limit_reached', vendor_id: v.vendorId });
    expect(outbox).to.have.length(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.mailbox.find((m) => m.to.includes(v.ownerEmail))).to.have.length(1);

    // A new period is a new condition.
    await overLimit(v, 9100, 101, '2026-12-01T00:00:00.000Z');
    await notificationAppears(app, admin, 'extmarket_order_over_limit', (x) => x.vendor_id === v.vendorId && x.data.order_id === 9100);
    expect(
      (await listNotifications(app, admin, 'kind=extmarket_order_over_limit')).filter((x) => x.vendor_id === v.vendorId),
    ).to.have.length(2);
  });

  it("writes the owner's mail in German and Luxembourgish too, English otherwise", async () => {
    const de = await vendorSpeaking('de');
    await overLimit(de, 9200, 101, '2026-11-01T00:00:00.000Z');
    expect((await app.mailbox.waitFor((m) => m.to.includes(de.ownerEmail))).subject).to.include(
      'Das Bestelllimit Ihres Tarifs ist erreicht',
    );
    const lb = await vendorSpeaking('lb');
    await overLimit(lb, 9300, 101, '2026-11-01T00:00:00.000Z');
    expect((await app.mailbox.waitFor((m) => m.to.includes(lb.ownerEmail))).subject).to.include(
      'D’Bestellungslimitt vun Ärem Tarif ass erreecht',
    );
    const en = await vendorSpeaking('en');
    await overLimit(en, 9400, 101, '2026-11-01T00:00:00.000Z');
    expect((await app.mailbox.waitFor((m) => m.to.includes(en.ownerEmail))).subject).to.include("your plan's order limit is reached");

    const vars = { vendor_name: 'A <b>shop</b>', first_name: null, limit: 5, count: 6, period_start: '2026-11-01' };
    const subjects = ['en', 'fr', 'de', 'lb'].map((l) => renderMail('order_limit_reached', l, vars).subject);
    expect(new Set(subjects).size).to.equal(4);
    expect(renderMail('order_limit_reached', 'fr', vars).html).to.include('A &lt;b&gt;shop&lt;/b&gt;');
  });
});
