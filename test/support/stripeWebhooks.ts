import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Reply, TestApp } from './app.ts';

/**
 * Stripe webhook deliveries built by hand, for the webhook's own specifications: an event of any
 * kind, signed with the real scheme (Stripe.webhooks.generateTestHeaderString) or deliberately
 * badly, posted as Stripe posts it (raw JSON body, Stripe-Signature header).
 */
export const WEBHOOK_PATH = '/api/v1/public/billing/stripe-webhook';

let counter = 0;
/** Now in Unix seconds on the service's clock (the local Stripe server follows it too). */
export const unix = (app: TestApp) => Math.floor(app.clock.now().getTime() / 1000);
export const stripeId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(4).toString('hex')}`;

export interface StripeEventOptions {
  id?: string;
  created?: number;
}

/** A Stripe event around `object`; `created` (Unix seconds) orders Stripe's facts. */
export function stripeEvent(app: TestApp, type: string, object: Record<string, unknown>, options: StripeEventOptions = {}) {
  return {
    id: options.id ?? stripeId('evt'),
    object: 'event',
    api_version: '2025-02-24.acacia',
    type,
    livemode: false,
    created: options.created ?? unix(app),
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export function webhookSecretOf(app: TestApp): string {
  const secret = app.services.config.stripe?.webhookSecret;
  if (!secret) throw new Error('the test app has no STRIPE_WEBHOOK_SECRET');
  return secret;
}

/** Stripe stamps a delivery with the wall-clock time of sending (the service checks it on the wall clock too). */
export const wallClock = () => Math.floor(Date.now() / 1000);

export function signature(payload: string, secret: string, timestamp = wallClock()) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts a raw body with a signature header (or none) to the webhook. */
export function postWebhook(app: TestApp, payload: string, header?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (header !== undefined) headers['stripe-signature'] = header;
  return app.call('POST', WEBHOOK_PATH, { raw: payload, headers });
}

/** Delivers an event signed as Stripe signs it. */
export function deliver(app: TestApp, event: ReturnType<typeof stripeEvent>): Promise<Reply> {
  const payload = JSON.stringify(event, null, 2);
  return postWebhook(app, payload, signature(payload, webhookSecretOf(app)));
}

/** A Stripe subscription object of a vendor (Unix seconds). */
export function subscriptionObject(app: TestApp, vendorId: number, over: Record<string, unknown> = {}) {
  const now = unix(app);
  return {
    id: `sub_v${vendorId}`,
    object: 'subscription',
    customer: `cus_v${vendorId}`,
    status: 'active',
    metadata: { vendor_id: String(vendorId) },
    current_period_start: now,
    current_period_end: now + 30 * 86400,
    trial_end: null,
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_v${vendorId}`,
          price: { id: 'price_essential_monthly', lookup_key: null, metadata: {}, recurring: { interval: 'month', interval_count: 1 } },
        },
      ],
    },
    ...over,
  };
}

/** A Stripe invoice object of a vendor's subscription. */
export function invoiceObject(app: TestApp, vendorId: number, over: Record<string, unknown> = {}) {
  const now = unix(app);
  const id = (over.id as string) ?? stripeId('in');
  return {
    id,
    object: 'invoice',
    customer: `cus_v${vendorId}`,
    subscription: `sub_v${vendorId}`,
    number: `INV-${id.slice(-6).toUpperCase()}`,
    status: 'paid',
    currency: 'eur',
    amount_due: 2900,
    amount_paid: 2900,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    period_start: now - 30 * 86400,
    period_end: now,
    lines: { object: 'list', data: [{ id: `il_${id}`, period: { start: now, end: now + 30 * 86400 }, amount: 2900 }] },
    subscription_details: { metadata: { vendor_id: String(vendorId) } },
    invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    ...over,
  };
}
