import type Router from '@koa/router';
import Stripe from 'stripe';
import { BillingNotConfiguredException, WebhookSignatureException } from '../../../commands/billing/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { processStripeEvent } from '../../workers/billing/processStripeEvent.ts';
import { findInboxEvent, storeReceived, type StripeEventPayload } from '../../workers/billing/stripeWebhookInbox.ts';
import { Api } from '../api.ts';
import { WebhookReceipt } from '../schemas/billingWebhooks.ts';

/** Stripe's own default: a signature older than this is a replay of a captured delivery. */
const TOLERANCE_SECONDS = 300;

/** The webhook signing secret (STRIPE_WEBHOOK_SECRET); without it no event can be trusted. */
export function webhookSecret(services: Services): string | undefined {
  return services.config.stripe?.webhookSecret;
}

/**
 * Checks Stripe's signature over the raw body, as received (ctx.request.rawBody: src/http/app.ts
 * keeps it). A wrong signature, a changed body, or a timestamp outside Stripe's tolerance
 * (5 minutes) is refused and nothing is stored. The tolerance is measured on the wall clock, the
 * package's default: it guards against the replay of a captured delivery, and Stripe stamps a
 * delivery with the wall-clock time of sending, whatever business time the service's clock
 * (which tests move forward) says; the event's own `created` is what orders Stripe's facts.
 */
function verifiedEvent(services: Services, raw: unknown, signature: string | undefined): StripeEventPayload {
  const secret = webhookSecret(services);
  if (!secret)
    throw new BillingNotConfiguredException(
      'Stripe webhooks are not configured: the platform has no STRIPE_WEBHOOK_SECRET to verify them with',
    );
  if (typeof raw !== 'string' || raw === '' || !signature)
    throw new WebhookSignatureException('A Stripe webhook needs its JSON body and its Stripe-Signature header');
  let event: StripeEventPayload;
  try {
    // The SDK types every event of every API version; ours names the objects and fields this service reads (the signature is checked either way).
    event = Stripe.webhooks.constructEvent(raw, signature, secret, TOLERANCE_SECONDS) as unknown as StripeEventPayload;
  } catch (err) {
    throw new WebhookSignatureException(`The Stripe signature does not verify: ${(err as Error).message.split('\n')[0].slice(0, 200)}`);
  }
  if (
    typeof event?.id !== 'string' ||
    !/^[A-Za-z0-9_]{3,255}$/.test(event.id) ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  ) {
    throw new WebhookSignatureException('The signed body is not a Stripe event (id, type, created, data.object)');
  }
  return event;
}

/**
 * POST /api/v1/public/billing/stripe-webhook (SPEC.md part 6 items 1 and 2): Stripe's events,
 * verified, stored once in the inbox before anything is done, then handled. Once stored the answer
 * is 200 whatever the handling gave: a failed handling stays in the inbox with its error and is
 * retried (a redelivery of the id, the sync task, or an admin's replay); a redelivery of an event
 * already handled handles nothing again.
 */
export function publicStripeWebhookRoutes(services: Services): Router {
  const api = new Api(services, 'public');

  api.post(
    '/billing/stripe-webhook',
    {
      summary: 'Stripe webhook: verifies the signature, stores the event once by its id, handles it',
      description:
        'Signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature header over the raw body). Answers 200 once the event is stored; docs/billing.md "Webhooks".',
      bodyType: 'raw',
      rawTypes: ['application/json'],
      responses: { 200: WebhookReceipt },
      errors: [WebhookSignatureException, BillingNotConfiguredException],
    },
    async (ctx) => {
      const event = verifiedEvent(services, (ctx.request as { rawBody?: unknown }).rawBody, ctx.get('stripe-signature') || undefined);
      const stored = await storeReceived(services.db.knex, event, services.clock.now());
      const known = stored ? null : await findInboxEvent(services.db.knex, event.id);
      // A redelivery of an event handled (or being handled) already does nothing; one whose handling failed is tried again.
      const row = known && (known.handled_at || !known.error) ? known : await processStripeEvent(services, event.id);
      ctx.body = { id: event.id, type: event.type, duplicate: !stored, outcome: row?.outcome ?? null, error: row?.error ?? null };
    },
  );

  return api.router;
}
