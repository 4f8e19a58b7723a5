import { randomBytes } from 'node:crypto';

/**
 * What the local Stripe server holds in memory, as Stripe-shaped objects (API version
 * 2025-02-24, the one stripe 17.7 speaks): customers, payment methods, prices, subscriptions
 * and their items, pending proration invoice items and checkout sessions. Times are unix seconds
 * of the server's clock (the test app's clock, so trials and prorations follow it).
 */
export type Obj = Record<string, any>;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, total_count: data.length, url });

export function addInterval(seconds: number, interval: string, count = 1): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else d.setUTCDate(d.getUTCDate() + count);
  return Math.floor(d.getTime() / 1000);
}

export class StripeState {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  /** Pending invoice items (prorations) waiting for the customer's next invoice. */
  readonly invoiceItems = new Map<string, Obj>();
  readonly checkoutSessions = new Map<string, Obj>();
  /** SetupIntents (stripeSetupIntents.ts): a card saved for later. */
  readonly setupIntents = new Map<string, Obj>();
  /** Invoices Stripe finalized (stripeInvoices.ts billPeriod). */
  readonly invoices = new Map<string, Obj>();

  constructor(private readonly clock: () => number) {}

  now(): number {
    return this.clock();
  }

  get<T extends Obj>(map: Map<string, T>, id: string, kind: string, param = 'id'): T {
    const found = map.get(id);
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
    return found;
  }

  createCustomer(p: Obj): Obj {
    const c = {
      id: newId('cus'),
      object: 'customer',
      created: this.now(),
      livemode: false,
      email: p.email ?? null,
      name: p.name ?? null,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      currency: null,
      invoice_settings: { default_payment_method: p.invoice_settings?.default_payment_method ?? null, custom_fields: null, footer: null },
    };
    this.customers.set(c.id, c);
    return c;
  }

  updateCustomer(id: string, p: Obj): Obj {
    const c = this.get(this.customers, id, 'customer');
    if (p.email !== undefined) c.email = p.email;
    if (p.name !== undefined) c.name = p.name;
    if (p.metadata) c.metadata = { ...c.metadata, ...p.metadata };
    const pm = p.invoice_settings?.default_payment_method;
    if (pm !== undefined) {
      if (pm && this.paymentMethods.get(pm)?.customer !== id) {
        throw new StripeError(
          400,
          'invalid_request_error',
          `The payment method '${pm}' is not attached to this customer`,
          'resource_missing',
          'invoice_settings[default_payment_method]',
        );
      }
      c.invoice_settings.default_payment_method = pm || null;
    }
    return c;
  }

  createPaymentMethod(): Obj {
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: this.now(),
      livemode: false,
      customer: null,
      metadata: {},
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date(this.now() * 1000).getUTCFullYear() + 3,
        country: 'LU',
        funding: 'credit',
      },
      billing_details: { name: null, email: null, address: null, phone: null },
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  attachPaymentMethod(id: string, p: Obj): Obj {
    const pm = this.get(this.paymentMethods, id, 'payment_method');
    this.get(this.customers, p.customer, 'customer', 'customer');
    pm.customer = p.customer;
    return pm;
  }

  createPrice(p: Obj): Obj {
    if (p.unit_amount === undefined || !p.currency)
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: unit_amount or currency', 'parameter_missing');
    if (p.lookup_key) {
      const holder = [...this.prices.values()].find((x) => x.lookup_key === p.lookup_key);
      if (holder && p.transfer_lookup_key !== 'true') {
        throw new StripeError(
          400,
          'invalid_request_error',
          `A price (${holder.id}) already uses the lookup key '${p.lookup_key}'`,
          'lookup_key_exists',
          'lookup_key',
        );
      }
      if (holder) holder.lookup_key = null;
    }
    let id = p.lookup_key ? `price_${p.lookup_key}` : newId('price');
    if (this.prices.has(id)) id = `${id}_${randomBytes(3).toString('hex')}`;
    const price = {
      id,
      object: 'price',
      active: true,
      created: this.now(),
      livemode: false,
      currency: String(p.currency).toLowerCase(),
      unit_amount: Number(p.unit_amount),
      lookup_key: p.lookup_key ?? null,
      metadata: p.metadata ?? {},
      nickname: p.nickname ?? null,
      product: p.product ?? newId('prod'),
      product_name: p.product_data?.name ?? null,
      recurring: p.recurring
        ? { interval: p.recurring.interval, interval_count: Number(p.recurring.interval_count ?? 1), usage_type: 'licensed' }
        : null,
      type: p.recurring ? 'recurring' : 'one_time',
      billing_scheme: 'per_unit',
    };
    this.prices.set(id, price);
    return price;
  }

