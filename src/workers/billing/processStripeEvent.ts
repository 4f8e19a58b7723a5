import type { Services } from '../../runtime/services.ts';
import { handleStripeEvent, UnknownVendorError } from './handleStripeEvent.ts';
import { countAttempt, failedEventIds, findInboxEvent, markFailed, markHandled, type InboxRow } from './stripeWebhookInbox.ts';

/**
 * Handles a stored inbox event and writes what came of it on its row: its outcome, or its error
 * for a retry. Never throws for a handling failure: the webhook answers 200 once the event is
 * stored, and Stripe's redelivery or the sync task tries it again.
 */
export async function processStripeEvent(services: Services, id: string, options: { settle?: boolean } = {}): Promise<InboxRow | null> {
  const row = await findInboxEvent(services.db.knex, id);
  if (!row) return null;
  await countAttempt(services.db.knex, id);
  try {
    const handling = await handleStripeEvent(services, row.payload);
    // Read-your-writes for the webhook's and the admin's callers; a CLI runs without the projections.
    if (options.settle !== false) await services.settle(handling.results);
    await markHandled(services.db.knex, id, handling.outcome, handling.vendorId, services.clock.now());
  } catch (err) {
    if (!(err instanceof UnknownVendorError)) services.logger.error({ stripe_event: id, type: row.type, err }, 'stripe webhook event handling failed');
    await markFailed(services.db.knex, id, (err as Error).message, null);
  }
  return findInboxEvent(services.db.knex, id);
}

/** How often the sync task tries an event whose handling keeps failing before leaving it to an admin. */
export const MAX_ATTEMPTS = 20;

/** Tries again the stored events whose handling failed, oldest first; the number tried. */
export async function retryFailedStripeEvents(services: Services, options: { limit?: number; settle?: boolean } = {}): Promise<number> {
  const ids = await failedEventIds(services.db.knex, options.limit ?? 100, MAX_ATTEMPTS);
  for (const id of ids) await processStripeEvent(services, id, options);
  return ids.length;
}
