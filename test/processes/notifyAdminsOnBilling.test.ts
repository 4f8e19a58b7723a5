import type { BillingInvoicePaymentFailed } from '../../commands/billing/events.ts';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { notifyAdminsOnPaymentFailed } from '../../src/processes/notifyAdminsOnPaymentFailed.ts';
import { notifyAdminsOnTrialEnding } from '../../src/processes/notifyAdminsOnTrialEnding.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { appendAsArea, handleAgain, listNotifications, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/**
 * The admins' notices of billing (notifyAdminsOnPaymentFailed, notifyAdminsOnTrialEnding). The
 * billing area records BillingInvoicePaymentFailed and SubscriptionTrialEnding from Stripe's
 * webhooks (commands/billing/events.ts); these tests append them as that area does, on its streams.
 */
describe('admin notices of billing: failed payments and ending trials', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
  });

  const append = (stream: string, type: string, data: Record<string, unknown>) => appendAsArea(app, stream, type, data, v.vendorId);

  it('raises one error per failed invoice payment attempt, however often it is processed', async () => {
    const invoice = `in_${randomUUID().slice(0, 8)}`;
    // Every field the billing area records: its billing history projection reads the same event.
    const data: BillingInvoicePaymentFailed['data'] = {
      vendor_id: v.vendorId,
      invoice_id: invoice,
      amount_due_cents: 4900,
      attempt_count: 1,
      hosted_invoice_url: 'https://pay.example/in',
      number: `INV-${invoice}`,
      currency: 'eur',
      period_start: null,
      period_end: null,
      invoice_pdf: null,
      at: new Date().toISOString(),
    };
    const failed = await append(`billing-invoice-${invoice}`, 'BillingInvoicePaymentFailed', data);
    const n = await notificationAppears(app, admin, 'invoice_payment_failed', (x) => x.data.invoice_id === invoice);
    expect(n).to.include({ severity: 'error', vendor_id: v.vendorId, link: `/api/v1/admin/subscriptions/${v.vendorId}` });
    expect(n.title).to.include('49.00 EUR');
    await handleAgain(app, notifyAdminsOnPaymentFailed, failed);
    await handleAgain(app, notifyAdminsOnPaymentFailed, failed);
    expect(await raisedUnder(app, `invoice_payment_failed:${invoice}:1`)).to.have.length(1);

    // The provider's next attempt failing is news.
    await append(`billing-invoice-${invoice}`, 'BillingInvoicePaymentFailed', { ...data, attempt_count: 2 });
    await notificationAppears(app, admin, 'invoice_payment_failed', (x) => x.data.invoice_id === invoice && x.data.attempt_count === 2);
    expect(
      (await listNotifications(app, admin, 'kind=invoice_payment_failed')).filter((x) => x.data.invoice_id === invoice),
    ).to.have.length(2);
  });

  it('raises one warning when a subscription becomes past_due, and nothing for other changes', async () => {
    const put = (body: object) => app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body });
    expect((await put({ status: 'active' })).status).to.equal(200);
    expect((await put({ status: 'past_due' })).status).to.equal(200);
    const n = await notificationAppears(app, admin, 'subscription_past_due', (x) => x.vendor_id === v.vendorId);
    expect(n).to.include({ severity: 'warning', link: `/api/v1/admin/subscriptions/${v.vendorId}` });
    const changes = (await app.services.store.readStream(`subscription-${v.vendorId}`)).filter(
      (e) => e.type === 'VendorSubscriptionChanged',
    );
    for (const e of changes) await handleAgain(app, notifyAdminsOnPaymentFailed, e);
    const pastDue = changes.filter((e) => e.data.changes.status === 'past_due');
    expect(pastDue).to.have.length(1);
    expect(await raisedUnder(app, `subscription_past_due:${v.vendorId}:${pastDue[0].id}`)).to.have.length(1);
    expect((await listNotifications(app, admin, 'kind=subscription_past_due')).filter((x) => x.vendor_id === v.vendorId)).to.have.length(1);
  });

  it('raises one notice per vendor and trial end when a trial is ending', async () => {
    const trialEnd = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ending = await append(`billing-subscription-${v.vendorId}`, 'SubscriptionTrialEnding', {
      vendor_id: v.vendorId,
      trial_end: trialEnd,
      at: new Date().toISOString(),
    });
    const n = await notificationAppears(app, admin, 'trial_ending', (x) => x.vendor_id === v.vendorId);
    expect(n).to.include({ severity: 'info' });
    expect(n.title).to.include(trialEnd.slice(0, 10));
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    expect(await raisedUnder(app, `trial_ending:${v.vendorId}:${trialEnd}`)).to.have.length(1);
  });
});
