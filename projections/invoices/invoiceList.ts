import type { Knex } from 'knex';
import type { InvoiceBookEvent } from '../../commands/invoices/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** invoices: one row per issued invoice or credit note, written once; the PDF columns follow when it is rendered. */
export const invoiceList: Projection = {
  kind: 'projection',
  name: 'invoices',
  eventTypes: ['InvoiceIssued', 'CreditNoteIssued', 'InvoicePdfGenerated'],
  tables: ['invoices'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const issued = [];
    for (const raw of events) {
      const e = domainEvent<InvoiceBookEvent>(raw);
      if (e.type === 'InvoiceIssued' || e.type === 'CreditNoteIssued') {
        const d = e.data;
        issued.push({
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
          net_cents: d.net_cents,
          vat_cents: d.vat_cents,
          gross_cents: d.gross_cents,
          seller: JSON.stringify(d.seller),
          buyer: JSON.stringify(d.buyer),
          lines: JSON.stringify(d.lines),
          vat_groups: JSON.stringify(d.vat_groups),
          mentions: JSON.stringify(d.mentions),
          created_by: d.issued_by === null ? null : String(d.issued_by),
          created_at: d.at,
          document_type: d.document_type ?? 'invoice',
          credited_invoice_id: d.credits?.invoice_id ?? null,
          credit_reason: d.reason ?? null,
          credit_note: d.note ?? null,
          vat_local: d.vat_local ? JSON.stringify(d.vat_local) : null,
        });
      }
    }
    if (issued.length > 0) await trx('invoices').insert(issued).onConflict('id').ignore();
    for (const raw of events) {
      const e = domainEvent<InvoiceBookEvent>(raw);
      if (e.type === 'InvoicePdfGenerated') {
        await trx('invoices')
          .where('id', e.data.invoice_id)
          .update({ pdf_path: e.data.path, pdf_bytes: e.data.bytes, pdf_sha256: e.data.sha256, pdf_generated_at: e.data.at });
      }
    }
  },
};
