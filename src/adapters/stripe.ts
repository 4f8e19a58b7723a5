import Stripe from 'stripe';
import type { Config } from '../config.ts';

export type StripeClient = Stripe;
export type StripeConfig = NonNullable<Config['stripe']>;

/**
 * The official Stripe client (ARCHITECTURE.md "Real parts"), configured from STRIPE_SECRET_KEY
 * and, when set, STRIPE_API_BASE (host, port and protocol of another Stripe API: the local
 * Stripe server of the tests). Requests that change something carry an idempotency key chosen
 * by the caller (the triggering event id), so the client's own retries never charge twice.
 */
export function createStripeClient(config: StripeConfig): StripeClient {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'commerce-back-office' },
    ...(base && {
      host: base.hostname,
      port: base.port ? Number(base.port) : base.protocol === 'http:' ? 80 : 443,
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

const clients = new WeakMap<object, StripeClient>();

/**
 * Process managers reach their process's Stripe client through the event store they run on
 * (as `extmarketWorkerOf` does for the extmarket worker): they receive no services.
 */
export function bindStripe(store: object, client: StripeClient | null): void {
  if (client) clients.set(store, client);
  else clients.delete(store);
}

export function stripeOf(store: object): StripeClient | null {
  return clients.get(store) ?? null;
}
