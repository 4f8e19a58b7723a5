import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import type { BillingHistoryRow } from '../../projections/billing/billingHistory.ts';

/** An invoice of the billing history as the API answers it: the row but its updated_at, times as ISO text. */
export type BillingHistoryEntry = Omit<JsonRow<BillingHistoryRow>, 'updated_at'>;

const iso = (v: Date | null) => (v === null ? null : v.toISOString());

export interface BillingHistoryFilters {
  vendor_id?: number;
  status?: 'paid' | 'failed';
  /** Invoices whose billing period (or, without one, whose date) overlaps [from, to). */
  from?: string;
  to?: string;
}

function entry(r: BillingHistoryRow): BillingHistoryEntry {
  return {
    invoice_id: r.invoice_id,
    vendor_id: r.vendor_id,
    number: r.number,
    status: r.status,
    amount_cents: r.amount_cents,
    currency: r.currency,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    invoice_pdf: r.invoice_pdf,
    hosted_invoice_url: r.hosted_invoice_url,
    attempt_count: r.attempt_count,
    paid_at: iso(r.paid_at),
    failed_at: iso(r.failed_at),
    created_at: r.created_at.toISOString(),
  };
}

/** Billing history entries, newest billing period first; the vendor's own when `vendor_id` is given (the vendor route always gives it). */
export async function listBillingHistory(
  knex: Knex,
  filters: BillingHistoryFilters,
  page: PageRequest,
): Promise<Page<BillingHistoryEntry>> {
  const base = knex<BillingHistoryRow>('billing_history');
  if (filters.vendor_id !== undefined) base.where({ vendor_id: filters.vendor_id });
  if (filters.status) base.where({ status: filters.status });
  if (filters.from) base.whereRaw('coalesce(period_end, created_at) > ?', [filters.from]);
  if (filters.to) base.whereRaw('coalesce(period_start, created_at) < ?', [filters.to]);
  return paginate(base, page, (q) => q.orderByRaw('coalesce(period_start, created_at) DESC, created_at DESC, invoice_id DESC'), entry);
}