  listSubscriptions(p: Obj): Obj {
    const data = [...this.subscriptions.values()].filter(
      (x) =>
        (!p.customer || x.customer === p.customer) && (p.status === 'all' || (p.status ? x.status === p.status : x.status !== 'canceled')),
    );
    return list(data, '/v1/subscriptions');
  }

  listPrices(p: Obj): Obj {
    const keys: string[] | undefined = p.lookup_keys;
    const data = [...this.prices.values()].filter(
      (x) => (!keys || keys.includes(x.lookup_key)) && (p.active === undefined || String(x.active) === p.active),
    );
    return list(data, '/v1/prices');
  }

  private recurringPrice(id: string, param: string): Obj {
    const price = this.get(this.prices, id, 'price', param);
    if (!price.recurring) throw new StripeError(400, 'invalid_request_error', `The price '${id}' is not recurring`, undefined, param);
    return price;
  }

  private item(subscription: Obj, p: Obj, param: string): Obj {
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: this.now(),
      subscription: subscription.id,
      price: this.recurringPrice(p.price, `${param}[price]`),
      quantity: Number(p.quantity ?? 1),
      metadata: p.metadata ?? {},
    };
  }

  createSubscription(p: Obj): Obj {
    const customer = this.get(this.customers, p.customer, 'customer', 'customer');
    const now = this.now();
    const sub: Obj = {
      id: newId('sub'),
      object: 'subscription',
      created: now,
      livemode: false,
      customer: customer.id,
      currency: 'eur',
      metadata: p.metadata ?? {},
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      default_payment_method: p.default_payment_method ?? null,
      trial_start: null,
      trial_end: null,
      start_date: now,
    };
    const items = (p.items ?? []).map((i: Obj, n: number) => this.item(sub, i, `items[${n}]`));
    if (items.length === 0)
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: items', 'parameter_missing', 'items');
    sub.items = list(items, `/v1/subscription_items?subscription=${sub.id}`);
    sub.currency = items[0].price.currency;
    const trialEnd = p.trial_end === undefined || p.trial_end === 'now' ? null : Number(p.trial_end);
    if (trialEnd !== null && trialEnd <= now)
      throw new StripeError(400, 'invalid_request_error', 'trial_end must be in the future', undefined, 'trial_end');
    if (trialEnd !== null)
      Object.assign(sub, {
        status: 'trialing',
        trial_start: now,
        trial_end: trialEnd,
        current_period_start: now,
        current_period_end: trialEnd,
      });
    else
      Object.assign(sub, {
        status: 'active',
        current_period_start: now,
        current_period_end: addInterval(now, items[0].price.recurring.interval),
      });
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** Stripe's proration: the unused share of the period credited, the remaining share of the new price charged. */
  private prorate(sub: Obj, price: Obj, quantity: number, sign: 1 | -1, at: number, description: string) {
    if (sub.status !== 'active' && sub.status !== 'past_due') return;
    const { current_period_start: s, current_period_end: e } = sub;
    if (at >= e) return;
    const amount = sign * Math.round((price.unit_amount * quantity * (e - Math.max(at, s))) / (e - s));
    const ii = {
      id: newId('ii'),
      object: 'invoiceitem',
      customer: sub.customer,
      subscription: sub.id,
      amount,
      currency: price.currency,
      description,
      date: at,
      period: { start: Math.max(at, s), end: e },
      proration: true,
      quantity,
      price,
      invoice: null,
      livemode: false,
    };
    this.invoiceItems.set(ii.id, ii);
  }

  private prorationAt(p: Obj) {
    return p.proration_date !== undefined ? Number(p.proration_date) : this.now();
  }
  private prorates(p: Obj) {
    return (p.proration_behavior ?? 'create_prorations') !== 'none';
  }

  updateSubscription(id: string, p: Obj): Obj {
    const sub = this.get(this.subscriptions, id, 'subscription');
    if (sub.status === 'canceled')
      throw new StripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its metadata',
        undefined,
        'subscription',
      );
    const at = this.prorationAt(p);
    for (const [n, change] of (p.items ?? []).entries()) {
      const existing = change.id ? sub.items.data.find((i: Obj) => i.id === change.id) : null;
      if (change.id && !existing)
        throw new StripeError(
          404,
          'invalid_request_error',
          `No such subscription item: '${change.id}'`,
          'resource_missing',
          `items[${n}][id]`,
        );
      if (existing && change.deleted === 'true') {
        if (this.prorates(p)) this.prorate(sub, existing.price, existing.quantity, -1, at, `Unused time on ${existing.price.id}`);
        sub.items.data = sub.items.data.filter((i: Obj) => i !== existing);
      } else if (existing) {
        const price = change.price ? this.recurringPrice(change.price, `items[${n}][price]`) : existing.price;
        const quantity = change.quantity !== undefined ? Number(change.quantity) : existing.quantity;
        if (this.prorates(p) && (price.id !== existing.price.id || quantity !== existing.quantity)) {
          this.prorate(sub, existing.price, existing.quantity, -1, at, `Unused time on ${existing.price.id}`);
          this.prorate(sub, price, quantity, 1, at, `Remaining time on ${price.id}`);
        }
        Object.assign(existing, { price, quantity, metadata: { ...existing.metadata, ...(change.metadata ?? {}) } });
      } else {
        const added = this.item(sub, change, `items[${n}]`);
        if (this.prorates(p)) this.prorate(sub, added.price, added.quantity, 1, at, `Remaining time on ${added.price.id}`);
        sub.items.data.push(added);
      }
    }
    sub.items.total_count = sub.items.data.length;
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
    if (p.default_payment_method !== undefined) sub.default_payment_method = p.default_payment_method || null;
    if (p.trial_end === 'now' && sub.status === 'trialing') this.endTrial(sub);
    return sub;
  }

  /** The trial is over: the first paid period starts now. */
  endTrial(sub: Obj): Obj {
    const now = this.now();
    Object.assign(sub, {
      status: 'active',
      trial_end: Math.min(sub.trial_end ?? now, now),
      current_period_start: now,
      current_period_end: addInterval(now, sub.items.data[0].price.recurring.interval),
    });
    return sub;
  }

  cancelSubscription(id: string): Obj {
    const sub = this.get(this.subscriptions, id, 'subscription');
    return Object.assign(sub, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() });
  }

  addSubscriptionItem(p: Obj): Obj {
    const sub = this.get(this.subscriptions, p.subscription, 'subscription', 'subscription');
    const added = this.item(sub, p, '');
    if (this.prorates(p)) this.prorate(sub, added.price, added.quantity, 1, this.prorationAt(p), `Remaining time on ${added.price.id}`);
    sub.items.data.push(added);
    sub.items.total_count = sub.items.data.length;
    return added;
  }

  deleteSubscriptionItem(id: string, p: Obj): Obj {
    const sub = [...this.subscriptions.values()].find((s) => s.items.data.some((i: Obj) => i.id === id));
    if (!sub) throw new StripeError(404, 'invalid_request_error', `No such subscription item: '${id}'`, 'resource_missing', 'id');
    const existing = sub.items.data.find((i: Obj) => i.id === id);
    if (sub.items.data.length === 1)
      throw new StripeError(400, 'invalid_request_error', 'A subscription keeps at least one item; cancel the subscription instead');
    if (this.prorates(p))
      this.prorate(sub, existing.price, existing.quantity, -1, this.prorationAt(p), `Unused time on ${existing.price.id}`);
    sub.items.data = sub.items.data.filter((i: Obj) => i !== existing);
    sub.items.total_count = sub.items.data.length;
    return { id, object: 'subscription_item', deleted: true };
  }
}

/** An object as Stripe returns it: internal bookkeeping stripped. */
export function publicView(o: Obj): Obj {
  if (o?.object === 'checkout.session') {
    const { line_items_held: _l, subscription_data: _s, ...rest } = o;
    return rest;
  }
  if (o?.object === 'price') {
    const { product_name: _n, ...rest } = o;
    return rest;
  }
  return o;
}
