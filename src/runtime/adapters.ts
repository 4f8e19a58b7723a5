import type { StripeClient } from '../adapters/stripe.ts';
import type { Config } from '../config.ts';
import type { EventStore } from '../eventstore/port.ts';

/**
 * The clients of outside services that a business area owns (billing's payment provider), held on
 * every Services. The area builds its own from the configuration (Module.adapters): this layer
 * only keeps what the modules built, and a client no module built stays null, which its area
 * answers as "not configured".
 */
export interface Adapters {
  /** The Stripe client (src/adapters/stripe.ts), built by the billing module; null when STRIPE_SECRET_KEY is not set: billing answers 503. */
  stripe: StripeClient | null;
}

/** What one module builds, once per process, from the configuration and the process's event store. */
export type AdapterFactory = (config: Config, store: EventStore) => Partial<Adapters>;

let factories: readonly AdapterFactory[] = [];

/**
 * Set with the module list (src/modules/module.ts registerModules): every caller of
 * createServices has loaded the module list first, for its consumers.
 */
export function registerAdapters(list: readonly AdapterFactory[]): void {
  factories = list;
}

/** The modules' adapters, built for one process. */
export function buildAdapters(config: Config, store: EventStore): Adapters {
  const built: Adapters = { stripe: null };
  for (const build of factories) Object.assign(built, build(config, store));
  return built;
}
