import type { LiveSignup } from '../../../commands/signup/signup.ts';
import { SignupCardNotConfirmedException } from '../../../commands/signup/errors.ts';
import { stripeCall } from '../../adapters/stripeBilling.ts';
import type { StripeClient } from '../../adapters/stripe.ts';
import { BillingNotConfiguredException } from '../../../commands/billing/errors.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * The card step at Stripe (SPEC.md part 8: the card is collected at signup for the trial). The
 * service opens a SetupIntent for a customer of the signup; the visitor's browser confirms it with
 * Stripe.js (`stripe.confirmCardSetup(client_secret, { payment_method: { card } })`), so the card
 * number never reaches this service; the service then reads the confirmed intent back from Stripe
 * (never trusting the browser's word) for the saved payment method.
 */
export function stripeFor(services: Services): StripeClient {
  if (!services.stripe) throw new BillingNotConfiguredException('Card collection needs Stripe: STRIPE_SECRET_KEY is not set');
  return services.stripe;
}

export interface OpenedSetup {
  stripe_customer_id: string;
  setup_intent_id: string;
  client_secret: string;
  reused: boolean;
}

/** The signup's open SetupIntent again, or a new one (with the signup's customer, made once). */
export async function openSetupIntent(services: Services, s: LiveSignup): Promise<OpenedSetup> {
  const stripe = stripeFor(services);
  if (s.card && !s.card.confirmed) {
    const known = await stripeCall('read the SetupIntent', () => stripe.setupIntents.retrieve(s.card!.setup_intent_id));
    if (known.status !== 'canceled' && known.status !== 'succeeded' && known.client_secret) {
      return { stripe_customer_id: s.card.stripe_customer_id, setup_intent_id: known.id, client_secret: known.client_secret, reused: true };
    }
  }
  const metadata = { signup_id: s.id };
  const customer =
    s.card?.stripe_customer_id ??
    (
      await stripeCall('create the customer', () =>
        stripe.customers.create(
          { metadata, ...(s.account && { email: s.account.email }), ...(s.company && { name: s.company.name }) },
          { idempotencyKey: `signup-${s.id}:customer` },
        ),
      )
    ).id;
  const intent = await stripeCall('open a SetupIntent', () =>
    stripe.setupIntents.create(
      { customer, usage: 'off_session', payment_method_types: ['card'], metadata },
      { idempotencyKey: `signup-${s.id}:setup-intent:${s.card?.setup_intent_id ?? 'first'}` },
    ),
  );
  return { stripe_customer_id: customer, setup_intent_id: intent.id, client_secret: intent.client_secret!, reused: false };
}

/** What Stripe says of the SetupIntent: succeeded with a card, or a refusal naming its status. */
export async function confirmedCard(services: Services, setupIntentId: string) {
  const stripe = stripeFor(services);
  const intent = await stripeCall('read the SetupIntent', () => stripe.setupIntents.retrieve(setupIntentId));
  const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (intent.status !== 'succeeded' || !pmId) {
    throw new SignupCardNotConfirmedException(`Stripe has not confirmed the card yet (SetupIntent ${intent.status})`, {
      setup_intent_status: intent.status,
      card_error: intent.last_setup_error?.message ?? null,
    });
  }
  const pm = await stripeCall('read the payment method', () => stripe.paymentMethods.retrieve(pmId));
  return { payment_method_id: pmId, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null };
}
