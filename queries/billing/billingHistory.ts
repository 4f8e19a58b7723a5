import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { iso } from '../../src/core/dates.ts';

export interface BillingHistoryEntry {
  invoice_id: string;
  vendor_id: number;
  number: string | null;
  status: 'paid' | 'failed';
  amount_cents: number;
  currency: string;
  period_start: string | null;
  period_end: string | null;
  invoice_pdf: string | null;
  hosted_invoice_url: string | null;
  attempt_count: number;
  paid_at: string | null;
  failed_at: string | null;
  created_at: string;
}

export interface BillingHistoryFilters {
  vendor_id?: number;
  status?: 'paid' | 'failed';
  /** Invoices whose billing period (or, without one, whose date) overlaps [from, to). */
  from?: string;
  to?: string;
}

function entry(r: any): BillingHistoryEntry {
  return {
    invoice_id: r.invoice_id,
    vendor_id: r.vendor_id,
    number: r.number,
    status: r.status,
    amount_cents: Number(r.amount_cents),
    currency: r.currency,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    invoice_pdf: r.invoice_pdf,
    hosted_invoice_url: r.hosted_invoice_url,
    attempt_count: Number(r.attempt_count),
    paid_at: iso(r.paid_at),
    failed_at: iso(r.failed_at),
    created_at: iso(r.created_at)!,
  };
}

/** Billing history entries, newest billing period first; the vendor's own when `vendor_id` is given (the vendor route always gives it). */
export async function listBillingHistory(
  knex: Knex,
  filters: BillingHistoryFilters,
  page: PageRequest,
): Promise<Page<BillingHistoryEntry>> {
  const base = knex('billing_history');
  if (filters.vendor_id !== undefined) base.where({ vendor_id: filters.vendor_id });
  if (filters.status) base.where({ status: filters.status });
  if (filters.from) base.whereRaw('coalesce(period_end, created_at) > ?', [filters.from]);
  if (filters.to) base.whereRaw('coalesce(period_start, created_at) < ?', [filters.to]);
  return paginate(base, page, (q) => q.orderByRaw('coalesce(period_start, created_at) DESC, created_at DESC, invoice_id DESC'), entry);
}
