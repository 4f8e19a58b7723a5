import type { Knex } from 'knex';

/**
 * The inbox of Stripe's webhook events (table stripe_webhook_events): a verified event is stored
 * once, by its Stripe id, before anything is done with it; what came of its handling is written
 * on the same row. A redelivery of a stored id finds the row and handles nothing again.
 */
export interface StripeEventPayload {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, any> };
  [key: string]: unknown;
}

/** handled: its effects are recorded; ignored: a kind the platform does not act on; superseded: older than what was applied already. */
export type InboxOutcome = 'handled' | 'ignored' | 'superseded';

export interface InboxRow {
  id: string;
  type: string;
  payload: StripeEventPayload;
  stripe_created: Date;
  vendor_id: number | null;
  received_at: Date;
  handled_at: Date | null;
  outcome: InboxOutcome | null;
  attempts: number;
  error: string | null;
}

/** Stores the event as received; false when its id was stored before (a redelivery). */
export async function storeReceived(knex: Knex, event: StripeEventPayload, receivedAt: Date): Promise<boolean> {
  const rows = await knex('stripe_webhook_events')
    .insert({
      id: event.id,
      type: event.type,
      payload: JSON.stringify(event),
      stripe_created: new Date(event.created * 1000),
      received_at: receivedAt,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

export async function findInboxEvent(knex: Knex, id: string): Promise<InboxRow | null> {
  const row = await knex('stripe_webhook_events')
    .where({ id })
    .first<(Omit<InboxRow, 'payload'> & { payload: InboxRow['payload'] | string }) | undefined>();
  if (!row) return null;
  // The payload is jsonb; a driver may give it as its text.
  return { ...row, payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as InboxRow['payload']) : row.payload };
}

/** Counts an attempt at handling the event (before it runs, so a crash mid-way still counts). */
export async function countAttempt(knex: Knex, id: string): Promise<void> {
  await knex('stripe_webhook_events').where({ id }).increment('attempts', 1);
}

export async function markHandled(knex: Knex, id: string, outcome: InboxOutcome, vendorId: number | null, at: Date): Promise<void> {
  await knex('stripe_webhook_events').where({ id }).update({ handled_at: at, outcome, vendor_id: vendorId, error: null });
}

/** Keeps the failure for a retry; a success recorded meanwhile (a concurrent delivery) is not overwritten. */
export async function markFailed(knex: Knex, id: string, error: string, vendorId: number | null): Promise<void> {
  await knex('stripe_webhook_events')
    .where({ id })
    .whereNull('handled_at')
    .update({ error: error.slice(0, 2000), vendor_id: vendorId });
}

/** Events whose handling failed, oldest first (Stripe's order of creation), up to `maxAttempts` tries each. */
export async function failedEventIds(knex: Knex, limit: number, maxAttempts: number): Promise<string[]> {
  const rows = await knex('stripe_webhook_events')
    .whereNull('handled_at')
    .whereNotNull('error')
    .where('attempts', '<', maxAttempts)
    .orderBy([{ column: 'stripe_created' }, { column: 'id' }])
    .limit(limit)
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}
