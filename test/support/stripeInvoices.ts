import { addInterval, list, newId, StripeError, type Obj, type StripeState } from './stripeState.ts';

/**
 * Invoices of the local Stripe server: the preview of the next one (what
 * `invoices.createPreview` and the older `invoices.retrieveUpcoming` answer), and the invoice of a
 * period Stripe bills (`billPeriod`), paid or failed, which rolls the subscription forward.
 */
/** The next invoice: pending prorations, then the next period of every item. */
export function upcomingInvoice(state: StripeState, p: Obj): Obj {
  const customer = state.get(
    state.customers,
    p.customer ?? state.subscriptions.get(p.subscription)?.customer ?? '',
    'customer',
    'customer',
  );
  const sub = p.subscription
    ? state.get(state.subscriptions, p.subscription, 'subscription', 'subscription')
    : [...state.subscriptions.values()].find((s) => s.customer === customer.id && s.status !== 'canceled');
  if (!sub || sub.status === 'canceled')
    throw new StripeError(404, 'invalid_request_error', `No upcoming invoices for customer: ${customer.id}`, 'invoice_upcoming_none');
  const start = sub.current_period_end;
  const end = addInterval(start, sub.items.data[0].price.recurring.interval);
  const lines = [...state.invoiceItems.values()]
    .filter((ii) => ii.customer === customer.id && ii.invoice === null)
    .map((ii) => ({
      id: `il_${ii.id}`,
      object: 'line_item',
      type: 'invoiceitem',
      invoice_item: ii.id,
      amount: ii.amount,
      currency: ii.currency,
      description: ii.description,
      period: ii.period,
      proration: true,
      quantity: ii.quantity,
      price: ii.price,
      subscription: sub.id,
      metadata: {},
    }));
  for (const item of sub.items.data) {
    lines.push({
      id: `il_${item.id}`,
      object: 'line_item',
      type: 'subscription',
      invoice_item: null,
      amount: item.price.unit_amount * item.quantity,
      currency: item.price.currency,
      description: `${item.quantity} × ${item.price.product_name ?? item.price.id}`,
      period: { start, end },
      proration: false,
      quantity: item.quantity,
      price: item.price,
      subscription: sub.id,
      metadata: item.metadata,
    } as any);
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    id: null,
    object: 'invoice',
    customer: customer.id,
    subscription: sub.id,
    status: 'draft',
    currency: sub.currency,
    livemode: false,
    amount_due: Math.max(0, total),
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    subtotal: total,
    total,
    starting_balance: 0,
    period_start: sub.current_period_start,
    period_end: start,
    next_payment_attempt: start,
    created: state.now(),
    lines: list(lines, `/v1/invoices/upcoming/lines?customer=${customer.id}`),
  };
}

/**
 * Stripe bills the subscription's next period now: the preview becomes a finalized invoice
 * (pending prorations included), paid or failed, and the subscription's period rolls forward
 * (a paid trial converts to active; a failure leaves it past due).
 */
export function billPeriod(state: StripeState, subscriptionId: string, baseUrl: string, options: { paid?: boolean } = {}): Obj {
  const paid = options.paid ?? true;
  const sub = state.get(state.subscriptions, subscriptionId, 'subscription');
  const preview = upcomingInvoice(state, { subscription: sub.id });
  const id = newId('in');
  const now = state.now();
  const lines = preview.lines.data.filter((l: Obj) => !l.proration);
  const period = lines[0]?.period ?? { start: sub.current_period_end, end: addInterval(sub.current_period_end, 'month') };
  const invoice = {
    ...preview,
    id,
    number: `LOCAL-${String(state.invoices.size + 1).padStart(4, '0')}`,
    status: paid ? 'paid' : 'open',
    created: now,
    amount_paid: paid ? preview.amount_due : 0,
    amount_remaining: paid ? 0 : preview.amount_due,
    attempted: true,
    attempt_count: 1,
    paid,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: `${baseUrl}/invoices/${id}`,
    invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
    period_start: period.start,
    period_end: period.end,
    next_payment_attempt: paid ? null : now + 3 * 86_400,
    status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    subscription_details: { metadata: sub.metadata },
    metadata: {},
    lines: { ...preview.lines, url: `/v1/invoices/${id}/lines` },
  };
  state.invoices.set(id, invoice);
  for (const ii of state.invoiceItems.values()) if (ii.customer === sub.customer && ii.invoice === null) ii.invoice = id;
  Object.assign(sub, { current_period_start: period.start, current_period_end: period.end, latest_invoice: id });
  if (paid && (sub.status === 'trialing' || sub.status === 'past_due' || sub.status === 'incomplete')) sub.status = 'active';
  if (!paid) sub.status = 'past_due';
  return invoice;
}

export function listInvoices(state: StripeState, p: Obj): Obj {
  const data = [...state.invoices.values()]
    .filter(
      (i) =>
        (!p.customer || i.customer === p.customer) &&
        (!p.subscription || i.subscription === p.subscription) &&
        (!p.status || i.status === p.status),
    )
    .sort((a, b) => b.created - a.created);
  return list(data.slice(0, Number(p.limit ?? 10)), '/v1/invoices');
}

export function getInvoice(state: StripeState, id: string): Obj {
  if (!state.invoices.has(id)) throw new StripeError(404, 'invalid_request_error', `No such invoice: '${id}'`, 'resource_missing', 'id');
  return state.invoices.get(id)!;
}
