import { randomBytes } from 'node:crypto';
import { newId, StripeError, type Obj, type StripeState } from './stripeState.ts';

/**
 * SetupIntents of the local Stripe server (create, retrieve, confirm), as the service and Stripe.js
 * use them to save a card for later: the service creates one for a customer, the browser confirms
 * it with a card (Stripe.js's `confirmCardSetup`, here a test payment method such as `pm_card_visa`
 * or `pm_card_chargeDeclined`), and the service retrieves it to read the saved payment method.
 */
const DECLINED = 'pm_card_chargeDeclined';

export function createSetupIntent(state: StripeState, p: Obj): Obj {
  if (p.customer) state.get(state.customers, p.customer, 'customer', 'customer');
  const id = newId('seti');
  const intent = {
    id,
    object: 'setup_intent',
    created: state.now(),
    livemode: false,
    customer: p.customer ?? null,
    metadata: p.metadata ?? {},
    usage: p.usage ?? 'off_session',
    payment_method_types: p.payment_method_types ?? ['card'],
    status: 'requires_payment_method',
    payment_method: null,
    last_setup_error: null,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
  };
  state.setupIntents.set(id, intent);
  return intent;
}

/** Confirms with a test card: the payment method is made (or found), attached to the intent's customer, and the intent succeeds. */
export function confirmSetupIntent(state: StripeState, id: string, p: Obj): Obj {
  const intent = state.get(state.setupIntents, id, 'setup_intent');
  if (intent.status === 'succeeded')
    throw new StripeError(400, 'invalid_request_error', 'This SetupIntent has already succeeded', 'setup_intent_unexpected_state');
  const given = p.payment_method;
  if (!given)
    throw new StripeError(400, 'invalid_request_error', 'Missing required param: payment_method', 'parameter_missing', 'payment_method');
  if (given === DECLINED) {
    intent.last_setup_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    throw new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined', 'payment_method');
  }
  const pm = given.startsWith('pm_card_')
    ? state.createPaymentMethod()
    : state.get(state.paymentMethods, given, 'payment_method', 'payment_method');
  if (intent.customer) state.attachPaymentMethod(pm.id, { customer: intent.customer });
  Object.assign(intent, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
  return intent;
}
