import { findBillingAccount, type BillingAccountView } from '../../queries/billing/billingAccounts.ts';
import type { StripeClient } from '../adapters/stripe.ts';
import { ConcurrencyException, ResourceNotFoundException } from '../core/errors.ts';
import { BillingNotConfiguredException } from '../../commands/billing/errors.ts';
import {
  openBillingAccount,
  openBillingAccountOnVendorSubscriptionStarted,
} from '../processes/openBillingAccountOnVendorSubscriptionStarted.ts';
import type { Services } from '../runtime/services.ts';

/** The Stripe client, or the billing routes' 503 when STRIPE_SECRET_KEY is not set. */
export function stripeClient(services: Services): StripeClient {
  if (!services.stripe) throw new BillingNotConfiguredException('billing is not configured: the platform has no STRIPE_SECRET_KEY');
  return services.stripe;
}

/**
 * The vendor's Stripe customer and subscription. A vendor whose subscription record was opened
 * before billing existed (or while Stripe was not configured) has no account yet: it is opened
 * here by the process manager's own handler, with the same idempotency keys (the
 * VendorSubscriptionStarted event id), so the process manager catching up later opens nothing twice.
 */
export async function vendorBillingAccount(
  services: Services,
  vendorId: number,
): Promise<{ stripe: StripeClient; account: BillingAccountView }> {
  const stripe = stripeClient(services);
  const known = await findBillingAccount(services.db.knex, vendorId);
  if (known) return { stripe, account: known };
  const started = (await services.store.readStream(`subscription-${vendorId}`, { limit: 1 })).find(
    (e) => e.type === 'VendorSubscriptionStarted',
  );
  if (!started)
    throw new ResourceNotFoundException("The vendor has no subscription record; the platform's admins open it", { vendor_id: vendorId });
  try {
    const handled = await openBillingAccount(
      { store: services.store, stripe, db: services.db.knex },
      started,
      // The process manager's causation: both ways append the same event ids.
      {
        userId: 'system:billing',
        correlationId: started.id,
        causationId: `${openBillingAccountOnVendorSubscriptionStarted.name}:${started.id}`,
        vendorId,
      },
    );
    await services.settle([handled]);
  } catch (err) {
    // The process manager opened it at the same moment, with the same Stripe objects.
    if (!(err instanceof ConcurrencyException)) throw err;
  }
  const account = await findBillingAccount(services.db.knex, vendorId);
  if (!account) throw new ResourceNotFoundException("The vendor's billing account is being opened; try again", { vendor_id: vendorId });
  return { stripe, account };
}
