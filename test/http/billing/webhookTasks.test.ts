import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { DAY, runScheduledTask } from '../../support/scheduledTasks.ts';
import { billingAccount } from '../../../commands/billing/billingAccount.ts';
import { handleCommand } from '../../../src/runtime/commandHandler.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';
import { deliver, stripeEvent, stripeId } from '../../support/stripeWebhooks.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The billing module's scheduled tasks (SPEC.md part 6 item 5; docs/billing.md "Scheduled tasks"):
 * trial expiration with and without a card on the service's clock, and the reconciliation with
 * Stripe repairing what a lost webhook left behind. Both run twice to show they are idempotent.
 */
describe('billing scheduled tasks', function () {
  this.timeout(90_000);
  let app: TestApp;
  let admin: string;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  const task = (name: string) => () => runScheduledTask(app, name);
  const subscription = async (vendorId: number) =>
    (await app.call('GET', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin })).body;
  const plan = async (v: VendorFixture) => (await app.call('GET', '/api/v1/vendor/features/available', { token: v.ownerToken })).body.plan;
  const eventsOf = async (stream: string) =>
    Number((await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events WHERE stream_id = $1', [stream]))[0].n);

  describe('trial expiration', () => {
    it("a trial past its end converts to active for a new period with a card, and expires to the platform's default tier without one", async () => {
      const withCard = await subscribedVendor(app);
      const withoutCard = await subscribedVendor(app);
      const byWebhook = await subscribedVendor(app);
      const carded = await billingAccountOf(app, withCard.vendorId);
      await billingAccountOf(app, withoutCard.vendorId);
      const hooked = await billingAccountOf(app, byWebhook.vendorId);
      // A card known to Stripe only (no webhook came), and a card the webhook told of.
      app.stripe.attachCard(carded.stripe_customer_id);
      const pm = app.stripe.attachCard(hooked.stripe_customer_id);
      const told = await app.stripe.emitWebhook('payment_method.attached', { ...pm, customer: hooked.stripe_customer_id });
      expect(told.status).to.equal(200);
      expect(
        (await app.services.db.knex('billing_accounts').where({ vendor_id: byWebhook.vendorId }).first())!.has_payment_method,
      ).to.equal(true);

      const trialEnd = (await subscription(withCard.vendorId)).current_period_end;
      // Before the end nothing changes.
      await task('expireTrials')();
      expect((await subscription(withCard.vendorId)).status).to.equal('trialing');

      app.clock.advance(31 * DAY);
      await task('expireTrials')();
      const converted = await subscription(withCard.vendorId);
      expect(converted).to.include({ status: 'active', current_period_start: trialEnd });
      expect(Date.parse(converted.current_period_end) - Date.parse(trialEnd)).to.equal(30 * DAY);
      expect((await subscription(byWebhook.vendorId)).status).to.equal('active');
      expect(await plan(withCard)).to.include({ source: 'subscription', tier_code: 'essential' });

      expect((await subscription(withoutCard.vendorId)).status).to.equal('expired');
      expect(await plan(withoutCard)).to.include({ source: 'default_tier' });

      // A second run finds nothing to do.
      const before = (await eventsOf(`subscription-${withCard.vendorId}`)) + (await eventsOf(`subscription-${withoutCard.vendorId}`));
      await task('expireTrials')();
      expect((await eventsOf(`subscription-${withCard.vendorId}`)) + (await eventsOf(`subscription-${withoutCard.vendorId}`))).to.equal(
        before,
      );
    });
  });

  describe('synchronisation with Stripe', () => {
    it("repairs a lost webhook: Stripe ended a trial and then canceled, nothing was told; the task brings the vendor to Stripe's state", async () => {
      const vendor = await subscribedVendor(app);
      const account = await billingAccountOf(app, vendor.vendorId);
      // At Stripe: the trial ends now and a card is on file, with no webhook sent.
      const sub = app.stripe.endTrial(account.stripe_subscription_id);
      app.stripe.attachCard(account.stripe_customer_id);
      expect((await subscription(vendor.vendorId)).status).to.equal('trialing');

      await task('syncWithStripe')();
      const synced = await subscription(vendor.vendorId);
      expect(synced).to.include({
        status: 'active',
        current_period_start: new Date(sub.current_period_start * 1000).toISOString(),
        current_period_end: new Date(sub.current_period_end * 1000).toISOString(),
      });
      expect((await app.services.db.knex('billing_accounts').where({ vendor_id: vendor.vendorId }).first())!.has_payment_method).to.equal(
        true,
      );

      // Agreeing with Stripe, a second run appends nothing.
      const count = await eventsOf(`subscription-${vendor.vendorId}`);
      await task('syncWithStripe')();
      expect(await eventsOf(`subscription-${vendor.vendorId}`)).to.equal(count);

      // Canceled at Stripe, the webhook lost.
      app.stripe.state.subscriptions.get(account.stripe_subscription_id)!.status = 'canceled';
      await task('syncWithStripe')();
      expect((await subscription(vendor.vendorId)).status).to.equal('canceled');
      expect(await plan(vendor)).to.include({ source: 'default_tier' });
    });

    it('repairs a lost change of interval: the tier item moved to a yearly price at Stripe, the task makes the record yearly', async () => {
      const vendor = await subscribedVendor(app, { status: 'active' });
      const account = await billingAccountOf(app, vendor.vendorId);
      const stripe = app.services.stripe!;
      const sub = await stripe.subscriptions.retrieve(account.stripe_subscription_id);
      if (sub.status === 'trialing') app.stripe.endTrial(sub.id);
      const price = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 29000,
        recurring: { interval: 'year' },
        lookup_key: 'tier_essential_year',
        transfer_lookup_key: true,
        product_data: { name: 'Essential (yearly)' },
      });
      await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0].id, price: price.id }], proration_behavior: 'none' });
      expect((await subscription(vendor.vendorId)).billing_interval).to.equal('month');

      await task('syncWithStripe')();
      expect(await subscription(vendor.vendorId)).to.include({ tier_code: 'essential', billing_interval: 'year' });
      const count = await eventsOf(`subscription-${vendor.vendorId}`);
      await task('syncWithStripe')();
      expect(await eventsOf(`subscription-${vendor.vendorId}`)).to.equal(count);
    });

    it('a webhook delivered after a reconciliation is still taken in (the reconciliation never makes it look stale)', async () => {
      const vendor = await subscribedVendor(app);
      const account = await billingAccountOf(app, vendor.vendorId);
      const sub = app.stripe.endTrial(account.stripe_subscription_id);
      await task('syncWithStripe')();
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
      sub.status = 'past_due';
      const told = await app.stripe.emitWebhook('customer.subscription.updated', sub);
      expect(JSON.parse(told.body)).to.include({ outcome: 'handled' });
      expect((await subscription(vendor.vendorId)).status).to.equal('past_due');
    });

    it('retries the stored events whose handling failed, once their vendor is known', async () => {
      // Stripe bills a customer whose billing account is not recorded yet (the account opening still on its way).
      const vendor = await createVendorWithOwner(app);
      const customer = app.stripe.state.createCustomer({});
      const price = app.stripe.state.createPrice({ unit_amount: 2900, currency: 'eur', recurring: { interval: 'month' } });
      const stripeSub = app.stripe.state.createSubscription({ customer: customer.id, items: [{ price: price.id }] });
      const invoice = {
        id: stripeId('in'),
        object: 'invoice',
        customer: customer.id,
        number: 'LATE-1',
        currency: 'eur',
        amount_paid: 2900,
        amount_due: 2900,
        status: 'paid',
        invoice_pdf: 'https://pay.stripe.test/late.pdf',
        hosted_invoice_url: 'https://invoice.stripe.test/late',
        lines: { data: [] },
      };
      const event = stripeEvent(app, 'invoice.paid', invoice);
      const first = await deliver(app, event);
      expect(first.status).to.equal(200);
      expect(first.body.error).to.match(/No vendor/);

      // The account is recorded afterwards; the next reconciliation handles the stored event.
      await app.services.settle([
        await handleCommand(
          app.services.store,
          billingAccount,
          vendor.vendorId,
          {
            type: 'OpenBillingAccount',
            data: {
              vendor_id: vendor.vendorId,
              stripe_customer_id: customer.id,
              stripe_subscription_id: stripeSub.id,
              at: app.clock.now().toISOString(),
            },
          },
          { userId: 'system:test', correlationId: 'late-account' },
        ),
      ]);
      await task('syncWithStripe')();
      const row = (await sql(app.services.db.knex, 'SELECT * FROM stripe_webhook_events WHERE id = $1', [event.id]))[0];
      expect(row).to.include({ outcome: 'handled', error: null, attempts: 2, vendor_id: vendor.vendorId });
      const history = await app.call('GET', '/api/v1/vendor/billing/history', { token: vendor.ownerToken });
      expect(history.body.items.map((i: any) => i.invoice_id)).to.deep.equal([invoice.id]);
    });
  });
});
