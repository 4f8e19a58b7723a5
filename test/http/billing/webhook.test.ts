import { expect } from 'chai';
import { sql } from '../../../src/runtime/database.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import {
  deliver,
  postWebhook,
  signature,
  stripeEvent,
  stripeId,
  subscriptionObject,
  wallClock,
  webhookSecretOf,
} from '../../support/stripeWebhooks.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';

/**
 * The Stripe webhook's door (docs/billing.md "Webhooks"): only an event signed with the webhook
 * secret over the very bytes received, less than 5 minutes old, gets in; it is stored once by its
 * id before it is handled; a redelivery handles nothing again; an unknown kind is kept and acknowledged.
 */
describe('Stripe webhook: signature and inbox', function () {
  this.timeout(60_000);
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    webhookSecretOf(app);
  });

  /** A vendor in its trial, its Stripe account open (`subId`: its Stripe subscription). */
  async function trialingVendor() {
    const vendor = await subscribedVendor(app);
    return { ...vendor, subId: (await billingAccountOf(app, vendor.vendorId)).stripe_subscription_id as string };
  }

  const stored = async (id: string) => (await sql(app.services.db.knex, 'SELECT * FROM stripe_webhook_events WHERE id = $1', [id]))[0];
  const eventsCount = async () => Number((await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events'))[0].n);

  describe('refuses what Stripe did not sign, and stores nothing of it', () => {
    const payloadOf = (event: object) => JSON.stringify(event);

    const refusals: [string, (payload: string, secret: string) => { payload: string; header?: string }][] = [
      ['no Stripe-Signature header', (payload) => ({ payload })],
      ['an empty header', (payload) => ({ payload, header: '' })],
      ['garbage in the header', (payload) => ({ payload, header: 'not-a-signature' })],
      ['a signature made with another secret', (payload) => ({ payload, header: signature(payload, 'whsec_someone_else') })],
      ['a timestamp without a signature', (payload) => ({ payload, header: `t=${wallClock()}` })],
      ['a stale timestamp (10 minutes old)', (payload, secret) => ({ payload, header: signature(payload, secret, wallClock() - 600) })],
      [
        'a body changed after signing',
        (payload, secret) => ({
          payload: payload.replace('"created"', '"created" ').replace('1', '2'),
          header: signature(payload, secret),
        }),
      ],
      [
        'a body re-serialised after signing (whitespace)',
        (payload, secret) => ({ payload: JSON.stringify(JSON.parse(payload), null, 1), header: signature(payload, secret) }),
      ],
      ['the signature of another event', (payload, secret) => ({ payload, header: signature(payload.replace('evt_', 'evt_x'), secret) })],
      ['a v0 scheme signature only', (payload, secret) => ({ payload, header: signature(payload, secret).replace('v1=', 'v0=') })],
    ];

    for (const [label, build] of refusals) {
      it(`400 for ${label}`, async () => {
        const event = stripeEvent(app, 'customer.subscription.updated', subscriptionObject(app, 424242));
        const { payload, header } = build(payloadOf(event), webhookSecretOf(app));
        const before = await eventsCount();
        const res = await postWebhook(app, payload, header);
        expect(res.status).to.equal(400);
        expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
        expect(res.body.code).to.equal('WebhookSignatureException');
        expect(await stored(event.id)).to.equal(undefined);
        expect(await eventsCount()).to.equal(before);
      });
    }

    it('400 for a signed body that is not a Stripe event', async () => {
      const payload = JSON.stringify({ hello: 'world' });
      const res = await postWebhook(app, payload, signature(payload, webhookSecretOf(app)));
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('WebhookSignatureException');
    });

    it('never writes the secret or the signature into its answer or the log', async () => {
      const payload = payloadOf(stripeEvent(app, 'invoice.paid', {}));
      const header = signature(payload, 'whsec_someone_else');
      const res = await postWebhook(app, payload, header);
      expect(JSON.stringify(res.body)).not.to.include(webhookSecretOf(app));
      expect(JSON.stringify(res.body)).not.to.include(header.split('v1=')[1]);
      expect(app.logLines.join('\n')).not.to.include(webhookSecretOf(app));
    });
  });

  describe('stores a verified event once, before handling it', () => {
    it('acknowledges an unknown kind with 200, stores it and marks it ignored', async () => {
      const event = stripeEvent(app, 'charge.dispute.funds_withdrawn', { id: stripeId('dp'), object: 'dispute' });
      const res = await deliver(app, event);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ id: event.id, type: event.type, duplicate: false, outcome: 'ignored', error: null });
      const row = await stored(event.id);
      expect(row).to.include({ type: 'charge.dispute.funds_withdrawn', outcome: 'ignored', attempts: 1, error: null });
      expect(row.handled_at).to.not.equal(null);
      expect(row.payload).to.deep.equal(event);
    });

    it('handles a redelivery of the same id nothing again: 200, duplicate, the same single row and no new events', async () => {
      const { vendorId, subId } = await trialingVendor();
      const event = stripeEvent(app, 'customer.subscription.updated', subscriptionObject(app, vendorId, { id: subId, status: 'active' }));
      const first = await deliver(app, event);
      expect(first.status).to.equal(200);
      expect(first.body).to.include({ duplicate: false, outcome: 'handled' });
      const before = await eventsCount();
      // Stripe redelivers; each delivery is signed afresh. Ten of them, some at once.
      const again = await Promise.all(Array.from({ length: 10 }, () => deliver(app, event)));
      for (const r of again) expect(r.body).to.include({ duplicate: true });
      expect(again.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
      expect(await eventsCount()).to.equal(before);
      expect((await stored(event.id)).attempts).to.equal(1);
      const sub = await app.call('GET', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin });
      expect(sub.body.status).to.equal('active');
    });

    it('concurrent first deliveries of one id store one row and handle it once', async () => {
      const { vendorId, subId } = await trialingVendor();
      const event = stripeEvent(app, 'customer.subscription.updated', subscriptionObject(app, vendorId, { id: subId, status: 'active' }));
      const streamEvents = async () =>
        Number(
          (await sql(app.services.db.knex, 'SELECT count(*) AS n FROM events WHERE stream_id = $1', [`subscription-${vendorId}`]))[0].n,
        );
      const before = await streamEvents();
      const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(app, event)));
      expect(answers.map((r) => r.status)).to.deep.equal(Array(6).fill(200));
      expect(answers.filter((r) => !r.body.duplicate)).to.have.length(1);
      const rows = await sql(app.services.db.knex, 'SELECT attempts FROM stripe_webhook_events WHERE id = $1', [event.id]);
      expect(rows).to.have.length(1);
      expect((await streamEvents()) - before).to.equal(1);
    });

    it('keeps an event it could not handle with its error, answers 200, and handles it on the redelivery', async () => {
      // No vendor can be told for this subscription yet (no metadata, no billing account).
      const object = subscriptionObject(app, 0, { id: stripeId('sub'), customer: stripeId('cus'), metadata: {} });
      const event = stripeEvent(app, 'customer.subscription.updated', object);
      const res = await deliver(app, event);
      expect(res.status).to.equal(200);
      expect(res.body.outcome).to.equal(null);
      expect(res.body.error).to.match(/No vendor/);
      const row = await stored(event.id);
      expect(row.handled_at).to.equal(null);
      expect(row.error).to.match(/No vendor/);

      const failed = await app.call('GET', '/api/v1/admin/subscriptions/billing/webhook-events?status=failed&limit=100', { token: admin });
      expect(failed.body.items.map((e: any) => e.id)).to.include(event.id);

      // The redelivery finds the failure and tries again (here it fails again, one more attempt).
      const again = await deliver(app, event);
      expect(again.status).to.equal(200);
      expect(again.body).to.include({ duplicate: true });
      expect((await stored(event.id)).attempts).to.equal(2);
    });

    describe('replay from the inbox (admin)', () => {
      it('handles a stored event again, idempotently: the same state, no new events; the inbox shows it with its payload', async () => {
        const { vendorId, subId } = await trialingVendor();
        const event = stripeEvent(app, 'customer.subscription.updated', subscriptionObject(app, vendorId, { id: subId, status: 'active' }));
        expect((await deliver(app, event)).body.outcome).to.equal('handled');
        const before = await eventsCount();
        const replayed = await app.call('POST', `/api/v1/admin/subscriptions/billing/webhook-events/${event.id}/replay`, { token: admin });
        expect(replayed.status).to.equal(200);
        expect(replayed.body).to.include({ id: event.id, outcome: 'handled', attempts: 2, error: null, vendor_id: vendorId });
        expect(replayed.body.payload).to.deep.equal(event);
        expect(await eventsCount()).to.equal(before);
        const one = await app.call('GET', `/api/v1/admin/subscriptions/billing/webhook-events/${event.id}`, { token: admin });
        expect(one.body).to.deep.equal(replayed.body);
        const list = await app.call('GET', `/api/v1/admin/subscriptions/billing/webhook-events?vendor_id=${vendorId}&status=handled`, {
          token: admin,
        });
        expect(list.body.items.map((e: any) => e.id)).to.deep.equal([event.id]);
        expect(list.body.items[0]).to.not.have.property('payload');
      });

      it('404 for an id never received, 422 for one that is no Stripe id, 401 without an admin token', async () => {
        expect(
          (await app.call('POST', '/api/v1/admin/subscriptions/billing/webhook-events/evt_never_received/replay', { token: admin })).body
            .code,
        ).to.equal('WebhookEventNotFoundException');
        expect(
          (await app.call('POST', '/api/v1/admin/subscriptions/billing/webhook-events/evt%20x/replay', { token: admin })).status,
        ).to.equal(422);
        expect((await app.call('POST', '/api/v1/admin/subscriptions/billing/webhook-events/evt_x/replay')).status).to.equal(401);
      });
    });
  });
});
