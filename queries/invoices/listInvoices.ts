import type { Knex } from 'knex';
import { InvoiceNotFoundException } from '../../commands/invoices/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { iso } from '../../src/core/dates.ts';
import type { InvoiceRow } from '../../projections/invoices/invoiceList.ts';
import type { InvoiceSettingsRow } from '../../projections/invoices/invoiceSettings.ts';

const day = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export function invoiceRow(r: InvoiceRow) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    order_id: r.order_id,
    invoice_number: r.invoice_number,
    sequence_number: r.sequence_number,
    issue_date: day(r.issue_date),
    supply_date: day(r.supply_date),
    currency: r.currency,
    vat_regime: r.vat_regime,
    vat_country_iso: r.vat_country_iso,
    net_cents: Number(r.net_cents),
    vat_cents: Number(r.vat_cents),
    gross_cents: Number(r.gross_cents),
    buyer: r.buyer,
    document_type: r.document_type ?? 'invoice',
    credited_invoice_id: r.credited_invoice_id ?? null,
    pdf_generated_at: iso(r.pdf_generated_at),
    created_at: iso(r.created_at),
  };
}

/** The vendor's invoices and credit notes (one book), newest number first. */
export function listInvoices(
  knex: Knex,
  vendorId: number,
  filter: { order_id?: number },
  page: PageRequest,
): Promise<Page<ReturnType<typeof invoiceRow>>> {
  const base = knex<InvoiceRow>('invoices').where('vendor_id', vendorId);
  if (filter.order_id) base.where('order_id', filter.order_id);
  return paginate(base, page, (q) => q.orderBy('sequence_number', 'desc'), invoiceRow);
}

/** One invoice of the vendor with everything it prints; another vendor's invoice is not found. */
export async function getInvoice(knex: Knex, invoiceId: number, vendorId: number) {
  const r = await knex<InvoiceRow>('invoices').where({ id: invoiceId, vendor_id: vendorId }).first();
  if (!r) throw new InvoiceNotFoundException(`Invoice ${invoiceId} not found`);
  return {
    ...invoiceRow(r),
    seller: r.seller,
    lines: r.lines,
    vat_groups: r.vat_groups,
    mentions: r.mentions,
    vat_local: r.vat_local ?? null,
    credit_reason: r.credit_reason ?? null,
    credit_note: r.credit_note ?? null,
    pdf_path: r.pdf_path,
    pdf_bytes: r.pdf_bytes,
  };
}

/** InvoiceStatsResponse: counts and totals of the vendor's invoices, by VAT regime. */
export async function getInvoiceStats(knex: Knex, vendorId: number) {
  const rows = await knex('invoices')
    .where('vendor_id', vendorId)
    .groupBy('vat_regime')
    .select('vat_regime')
    .count({ n: '*' })
    .sum<{ vat_regime: string; n: string; net: string; vat: string; gross: string }[]>({
      net: 'net_cents',
      vat: 'vat_cents',
      gross: 'gross_cents',
    });
  const [last] = await knex('invoices')
    .where('vendor_id', vendorId)
    .orderBy('sequence_number', 'desc')
    .limit(1)
    .select('invoice_number', 'issue_date');
  const total = (k: 'n' | 'net' | 'vat' | 'gross') => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  return {
    total_invoices: total('n'),
    total_net_cents: total('net'),
    total_vat_cents: total('vat'),
    total_gross_cents: total('gross'),
    total_revenue_cents: total('gross'),
    by_vat_regime: Object.fromEntries(
      rows.map((r) => [
        r.vat_regime,
        { count: Number(r.n), net_cents: Number(r.net), vat_cents: Number(r.vat), gross_cents: Number(r.gross) },
      ]),
    ),
    last_invoice_number: last?.invoice_number ?? null,
    last_issue_date: day(last?.issue_date),
  };
}

export async function getInvoiceSettings(knex: Knex, vendorId: number) {
  const r = await knex<InvoiceSettingsRow>('invoice_settings').where('vendor_id', vendorId).first();
  if (!r) return { vendor_id: vendorId, configured: false as const };
  const { updated_at, ...rest } = r;
  return {
    ...rest,
    cross_border_b2c_previous_year_cents: Number(r.cross_border_b2c_previous_year_cents),
    configured: true as const,
    updated_at: updated_at.toISOString(),
  };
}
