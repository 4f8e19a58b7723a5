import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { iso } from '../../src/core/dates.ts';
import type { InboxRow } from '../../src/workers/billing/stripeWebhookInbox.ts';

export interface WebhookEventView {
  id: string;
  type: string;
  vendor_id: number | null;
  stripe_created: string;
  received_at: string;
  handled_at: string | null;
  outcome: 'handled' | 'ignored' | 'superseded' | null;
  attempts: number;
  error: string | null;
  payload?: Record<string, unknown>;
}

export interface WebhookEventFilters {
  /** failed: handling failed and waits for a retry; pending: stored, not handled yet, no error. */
  status?: 'handled' | 'ignored' | 'superseded' | 'failed' | 'pending';
  type?: string;
  vendor_id?: number;
}

/** An inbox row as read here: the list leaves the payload out, and a driver may give the jsonb as its text. */
type WebhookEventRow = Omit<InboxRow, 'payload'> & { payload?: InboxRow['payload'] | string };

export function webhookEventView(r: WebhookEventRow, withPayload = false): WebhookEventView {
  return {
    id: r.id,
    type: r.type,
    vendor_id: r.vendor_id === null ? null : Number(r.vendor_id),
    stripe_created: iso(r.stripe_created)!,
    received_at: iso(r.received_at)!,
    handled_at: iso(r.handled_at),
    outcome: r.outcome,
    attempts: Number(r.attempts),
    error: r.error,
    // The stored text is the Stripe event as received, an object.
    ...(withPayload ? { payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as InboxRow['payload']) : r.payload } : {}),
  };
}

/** The Stripe webhook inbox, newest received first. */
export async function listWebhookEvents(knex: Knex, filters: WebhookEventFilters, page: PageRequest): Promise<Page<WebhookEventView>> {
  const base = knex('stripe_webhook_events').select(
    'id',
    'type',
    'vendor_id',
    'stripe_created',
    'received_at',
    'handled_at',
    'outcome',
    'attempts',
    'error',
  );
  if (filters.type) base.where({ type: filters.type });
  if (filters.vendor_id !== undefined) base.where({ vendor_id: filters.vendor_id });
  if (filters.status === 'failed') base.whereNull('handled_at').whereNotNull('error');
  else if (filters.status === 'pending') base.whereNull('handled_at').whereNull('error');
  else if (filters.status) base.where({ outcome: filters.status });
  return paginate(
    base,
    page,
    (q) =>
      q.orderBy([
        { column: 'received_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    (r: WebhookEventRow) => webhookEventView(r),
  );
}

export async function findWebhookEvent(knex: Knex, id: string): Promise<WebhookEventView | null> {
  const r = await knex('stripe_webhook_events').where({ id }).first<WebhookEventRow | undefined>();
  return r ? webhookEventView(r, true) : null;
}
