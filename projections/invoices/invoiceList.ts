import type { InvoiceBookEvent } from '../../commands/invoices/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = column.nullable(column.text());
/** A party of an invoice (InvoiceParty of commands/invoices/events.ts): the seller or the buyer. */
const Party = Type.Object({
  name: Type.String(),
  company: Text,
  address: Text,
  postal_code: Text,
  city: Text,
  country_iso: Text,
  vat_number: Text,
});
const Line = Type.Object({
  item_id: Type.Integer(),
  description: Type.String(),
  sku: Text,
  ean: Text,
  quantity: Type.Integer(),
  unit_price_net_cents: Type.Integer(),
  unit_price_gross_cents: Type.Integer(),
  line_net_cents: Type.Integer(),
  vat_rate: Type.Number(),
  /** Absent on older invoices. */
  vat_rate_category: Type.Optional(Type.String()),
  applied_category: Type.Optional(Type.String()),
  vat_rate_note: Type.Optional(Text),
  kind: Type.Optional(column.oneOf(['goods', 'shipping'])),
});
const VatGroup = Type.Object({
  rate_percent: Type.Number(),
  net_cents: Type.Integer(),
  vat_cents: Type.Integer(),
  gross_cents: Type.Integer(),
});
/** The VAT in the currency of the member state where it is due (LocalVat, Art. 230). */
const LocalVat = Type.Object({
  currency: Type.String(),
  rate: Type.String(),
  rate_date: Type.String(),
  rate_source: Type.String(),
  vat_cents: Type.Integer(),
});

export const InvoiceRow = readModel('invoices', {
  id: column.int(),
  vendor_id: column.int(),
  order_id: column.int(),
  /** Gapless per vendor, invoices and credit notes in one book. */
  sequence_number: column.int(),
  invoice_number: column.text(),
  issue_date: column.time(),
  supply_date: column.nullable(column.time()),
  currency: column.text(),
  vat_regime: column.text(),
  vat_country_iso: column.nullable(column.text()),
  net_cents: column.exact(),
  vat_cents: column.exact(),
  gross_cents: column.exact(),
  seller: column.json(Party),
  buyer: column.json(Party),
  lines: column.json(Type.Array(Line)),
  vat_groups: column.json(Type.Array(VatGroup)),
  mentions: column.json(Type.Array(Type.String())),
  pdf_path: column.nullable(column.text()),
  pdf_bytes: column.nullable(column.int()),
  pdf_sha256: column.nullable(column.text()),
  pdf_generated_at: column.nullable(column.time()),
  created_by: column.nullable(column.text()),
  created_at: column.time(),
  document_type: column.oneOf(['invoice', 'credit_note']),
  credited_invoice_id: column.nullable(column.int({ description: 'A credit note: the invoice it credits' })),
  credit_reason: column.nullable(column.oneOf(['cancellation', 'refund', 'correction'])),
  credit_note: column.nullable(column.text()),
  vat_local: column.nullable(column.json(LocalVat)),
});
export type InvoiceRow = RowOf<typeof InvoiceRow>;

/**
 * invoices: one row per issued invoice or credit note, written once (an issue of a number already
 * written leaves the row as it is); the PDF columns follow when it is rendered. A row projection
 * (src/runtime/rowProjection.ts), one row per invoice or credit note.
 */
export const invoiceList = rowProjection<JsonRow<InvoiceRow>>({
  name: 'invoices',
  eventTypes: ['InvoiceIssued', 'CreditNoteIssued', 'InvoicePdfGenerated'],
  readModel: InvoiceRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { invoice_id: number }).invoice_id],
    apply(rows, raw) {
      const e = domainEvent<InvoiceBookEvent>(raw);
      const row = rows.get(e.data.invoice_id);
      if (e.type === 'InvoicePdfGenerated') {
        if (row)
          Object.assign(row, { pdf_path: e.data.path, pdf_bytes: e.data.bytes, pdf_sha256: e.data.sha256, pdf_generated_at: e.data.at });
        return;
      }
      if (row) return;
      const d = e.data;
      rows.set(d.invoice_id, {
        id: d.invoice_id,
        vendor_id: d.vendor_id,
        order_id: d.order_id,
        sequence_number: d.sequence_number,
        invoice_number: d.invoice_number,
        issue_date: d.issue_date,
        supply_date: d.supply_date,
        currency: d.currency,
        vat_regime: d.vat_regime,
        vat_country_iso: d.vat_country_iso,
        net_cents: String(d.net_cents),
        vat_cents: String(d.vat_cents),
        gross_cents: String(d.gross_cents),
        seller: d.seller,
        buyer: d.buyer,
        lines: d.lines,
        vat_groups: d.vat_groups,
        mentions: d.mentions,
        pdf_path: null,
        pdf_bytes: null,
        pdf_sha256: null,
        pdf_generated_at: null,
        created_by: d.issued_by === null ? null : String(d.issued_by),
        created_at: d.at,
        document_type: d.document_type ?? 'invoice',
        credited_invoice_id: d.credits?.invoice_id ?? null,
        credit_reason: d.reason ?? null,
        credit_note: d.note ?? null,
        vat_local: d.vat_local ?? null,
      });
    },
  },
});
