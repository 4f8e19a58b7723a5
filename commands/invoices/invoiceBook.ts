import { assertNever, type Decider } from '../../src/core/decider.ts';
import { InvoiceAlreadyExistsException, InvoiceException, InvoiceNotFoundException } from './errors.ts';
import type { InvoiceBookEvent, IssuedInvoice } from './events.ts';

/**
 * A vendor's invoice book, stream `invoice_book-<vendor id>`: the gapless number sequence
 * (Art. 226(2): a unique sequential number). The next number is the book's count + 1, appended
 * at the version loaded; two invoices issued at once conflict and the loser takes the next
 * number on retry. A number is never taken without its invoice, so no gap can appear. One
 * invoice per order; a cancellation, refund or correction is a credit note (Art. 219) with the
 * next number of the same sequence, never an edit, and never for more than is left to credit.
 */
export interface InvoiceBookState {
  count: number;
  by_order: Record<number, number>;
  invoices: Record<
    number,
    {
      sequence_number: number;
      invoice_number: string;
      order_id: number;
      pdf: string | null;
      gross_cents: number;
      credited_cents: number;
      credit_note: boolean;
    }
  >;
}

export type InvoiceBookCommand =
  | {
      type: 'IssueInvoice';
      data: {
        invoice: Omit<IssuedInvoice, 'sequence_number' | 'invoice_number'>;
        prefix: string;
        issued_by: number | string | null;
        at: string;
      };
    }
  | { type: 'RecordInvoicePdf'; data: { invoice_id: number; vendor_id: number; path: string; bytes: number; sha256: string; at: string } }
  | {
      type: 'IssueCreditNote';
      data: {
        credit_note: Omit<IssuedInvoice, 'sequence_number' | 'invoice_number'> & { document_type: 'credit_note' };
        prefix: string;
        issued_by: number | string | null;
        at: string;
      };
    };

export const invoiceNumber = (prefix: string, sequence: number) => `${prefix}${String(sequence).padStart(6, '0')}`;

export const invoiceBook: Decider<InvoiceBookState, InvoiceBookCommand, InvoiceBookEvent> = {
  aggregate: 'invoice_book',
  initialState: () => ({ count: 0, by_order: {}, invoices: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'InvoiceIssued': {
        const d = event.data;
        return {
          count: d.sequence_number,
          by_order: { ...state.by_order, [d.order_id]: d.invoice_id },
          invoices: {
            ...state.invoices,
            [d.invoice_id]: {
              sequence_number: d.sequence_number,
              invoice_number: d.invoice_number,
              order_id: d.order_id,
              pdf: null,
              gross_cents: d.gross_cents,
              credited_cents: 0,
              credit_note: false,
            },
          },
        };
      }
      case 'CreditNoteIssued': {
        const d = event.data;
        const original = d.credits ? state.invoices[d.credits.invoice_id] : undefined;
        const invoices = {
          ...state.invoices,
          [d.invoice_id]: {
            sequence_number: d.sequence_number,
            invoice_number: d.invoice_number,
            order_id: d.order_id,
            pdf: null,
            gross_cents: d.gross_cents,
            credited_cents: 0,
            credit_note: true,
          },
        };
        if (original && d.credits)
          invoices[d.credits.invoice_id] = { ...original, credited_cents: original.credited_cents - d.gross_cents };
        return { ...state, count: d.sequence_number, invoices };
      }
      case 'InvoicePdfGenerated': {
        const known = state.invoices[event.data.invoice_id];
        return known ? { ...state, invoices: { ...state.invoices, [event.data.invoice_id]: { ...known, pdf: event.data.sha256 } } } : state;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'IssueInvoice': {
        const { invoice, prefix, issued_by, at } = command.data;
        const existing = state.by_order[invoice.order_id];
        if (existing !== undefined) {
          throw new InvoiceAlreadyExistsException(
            `Order ${invoice.order_id} is already invoiced (${state.invoices[existing].invoice_number})`,
            { invoice_id: existing },
          );
        }
        const sequence_number = state.count + 1;
        return [
          {
            type: 'InvoiceIssued',
            data: { ...invoice, sequence_number, invoice_number: invoiceNumber(prefix, sequence_number), issued_by, at },
          },
        ];
      }
      case 'IssueCreditNote': {
        const { credit_note, prefix, issued_by, at } = command.data;
        const original = credit_note.credits ? state.invoices[credit_note.credits.invoice_id] : undefined;
        if (!original || original.credit_note) throw new InvoiceNotFoundException(`Invoice ${credit_note.credits?.invoice_id} not found`);
        if (credit_note.gross_cents >= 0) throw new InvoiceException('A credit note credits a positive amount');
        const left = original.gross_cents - original.credited_cents;
        if (-credit_note.gross_cents > left) {
          throw new InvoiceException(
            `Invoice ${original.invoice_number} has ${left} cents left to credit, not ${-credit_note.gross_cents}`,
            { creditable_cents: left },
          );
        }
        const sequence_number = state.count + 1;
        return [
          {
            type: 'CreditNoteIssued',
            data: { ...credit_note, sequence_number, invoice_number: invoiceNumber(prefix, sequence_number), issued_by, at },
          },
        ];
      }
      case 'RecordInvoicePdf': {
        const known = state.invoices[command.data.invoice_id];
        if (!known) throw new InvoiceNotFoundException(`Invoice ${command.data.invoice_id} not found`);
        return known.pdf === command.data.sha256 ? [] : [{ type: 'InvoicePdfGenerated', data: command.data }];
      }
      default:
        return assertNever(command);
    }
  },
};
