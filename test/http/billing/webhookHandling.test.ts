import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';
import { deliver, invoiceObject, stripeEvent, stripeId, subscriptionObject, unix } from '../../support/stripeWebhooks.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * What each kind of Stripe event does, seen through the API (docs/billing.md "Webhooks"), and the
 * ordering rules: Stripe delivers in any order, so an older view of a subscription changes nothing,
 * a paid invoice stays paid, and delivering a history twice, or shuffled, ends in the same state.
 */
describe('Stripe webhook: the kinds handled, in any order', function () {
  this.timeout(60_000);
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  const subscription = async (vendorId: number) =>
    (await app.call('GET', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin })).body;
  const history = async (vendor: VendorFixture) =>
    (await app.call('GET', '/api/v1/vendor/billing/history', { token: vendor.ownerToken })).body;
  const stream = async (name: string) =>
    (await app.call('GET', `/api/v1/admin/events/streams/${name}?limit=100`, { token: admin })).body.items ?? [];
  const iso = (s: number) => new Date(s * 1000).toISOString();

  /** A vendor on Essential with its Stripe account open; `subId` is its Stripe subscription. */
  async function vendorOn(status: string) {
    const vendor = await subscribedVendor(app, { status });
    return { ...vendor, subId: (await billingAccountOf(app, vendor.vendorId)).stripe_subscription_id as string };
  }

  describe('customer.subscription.*', () => {
    it("updated: a trial that converts becomes active with Stripe's period", async () => {
      const vendor = await vendorOn('trialing');
      const start = unix(app) + 3600;
      const res = await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, {
            id: vendor.subId,
            status: 'active',
            current_period_start: start,
            current_period_end: start + 30 * 86400,
          }),
        ),
      );
      expect(res.body).to.include({ outcome: 'handled', error: null });
      const sub = await subscription(vendor.vendorId);
      expect(sub).to.include({ status: 'active', current_period_start: iso(start), current_period_end: iso(start + 30 * 86400) });
    });

    it("updated: Stripe's tier (metadata.tier_code) moves the vendor to it", async () => {
      const vendor = await vendorOn('active');
      await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, {
            id: vendor.subId,
            status: 'active',
            metadata: { vendor_id: String(vendor.vendorId), tier_code: 'business' },
          }),
        ),
      );
      expect((await subscription(vendor.vendorId)).tier_code).to.equal('business');
      const plan = await app.call('GET', '/api/v1/vendor/features/available', { token: vendor.ownerToken });
      expect(plan.body.plan).to.include({ tier_code: 'business', source: 'subscription' });
    });

    it('updated: a yearly price at Stripe (recurring.interval "year") makes the record yearly, a monthly one monthly again', async () => {
      const vendor = await vendorOn('active');
      expect(await subscription(vendor.vendorId)).to.include({ billing_interval: 'month' });
      const item = (lookup: string, interval: string) => ({
        object: 'list',
        data: [
          {
            id: `si_v${vendor.vendorId}`,
            price: { id: stripeId('price'), lookup_key: lookup, metadata: {}, recurring: { interval, interval_count: 1 } },
          },
        ],
      });
      const t = unix(app);
      const yearly = await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'active', items: item('tier_business_year', 'year') }),
          { created: t },
        ),
      );
      expect(yearly.body).to.include({ outcome: 'handled', error: null });
      expect(await subscription(vendor.vendorId)).to.include({ tier_code: 'business', billing_interval: 'year' });
      await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'active', items: item('tier_business_month', 'month') }),
          { created: t + 1 },
        ),
      );
      expect(await subscription(vendor.vendorId)).to.include({ tier_code: 'business', billing_interval: 'month' });
    });

    it("an event of another subscription of the vendor's customer is stored and ignored", async () => {
      const vendor = await vendorOn('active');
      const res = await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.deleted',
          subscriptionObject(app, vendor.vendorId, { id: stripeId('sub'), status: 'canceled' }),
        ),
      );
      expect(res.body.outcome).to.equal('ignored');
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
    });

    it("deleted: the subscription is canceled and the vendor falls to the platform's default tier", async () => {
      const vendor = await vendorOn('active');
      const res = await deliver(
        app,
        stripeEvent(
          app,
          'customer.subscription.deleted',
          subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'canceled' }),
        ),
      );
      expect(res.body.outcome).to.equal('handled');
      expect((await subscription(vendor.vendorId)).status).to.equal('canceled');
      const plan = await app.call('GET', '/api/v1/vendor/features/available', { token: vendor.ownerToken });
      expect(plan.body.plan.source).to.equal('default_tier');
    });

    it('an update older than the last one applied changes nothing (superseded)', async () => {
      const vendor = await vendorOn('active');
      const t = unix(app);
      const newer = stripeEvent(
        app,
        'customer.subscription.deleted',
        subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'canceled' }),
        { created: t },
      );
      const older = stripeEvent(
        app,
        'customer.subscription.updated',
        subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'past_due' }),
        { created: t - 120 },
      );
      expect((await deliver(app, newer)).body.outcome).to.equal('handled');
      const late = await deliver(app, older);
      expect(late.status).to.equal(200);
      expect(late.body.outcome).to.equal('superseded');
      expect((await subscription(vendor.vendorId)).status).to.equal('canceled');
    });

    it('trial_will_end: SubscriptionTrialEnding is recorded once per trial end, however often Stripe says it', async () => {
      const vendor = await vendorOn('trialing');
      const trialEnd = unix(app) + 3 * 86400;
      const object = subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status: 'trialing', trial_end: trialEnd });
      for (let i = 0; i < 3; i++)
        expect((await deliver(app, stripeEvent(app, 'customer.subscription.trial_will_end', object))).body.outcome).to.equal('handled');
      const events = (await stream(`billing-subscription-${vendor.vendorId}`)).filter((e: any) => e.type === 'SubscriptionTrialEnding');
      expect(events).to.have.length(1);
      expect(events[0].data).to.include({ vendor_id: vendor.vendorId, trial_end: iso(trialEnd) });
    });
  });

  describe('invoice.*', () => {
    it('payment_failed: the vendor is past due and the failed invoice is in its history; invoice.paid then makes it active again', async () => {
      const vendor = await vendorOn('active');
      const invoice = invoiceObject(app, vendor.vendorId, { subscription: vendor.subId, status: 'open', amount_paid: 0, attempt_count: 1 });
      const failed = await deliver(app, stripeEvent(app, 'invoice.payment_failed', invoice));
      expect(failed.body).to.include({ outcome: 'handled', error: null });
      expect((await subscription(vendor.vendorId)).status).to.equal('past_due');
      const entry = (await history(vendor)).items.find((i: any) => i.invoice_id === invoice.id);
      expect(entry).to.include({
        status: 'failed',
        amount_cents: 2900,
        attempt_count: 1,
        currency: 'EUR',
        hosted_invoice_url: invoice.hosted_invoice_url,
        paid_at: null,
      });
      const events = await stream(`billing-invoice-${invoice.id}`);
      expect(events.map((e: any) => e.type)).to.deep.equal(['BillingInvoicePaymentFailed']);
      expect(events[0].data).to.include({ vendor_id: vendor.vendorId, invoice_id: invoice.id, amount_due_cents: 2900, attempt_count: 1 });

      const paid = await deliver(
        app,
        stripeEvent(app, 'invoice.paid', { ...invoice, status: 'paid', amount_paid: 2900, attempt_count: 2 }),
      );
      expect(paid.body.outcome).to.equal('handled');
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
      const after = (await history(vendor)).items.find((i: any) => i.invoice_id === invoice.id);
      expect(after).to.include({
        status: 'paid',
        amount_cents: 2900,
        invoice_pdf: invoice.invoice_pdf,
        hosted_invoice_url: invoice.hosted_invoice_url,
        number: invoice.number,
      });
      expect(after.paid_at).to.be.a('string');
    });

    it('an invoice.paid delivered before the payment_failed of the same invoice leaves it paid and the vendor active', async () => {
      const vendor = await vendorOn('active');
      const invoice = invoiceObject(app, vendor.vendorId, { subscription: vendor.subId });
      const t = unix(app);
      const failedEvent = stripeEvent(app, 'invoice.payment_failed', { ...invoice, status: 'open', amount_paid: 0 }, { created: t - 60 });
      const paidEvent = stripeEvent(app, 'invoice.paid', invoice, { created: t });
      expect((await deliver(app, paidEvent)).body.outcome).to.equal('handled');
      const late = await deliver(app, failedEvent);
      expect(late.body.outcome).to.equal('superseded');
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
      expect((await history(vendor)).items.find((i: any) => i.invoice_id === invoice.id).status).to.equal('paid');
      expect((await stream(`billing-invoice-${invoice.id}`)).map((e: any) => e.type)).to.deep.equal(['BillingInvoicePaid']);
    });

    it("a one-off invoice that fails (no subscription: an add-on's checkout) is in the history but leaves the plan active", async () => {
      const vendor = await vendorOn('active');
      const invoice = invoiceObject(app, vendor.vendorId, { subscription: null, billing_reason: 'manual', status: 'open', amount_paid: 0 });
      expect((await deliver(app, stripeEvent(app, 'invoice.payment_failed', invoice))).body.outcome).to.equal('handled');
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
      expect((await history(vendor)).items.find((i: any) => i.invoice_id === invoice.id).status).to.equal('failed');
    });

    it('a paid invoice of an active vendor is only a history entry (a renewal says nothing new of the status)', async () => {
      const vendor = await vendorOn('trialing');
      const invoice = invoiceObject(app, vendor.vendorId, {
        subscription: vendor.subId,
        amount_paid: 0,
        amount_due: 0,
        billing_reason: 'subscription_create',
      });
      expect((await deliver(app, stripeEvent(app, 'invoice.paid', invoice))).body.outcome).to.equal('handled');
      expect((await subscription(vendor.vendorId)).status).to.equal('trialing');
      expect((await history(vendor)).items.map((i: any) => i.invoice_id)).to.deep.equal([invoice.id]);
    });
  });

  describe('a period billed by the local Stripe server', () => {
    it("failed: the vendor is past due with Stripe's new period; the next period paid: active again, both invoices in the history", async () => {
      const vendor = await vendorOn('active');
      const failed = await app.stripe.billPeriod(vendor.subId, { paid: false });
      expect(failed.webhooks.map((w) => [w.status, JSON.parse(w.body).outcome])).to.deep.equal([
        [200, 'handled'],
        [200, 'handled'],
      ]);
      const sub = app.stripe.state.subscriptions.get(vendor.subId)!;
      expect(await subscription(vendor.vendorId)).to.include({
        status: 'past_due',
        current_period_start: iso(sub.current_period_start),
        current_period_end: iso(sub.current_period_end),
      });
      const paid = await app.stripe.billPeriod(vendor.subId, { paid: true });
      expect(paid.webhooks.every((w) => w.status === 200)).to.equal(true);
      expect((await subscription(vendor.vendorId)).status).to.equal('active');
      const items = (await history(vendor)).items;
      expect(items.map((i: any) => [i.invoice_id, i.status])).to.deep.equal([
        [paid.invoice.id, 'paid'],
        [failed.invoice.id, 'failed'],
      ]);
      expect(items[0]).to.include({
        number: paid.invoice.number,
        invoice_pdf: paid.invoice.invoice_pdf,
        amount_cents: paid.invoice.amount_paid,
      });
    });
  });

  describe('checkout.session.completed, payment_method.attached, customer.updated', () => {
    it('a paid add-on checkout records the add-on once, however often Stripe reports it', async () => {
      const vendor = await subscribedVendor(app, { status: 'active' });
      await billingAccountOf(app, vendor.vendorId);
      const checkout = await app.call('POST', '/api/v1/vendor/billing/add-ons/purchase', {
        token: vendor.ownerToken,
        body: { add_on_code: 'extra_products_500', quantity: 2 },
      });
      expect(checkout.status).to.equal(202);
      const emitted = await app.stripe.completeCheckout(checkout.body.checkout_session_id);
      expect(emitted.status).to.equal(200);
      expect(JSON.parse(emitted.body)).to.include({ outcome: 'handled', error: null });
      const again = await app.stripe.emitWebhook('checkout.session.completed', emitted.event.data.object);
      expect(JSON.parse(again.body).outcome).to.equal('handled');
      await deliver(app, emitted.event as any);
      const addOns = await app.call('GET', '/api/v1/vendor/billing/add-ons', { token: vendor.ownerToken });
      expect(addOns.body.active.map((a: any) => [a.add_on_code, a.quantity])).to.deep.equal([['extra_products_500', 2]]);
    });

    it("a checkout that is not an add-on's, or not paid, is stored and ignored", async () => {
      const vendor = await vendorOn('active');
      const unpaid = {
        id: stripeId('cs'),
        object: 'checkout.session',
        payment_status: 'unpaid',
        metadata: { vendor_id: String(vendor.vendorId), add_on_code: 'extra_seat', quantity: '1' },
      };
      expect((await deliver(app, stripeEvent(app, 'checkout.session.completed', unpaid))).body.outcome).to.equal('ignored');
      const other = {
        id: stripeId('cs'),
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { vendor_id: String(vendor.vendorId) },
      };
      expect((await deliver(app, stripeEvent(app, 'checkout.session.completed', other))).body.outcome).to.equal('ignored');
      const addOns = await app.call('GET', '/api/v1/vendor/billing/add-ons', { token: vendor.ownerToken });
      expect(addOns.body.active).to.deep.equal([]);
    });

    it('a card attached, then the default card removed, is what the billing account says', async () => {
      const vendor = await subscribedVendor(app);
      const account = await billingAccountOf(app, vendor.vendorId);
      const hasCard = async () =>
        (await app.services.db.knex('billing_accounts').where({ vendor_id: vendor.vendorId }).first())!.has_payment_method;
      const pm = app.stripe.attachCard(account.stripe_customer_id);
      await app.stripe.emitWebhook('payment_method.attached', pm);
      expect(await hasCard()).to.equal(true);
      const customer = app.stripe.state.customers.get(account.stripe_customer_id)!;
      await app.stripe.emitWebhook('customer.updated', {
        ...customer,
        invoice_settings: { ...customer.invoice_settings, default_payment_method: null },
      });
      expect(await hasCard()).to.equal(false);
      const events = (await stream(`billing-account-${vendor.vendorId}`)).filter((e: any) => e.type === 'BillingPaymentMethodChanged');
      expect(events.map((e: any) => e.data.has_payment_method)).to.deep.equal([true, false]);
    });
  });

  describe('several events of one vendor at once', () => {
    it('are all handled (a write conflict is decided again), the newest view winning', async () => {
      // Several rounds, each newer than the last: an older view that is applied after a newer one
      // found nothing to change must not stay (it did, now and then, with one round of four).
      const vendor = await vendorOn('active');
      const t = unix(app);
      for (let round = 0; round < 4; round++) {
        const last = round % 2 === 0 ? 'active' : 'past_due';
        const statuses = ['past_due', 'active', 'past_due', 'active', 'past_due', last];
        const events = statuses.map((status, i) =>
          stripeEvent(app, 'customer.subscription.updated', subscriptionObject(app, vendor.vendorId, { id: vendor.subId, status }), {
            created: t + round * 10 + i,
          }),
        );
        const answers = await Promise.all(events.map((e) => deliver(app, e)));
        expect(answers.map((r) => r.status)).to.deep.equal(statuses.map(() => 200));
        expect(answers.every((r) => r.body.error === null)).to.equal(true);
        expect((await subscription(vendor.vendorId)).status, `round ${round}`).to.equal(last);
      }
    });
  });

  describe('a history delivered out of order and twice', () => {
    it('ends in the state of the newest facts, with each fact recorded once', async () => {
      const vendor = await vendorOn('trialing');
      const t = unix(app);
      const inv1 = invoiceObject(app, vendor.vendorId, { subscription: vendor.subId });
      const inv2 = invoiceObject(app, vendor.vendorId, { subscription: vendor.subId });
      const periodStart = t + 100;
      const facts = [
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, {
            id: vendor.subId,
            status: 'active',
            current_period_start: periodStart,
            current_period_end: periodStart + 30 * 86400,
          }),
          { created: t + 1 },
        ),
        stripeEvent(app, 'invoice.paid', inv1, { created: t + 2 }),
        stripeEvent(app, 'invoice.payment_failed', { ...inv2, status: 'open', amount_paid: 0 }, { created: t + 3 }),
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, {
            id: vendor.subId,
            status: 'past_due',
            current_period_start: periodStart,
            current_period_end: periodStart + 30 * 86400,
          }),
          { created: t + 4 },
        ),
        stripeEvent(app, 'invoice.paid', inv2, { created: t + 5 }),
        stripeEvent(
          app,
          'customer.subscription.updated',
          subscriptionObject(app, vendor.vendorId, {
            id: vendor.subId,
            status: 'active',
            current_period_start: periodStart,
            current_period_end: periodStart + 30 * 86400,
          }),
          { created: t + 6 },
        ),
      ];
      const shuffled = [facts[5], facts[2], facts[0], facts[4], facts[3], facts[1], facts[2], facts[5], facts[0]];
      for (const e of shuffled) expect((await deliver(app, e)).status).to.equal(200);
      const sub = await subscription(vendor.vendorId);
      expect(sub).to.include({
        status: 'active',
        current_period_start: iso(periodStart),
        current_period_end: iso(periodStart + 30 * 86400),
      });
      const items = (await history(vendor)).items;
      expect(items.map((i: any) => [i.invoice_id, i.status]).sort()).to.deep.equal(
        [
          [inv1.id, 'paid'],
          [inv2.id, 'paid'],
        ].sort(),
      );
      for (const inv of [inv1, inv2]) {
        expect((await stream(`billing-invoice-${inv.id}`)).filter((e: any) => e.type === 'BillingInvoicePaid')).to.have.length(1);
      }
      // Nothing lost: every fact is stored, each once.
      const inbox = await app.call('GET', `/api/v1/admin/subscriptions/billing/webhook-events?vendor_id=${vendor.vendorId}&limit=100`, {
        token: admin,
      });
      expect(inbox.body.items.map((e: any) => e.id).sort()).to.deep.equal(facts.map((e) => e.id).sort());
      expect(inbox.body.items.every((e: any) => e.handled_at && e.error === null && e.attempts === 1)).to.equal(true);
    });
  });
});
