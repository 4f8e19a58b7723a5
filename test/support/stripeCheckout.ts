import { randomBytes } from 'node:crypto';
import { newId, StripeError, type Obj, type StripeState } from './stripeState.ts';

/** Checkout sessions of the local Stripe server: the page a customer pays on (payment, subscription or setup mode). */
export function createCheckoutSession(state: StripeState, p: Obj, baseUrl: string): Obj {
  if (!['payment', 'subscription', 'setup'].includes(p.mode))
    throw new StripeError(400, 'invalid_request_error', 'Invalid mode: must be payment, setup or subscription', undefined, 'mode');
  if (p.customer) state.get(state.customers, p.customer, 'customer', 'customer');
  const lines: Obj[] = (p.line_items ?? []).map((l: Obj, n: number) => {
    const price = l.price ? state.get(state.prices, l.price, 'price', `line_items[${n}][price]`) : state.createPrice({ ...l.price_data });
    if ((p.mode === 'subscription') !== Boolean(price.recurring)) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `A ${p.mode} mode session needs ${p.mode === 'subscription' ? 'recurring' : 'one-time'} prices`,
        undefined,
        `line_items[${n}]`,
      );
    }
    return { price, quantity: Number(l.quantity ?? 1) };
  });
  if (p.mode !== 'setup' && lines.length === 0)
    throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items', 'parameter_missing', 'line_items');
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  const session = {
    id,
    object: 'checkout.session',
    created: state.now(),
    expires_at: state.now() + 86_400,
    livemode: false,
    mode: p.mode,
    customer: p.customer ?? null,
    client_reference_id: p.client_reference_id ?? null,
    metadata: p.metadata ?? {},
    status: 'open',
    payment_status: 'unpaid',
    currency: lines[0]?.price.currency ?? null,
    amount_subtotal: lines.reduce((s, l) => s + l.price.unit_amount * l.quantity, 0),
    amount_total: lines.reduce((s, l) => s + l.price.unit_amount * l.quantity, 0),
    success_url: p.success_url ?? null,
    cancel_url: p.cancel_url ?? null,
    url: `${baseUrl}/checkout/${id}`,
    subscription: null,
    payment_intent: null,
    subscription_data: p.subscription_data ?? null,
    line_items_held: lines,
  };
  state.checkoutSessions.set(id, session);
  return session;
}

/** The customer paid on the checkout page: a subscription mode session starts its subscription. */
export function completeCheckout(state: StripeState, id: string): Obj {
  const session = state.get(state.checkoutSessions, id, 'checkout session');
  if (session.status !== 'open') return session;
  Object.assign(session, { status: 'complete', payment_status: session.mode === 'setup' ? 'no_payment_required' : 'paid' });
  if (session.mode === 'payment') session.payment_intent = newId('pi');
  if (session.mode === 'subscription') {
    const sub = state.createSubscription({
      customer: session.customer ?? state.createCustomer({ metadata: session.metadata }).id,
      items: session.line_items_held.map((l: Obj) => ({ price: l.price.id, quantity: l.quantity })),
      metadata: session.subscription_data?.metadata ?? session.metadata,
    });
    session.subscription = sub.id;
  }
  return session;
}
