import { DomainException } from '../../core/errors.ts';
import { retryOnConflict } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { handleStripeEvent, UnknownVendorError, type Handling } from './handleStripeEvent.ts';
import { countAttempt, failedEventIds, findInboxEvent, markFailed, markHandled, type InboxRow } from './stripeWebhookInbox.ts';

/**
 * Handles a stored inbox event and writes what came of it on its row: its outcome, or its error
 * for a retry. Never throws for a handling failure: the webhook answers 200 once the event is
 * stored, and Stripe's redelivery, the sync task or an admin's replay tries it again.
 */
export async function processStripeEvent(services: Services, id: string, options: { settle?: boolean } = {}): Promise<InboxRow | null> {
  const row = await findInboxEvent(services.db.knex, id);
  if (!row) return null;
  await countAttempt(services.db.knex, id);
  try {
    const handling = await handleWithRetries(services, row);
    // Read-your-writes for the webhook's and the admin's callers; a CLI runs without the projections.
    if (options.settle !== false) await services.settle(handling.results);
    await markHandled(services.db.knex, id, handling.outcome, handling.vendorId, services.clock.now());
  } catch (err) {
    const known = err instanceof UnknownVendorError || err instanceof DomainException;
    // An unexpected failure is logged once with its details; the inbox row (shown to admins, and to Stripe in the answer) names no internals.
    if (!known) services.logger.error({ stripe_event: id, type: row.type, err }, 'stripe webhook event handling failed');
    await markFailed(
      services.db.knex,
      id,
      known ? (err as Error).message : 'The handling failed unexpectedly (details in the service log); the event is kept for a retry',
      null,
    );
  }
  return findInboxEvent(services.db.knex, id);
}

/**
 * The whole handling is decided again when another write to one of its streams came first (two of
 * Stripe's events of one vendor at once): the causation-derived event ids make a repeated
 * decision append nothing twice.
 */
function handleWithRetries(services: Services, row: InboxRow): Promise<Handling> {
  return retryOnConflict(() => handleStripeEvent(services, row.payload));
}

/** How often the sync task tries an event whose handling keeps failing before leaving it to an admin. */
export const MAX_ATTEMPTS = 20;

/** Tries again the stored events whose handling failed, oldest first; the number tried. */
export async function retryFailedStripeEvents(services: Services, options: { limit?: number; settle?: boolean } = {}): Promise<number> {
  const ids = await failedEventIds(services.db.knex, options.limit ?? 100, MAX_ATTEMPTS);
  for (const id of ids) await processStripeEvent(services, id, options);
  return ids.length;
}
