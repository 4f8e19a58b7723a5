import { PERIOD_DAYS } from '../../../commands/subscriptions/events.ts';
import { setVendorSubscription } from '../../modules/subscriptions.ts';
import { endedTrials } from '../../../queries/billing/trials.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';

const DAY = 86_400_000;

/**
 * Trial expiration (SPEC.md part 6 item 5; part 8: a 30-day trial with the card collected at
 * signup). A subscription still trialing after its trial end converts to active for a new paid
 * period when the vendor has a card (its billing account says so, or Stripe's customer has a
 * default payment method); without one it expires, and the vendor falls to the platform's default tier
 * (src/http/featureGate.ts). Stripe charges the card itself and its webhooks bring its own period
 * afterwards. Idempotent: a converted or expired trial is no longer trialing, and each decision
 * carries a cause derived from the vendor and the trial end.
 */
export async function expireTrials(services: Services): Promise<{ converted: number[]; expired: number[] }> {
  const now = services.clock.now();
  const converted: number[] = [];
  const expired: number[] = [];
  for (const trial of await endedTrials(services.db.knex, now)) {
    const ctx: CommandContext = {
      userId: 'system:trial-expiry',
      vendorId: trial.vendor_id,
      correlationId: `trial-expiry-${trial.vendor_id}`,
      causationId: `trial-expiry:${trial.vendor_id}:${trial.trial_end}`,
    };
    try {
      if (await hasCard(services, trial)) {
        // The paid period starts where the trial ended, or now when the check comes later than a whole period.
        const trialEnd = Date.parse(trial.trial_end);
        const start = trialEnd + PERIOD_DAYS * DAY > now.getTime() ? trialEnd : now.getTime();
        await setVendorSubscription(
          services.store,
          now,
          trial.vendor_id,
          {
            status: 'active',
            current_period_start: new Date(start).toISOString(),
            current_period_end: new Date(start + PERIOD_DAYS * DAY).toISOString(),
          },
          ctx,
        );
        converted.push(trial.vendor_id);
      } else {
        await setVendorSubscription(services.store, now, trial.vendor_id, { status: 'expired' }, ctx);
        expired.push(trial.vendor_id);
      }
    } catch (err) {
      // One vendor's failure (Stripe unreachable, a concurrent change) does not hold back the others; the next run tries again.
      services.logger.error({ vendor_id: trial.vendor_id, err }, 'trial expiration failed for a vendor');
    }
  }
  return { converted, expired };
}

/** A card on file: the billing account's flag, else Stripe's customer's default payment method (the flag may lag a lost webhook). */
async function hasCard(
  services: Services,
  trial: { has_payment_method: boolean | null; stripe_customer_id: string | null },
): Promise<boolean> {
  if (trial.has_payment_method) return true;
  if (!trial.stripe_customer_id || !services.stripe) return false;
  const customer = await services.stripe.customers.retrieve(trial.stripe_customer_id);
  if ('deleted' in customer && customer.deleted) return false;
  return Boolean((customer as { invoice_settings?: { default_payment_method?: unknown } }).invoice_settings?.default_payment_method);
}
