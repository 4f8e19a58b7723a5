import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { completeCheckout, createCheckoutSession } from './stripeCheckout.ts';
import { confirmSetupIntent, createSetupIntent } from './stripeSetupIntents.ts';
import { billPeriod, getInvoice, listInvoices, upcomingInvoice } from './stripeInvoices.ts';
import { newId, publicView, StripeError, StripeState, type Obj } from './stripeState.ts';

/**
 * A local Stripe API on 127.0.0.1 speaking the few endpoints the service uses, as the real
 * `stripe` client calls them (form-encoded bodies with bracketed keys, Bearer secret key,
 * Idempotency-Key honoured: the same key answers the first answer again, with other
 * parameters it is refused as Stripe does). State lives in memory (stripeState.ts).
 *
 * Test-side controls: `attachCard(customerId)`, `endTrial(subscriptionId)`,
 * `completeCheckout(sessionId)` (emits checkout.session.completed), `billPeriod(subscriptionId,
 * {paid})` (emits invoice.paid or invoice.payment_failed), and `emitWebhook(type,
 * object)`, which signs the event with the real scheme (Stripe.webhooks.generateTestHeaderString)
 * and POSTs it to the service's webhook route once `appUrl` is set.
 */
export interface StripeServerOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** The clock Stripe's timestamps follow (default: the real one). */
  now?: () => Date;
}

export interface EmittedWebhook {
  event: Obj;
  /** The exact body sent and its Stripe-Signature header. */
  payload: string;
  signature: string;
  /** The service's answer. */
  status: number;
  body: string;
}

export const WEBHOOK_PATH = '/api/v1/public/billing/stripe-webhook';

