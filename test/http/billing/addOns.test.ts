import { expect } from 'chai';
import { recordAddOnPurchase } from '../../../commands/billing/handlers.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';
import { eventually } from '../../support/eventually.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * SPEC.md 4.2 add-on purchase and cancel: the purchase goes through Stripe Checkout, the add-on
 * counts from the moment Stripe reports the payment (the webhook records it with
 * recordAddOnPurchase), and what it adds is in the limits at once.
 */
describe('vendor billing: add-ons', () => {
  let app: TestApp;
  let v: VendorFixture;
  before(async function () {
    this.timeout(60_000); // the shared test app may still be starting
    app = await testApp();
    v = await subscribedVendor(app, { status: 'active', custom_limits: { products: 1 } });
    await billingAccountOf(app, v.vendorId);
  });

  const call = (method: string, path: string, body?: unknown, token = v.ownerToken) =>
    app.call(method, `/api/v1/vendor${path}`, { token, body });
  const createProduct = (title: string) =>
    call('POST', '/products', { vendor_sku: unique('AO'), price_cents: 1000, translations: { en: { title } } });
  /** What the webhook does on checkout.session.completed. */
  const recordFromSession = async (session: any) => {
    const done = await recordAddOnPurchase(
      app.services.store,
      {
        vendor_id: Number(session.metadata.vendor_id),
        add_on_code: session.metadata.add_on_code,
        quantity: Number(session.metadata.quantity),
        stripe_ref: session.id,
        at: app.clock.now().toISOString(),
      },
      { userId: 'system:stripe-webhook', correlationId: session.id, causationId: session.id },
    );
    await app.services.settle([done]);
    return done;
  };
  let addOnId: string;

  it('lists the catalogue and no active add-on at first', async () => {
    const res = await call('GET', '/billing/add-ons');
    expect(res.status).to.equal(200);
    expect(res.body.catalogue.map((a: any) => a.code)).to.include.members([
      'extra_products_500',
      'extra_orders_1000',
      'extra_seat',
      'custom_domain',
    ]);
    expect(res.body.active).to.deep.equal([]);
  });

  it('refuses the product past the limit with a hint naming both the next tier and the add-on', async () => {
    expect((await createProduct('First')).status).to.equal(201);
    const refused = await createProduct('Second');
    expect(refused.status).to.equal(403);
    expect(refused.body.add_on).to.deep.equal({
      add_on_code: 'extra_products_500',
      name: '500 extra products',
      adds: 500,
      price_monthly_cents: 1500,
    });
    expect(refused.body.upgrade.note).to.match(/Professional.*extra_products_500/);
  });

  it('opens a Stripe Checkout session for the purchase, tagged with what is bought (pending until paid)', async () => {
    const res = await call('POST', '/billing/add-ons/purchase', { add_on_code: 'extra_products_500', quantity: 1 });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body.status).to.equal('pending');
    expect(res.body.url).to.match(/^http/);
    const session = app.stripe.state.checkoutSessions.get(res.body.checkout_session_id)!;
    expect(session).to.include({ mode: 'payment', status: 'open', amount_total: 1500 });
    expect(session.metadata).to.deep.equal({ vendor_id: String(v.vendorId), add_on_code: 'extra_products_500', quantity: '1' });
    expect((await call('GET', '/billing/add-ons')).body.active).to.deep.equal([]);
    expect((await createProduct('Still refused')).status).to.equal(403);

    const emitted = await app.stripe.completeCheckout(session.id);
    expect(emitted.event.type).to.equal('checkout.session.completed');
    const first = await recordFromSession(emitted.event.data.object);
    const again = await recordFromSession(emitted.event.data.object);
    expect(again.add_on_id).to.equal(first.add_on_id);
    expect(again.events).to.deep.equal([]);
    addOnId = first.add_on_id;
  });

  it('counts the add-on at once: the refused product is created, usage shows the add-on', async () => {
    const active = (await call('GET', '/billing/add-ons')).body.active;
    expect(active).to.have.length(1);
    expect(active[0]).to.include({
      id: addOnId,
      add_on_code: 'extra_products_500',
      quantity: 1,
      status: 'active',
      price_monthly_cents: 1500,
    });
    expect((await createProduct('Allowed by the add-on')).status).to.equal(201);
    const usage = (await call('GET', '/usage')).body;
    expect(usage.products).to.include({ used: 2, limit: 501 });
    expect(usage.add_ons).to.deep.equal([
      { id: addOnId, add_on_code: 'extra_products_500', name: '500 extra products', quantity: 1, adds: { products: 500 } },
    ]);
  });

  it("adds the add-on to the vendor's Stripe subscription as an item", async () => {
    const account = await billingAccountOf(app, v.vendorId);
    const item = await eventually(
      async () =>
        app.stripe.state.subscriptions.get(account.stripe_subscription_id)!.items.data.find((i: any) => i.metadata.add_on_id === addOnId),
      'the add-on item',
    );
    expect(item).to.include({ quantity: 1 });
    expect(item.price).to.include({ lookup_key: 'addon_extra_products_500_month', unit_amount: 1500 });
  });

  it('cancels: Stripe removes the item with a prorated credit, and the limit is lowered at once', async () => {
    const account = await billingAccountOf(app, v.vendorId);
    const res = await call('POST', `/billing/add-ons/${addOnId}/cancel`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ id: addOnId, status: 'canceled' });
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    expect(sub.items.data.map((i: any) => i.price.lookup_key)).to.deep.equal(['tier_essential_month']);
    const credit = [...app.stripe.state.invoiceItems.values()].find(
      (ii) => ii.subscription === sub.id && ii.price.lookup_key === 'addon_extra_products_500_month',
    );
    expect(credit!.amount).to.be.below(0);
    expect((await call('GET', '/billing/add-ons')).body.active).to.deep.equal([]);
    expect((await createProduct('Over the limit again')).status).to.equal(403);
    expect((await call('GET', '/usage')).body.products.limit).to.equal(1);
  });

  it('refuses to cancel twice (409) and an unknown add-on (404)', async () => {
    const twice = await call('POST', `/billing/add-ons/${addOnId}/cancel`);
    expect(twice.status).to.equal(409);
    expect(twice.body.code).to.equal('InvalidTransitionException');
    const unknown = await call('POST', '/billing/add-ons/no-such-add-on/cancel');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('AddOnNotFoundException');
  });

  it("refuses an unknown add-on code (404) and a quantity above the add-on's maximum (400) before Stripe is asked", async () => {
    const before = app.stripe.state.checkoutSessions.size;
    expect((await call('POST', '/billing/add-ons/purchase', { add_on_code: 'unlimited_everything' })).body.code).to.equal(
      'AddOnNotFoundException',
    );
    const tooMany = await call('POST', '/billing/add-ons/purchase', { add_on_code: 'custom_domain', quantity: 2 });
    expect(tooMany.status).to.equal(400);
    expect(app.stripe.state.checkoutSessions.size).to.equal(before);
  });

  it("gives a capability add-on's feature to a tier that lacks it", async () => {
    const check = () => call('GET', '/features/check/custom_domain');
    expect((await check()).body.available).to.equal(false);
    const res = await call('POST', '/billing/add-ons/purchase', { add_on_code: 'custom_domain' });
    const emitted = await app.stripe.completeCheckout(res.body.checkout_session_id);
    await recordFromSession(emitted.event.data.object);
    expect((await check()).body).to.include({ available: true, current_tier: 'essential' });
  });
});