/** Bracketed form keys (`items[0][price]`, `metadata[vendor_id]`, `expand[]`) into objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  const arrays = (v: any): any => {
    if (v === null || typeof v !== 'object') return v;
    const keys = Object.keys(v);
    const out: Obj = {};
    for (const k of keys) out[k] = arrays(v[k]);
    return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => out[k]) : out;
  };
  return arrays(root);
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });

export class StripeServer {
  readonly secretKey: string;
  /** The key a browser's Stripe.js uses: it may only confirm a SetupIntent whose client secret it brings. */
  readonly publishableKey = 'pk_test_local_stripe_server';
  readonly webhookSecret: string;
  readonly state: StripeState;
  /** Every request received, in order (method, path, parameters, idempotency key). */
  readonly requests: { method: string; path: string; params: Obj; idempotencyKey: string | null }[] = [];
  /** Every webhook emitted, with the service's answer. */
  readonly webhooks: EmittedWebhook[] = [];
  /** The service the webhooks go to (`${appUrl}${WEBHOOK_PATH}`); set by the test app once it listens. */
  appUrl: string | null = null;
  private server: Server | null = null;
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; text: string }>();
  private failures = 0;

  constructor(options: StripeServerOptions = {}) {
    this.secretKey = options.secretKey ?? 'sk_test_local_stripe_server';
    this.webhookSecret = options.webhookSecret ?? 'whsec_local_stripe_server';
    const now = options.now ?? (() => new Date());
    this.state = new StripeState(() => Math.floor(now().getTime() / 1000));
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the Stripe server is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, text }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(text);
        },
        (err) => res.writeHead(500).end(String(err)),
      );
    });
    this.server.listen(0, '127.0.0.1');
    await new Promise((r) => this.server!.once('listening', r));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
    this.server = null;
  }

  /** The next `times` requests answer 500 api_error (an outage the client retries or reports). */
  failNext(times = 1) {
    this.failures = times;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; text: string }> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const text = await body(req);
    const params = { ...parseStripeForm(url.search.slice(1)), ...parseStripeForm(text) };
    const method = req.method ?? 'GET';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    const error = (e: StripeError) => ({
      status: e.status,
      text: JSON.stringify({ error: { type: e.type, message: e.message, code: e.code, param: e.param } }),
    });
    const browser =
      req.headers.authorization === `Bearer ${this.publishableKey}` &&
      /^\/v1\/setup_intents\/[^/]+\/confirm$/.test(url.pathname) &&
      this.state.setupIntents.get(url.pathname.split('/')[3])?.client_secret === params.client_secret;
    if (req.headers.authorization !== `Bearer ${this.secretKey}` && !browser) {
      return error(new StripeError(401, 'invalid_request_error', 'Invalid API Key provided'));
    }
    if (this.failures > 0) {
      this.failures--;
      return error(new StripeError(500, 'api_error', 'An error occurred with our connection to Stripe'));
    }
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${text}`).digest('hex');
    const remembered = key && method === 'POST' ? this.idempotent.get(key) : undefined;
    if (remembered) {
      if (remembered.fingerprint !== fingerprint) {
        return error(
          new StripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with',
          ),
        );
      }
      return remembered;
    }
    let answer: { status: number; text: string };
    try {
      answer = { status: 200, text: JSON.stringify(publicView(this.route(method, url.pathname, params))) };
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
      answer = error(e);
    }
    // Stripe keeps the answer of a key, errors included, except when the request could not be handled at all.
    if (key && method === 'POST' && answer.status < 500) this.idempotent.set(key, { fingerprint, ...answer });
    return answer;
  }

  private route(method: string, path: string, p: Obj): Obj {
    const s = this.state;
    const seg = path.split('/').filter(Boolean).slice(1); // without "v1"
    const [a, id, action] = seg;
    const is = (m: string, pattern: string) =>
      method === m && pattern.split('/').length === seg.length && pattern.split('/').every((x, i) => x.startsWith(':') || x === seg[i]);
    if (is('POST', 'customers')) return s.createCustomer(p);
    if (is('GET', 'customers/:id')) return s.get(s.customers, id, 'customer');
    if (is('POST', 'customers/:id')) return s.updateCustomer(id, p);
    if (is('POST', 'payment_methods/:id/attach')) return s.attachPaymentMethod(id, p);
    if (is('GET', 'payment_methods/:id')) return s.get(s.paymentMethods, id, 'payment_method');
    if (is('GET', 'prices')) return s.listPrices(p);
    if (is('POST', 'prices')) return s.createPrice(p);
    if (is('GET', 'prices/:id')) return s.get(s.prices, id, 'price');
    if (is('POST', 'subscriptions')) return s.createSubscription(p);
    if (is('GET', 'subscriptions/:id')) return s.get(s.subscriptions, id, 'subscription');
    if (is('POST', 'subscriptions/:id')) return s.updateSubscription(id, p);
    if (is('DELETE', 'subscriptions/:id')) return s.cancelSubscription(id);
    if (is('POST', 'subscription_items')) return s.addSubscriptionItem(p);
    if (is('DELETE', 'subscription_items/:id')) return s.deleteSubscriptionItem(id, p);
    if (is('GET', 'subscriptions')) return s.listSubscriptions(p);
    if (is('POST', 'invoices/create_preview') || is('GET', 'invoices/upcoming')) return upcomingInvoice(s, p);
    if (is('GET', 'invoices')) return listInvoices(s, p);
    if (is('GET', 'invoices/:id')) return getInvoice(s, id);
    if (is('POST', 'checkout/sessions')) return createCheckoutSession(s, p, this.url);
    if (is('POST', 'setup_intents')) return createSetupIntent(s, p);
    if (is('GET', 'setup_intents/:id')) return s.get(s.setupIntents, id, 'setup_intent');
    if (is('POST', 'setup_intents/:id/confirm')) return confirmSetupIntent(s, id, p);
    if (is('GET', 'checkout/sessions/:id')) return s.get(s.checkoutSessions, action ?? id, 'checkout session');
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  /** Gives the customer a card (visa 4242) and makes it the default for its invoices. */
  attachCard(customerId: string): Obj {
    const pm = this.state.createPaymentMethod();
    this.state.attachPaymentMethod(pm.id, { customer: customerId });
    this.state.updateCustomer(customerId, { invoice_settings: { default_payment_method: pm.id } });
    return pm;
  }

  /**
   * What Stripe.js's `confirmCardSetup` does in the visitor's browser: confirms the SetupIntent with
   * a test card over the API, with the publishable key and the intent's client secret.
   */
  async confirmSetupInBrowser(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<{ status: number; body: Obj }> {
    const id = clientSecret.split('_secret_')[0];
    const res = await fetch(`${this.url}/v1/setup_intents/${id}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: paymentMethod }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Obj };
  }

  /** Ends a subscription's trial now: its first paid period starts (prorations apply from here). */
  endTrial(subscriptionId: string): Obj {
    return this.state.endTrial(this.state.get(this.state.subscriptions, subscriptionId, 'subscription'));
  }

  /** The customer pays on the checkout page; Stripe then sends checkout.session.completed. */
  async completeCheckout(sessionId: string): Promise<EmittedWebhook> {
    const session = completeCheckout(this.state, sessionId);
    return this.emitWebhook('checkout.session.completed', publicView(session));
  }

  /**
   * Stripe bills the subscription's next period now (pending prorations included) and reports
   * it: `invoice.paid`, or `invoice.payment_failed` with the subscription past due, then
   * `customer.subscription.updated`. Move the test clock to the period's end first if it matters.
   */
  async billPeriod(subscriptionId: string, options: { paid?: boolean } = {}): Promise<{ invoice: Obj; webhooks: EmittedWebhook[] }> {
    const invoice = billPeriod(this.state, subscriptionId, this.url, options);
    const webhooks = [await this.emitWebhook(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice)];
    webhooks.push(await this.emitWebhook('customer.subscription.updated', this.state.subscriptions.get(subscriptionId)!));
    return { invoice, webhooks };
  }

  /** Sends a signed event to the service's webhook route, as Stripe would. */
  async emitWebhook(type: string, object: Obj): Promise<EmittedWebhook> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-02-24.acacia',
      created: this.state.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    if (!this.appUrl) throw new Error("the Stripe server does not know the service's URL (appUrl)");
    const res = await fetch(`${this.appUrl}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const emitted = { event, payload, signature, status: res.status, body: await res.text() };
    this.webhooks.push(emitted);
    return emitted;
  }
}

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  return new StripeServer(options).start();
}
