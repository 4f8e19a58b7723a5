import type { Clock } from '../../src/core/clock.ts';
import type { VatNumberVerifier } from '../../src/adapters/vies/viesClient.ts';
import { InvoiceException, InvoiceNotFoundException } from './errors.ts';
import { OrderNotFoundException } from '../orders/errors.ts';
import { convertVat, localVatCurrency, vatNumberCountry } from '../../src/core/vat/index.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { referenceRatesBefore } from '../../src/modules/registry.ts';
import { order } from '../../src/modules/orders.ts';
import { buildInvoice, type BuyerVat } from './buildInvoice.ts';
import { buildCreditNote } from './buildCreditNote.ts';
import type { CreditNoteRequest, InvoiceSettings, IssuedInvoice } from './events.ts';
import { invoiceBook } from './invoiceBook.ts';
import { invoiceSettings } from './invoiceSettings.ts';

/** Invoice handlers: settings, and issuing an invoice from an order with the next number of the book. */
export interface InvoiceDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

export const setInvoiceSettings = (deps: InvoiceDeps, vendorId: number, settings: InvoiceSettings, ctx: CommandContext) =>
  handleCommand(
    deps.store,
    invoiceSettings,
    vendorId,
    { type: 'SetInvoiceSettings', data: { ...settings, vendor_id: vendorId, at: now(deps) } },
    ctx,
  );

export async function createInvoiceFromOrder(
  deps: InvoiceDeps,
  vendorId: number,
  orderId: number,
  input: { buyer_vat_number?: string | null },
  vies: VatNumberVerifier,
  ctx: CommandContext,
) {
  const { state: o } = await load(deps.store, order, orderId);
  if (o.status === 'none' || o.vendor_id !== vendorId) throw new OrderNotFoundException(`Order ${orderId} not found`);
  const { state: s } = await load(deps.store, invoiceSettings, vendorId);
  if (!s.settings) throw new InvoiceException('Set the invoice settings (seller name, address, country and VAT number) first');
  if (!s.settings.vat_number) throw new InvoiceException('The invoice settings need the seller VAT number (Art. 226(3))');
  const number = input.buyer_vat_number?.trim() || o.vat.buyer_vat_number || null;
  let buyerVat: BuyerVat = { vat_number: null, vies: null };
  if (number) {
    if (!vatNumberCountry(number))
      throw new InvoiceException(`'${number}' is not an EU VAT number in a valid format`, { buyer_vat_number: number });
    const r = await vies.verify(number, s.settings.vat_number);
    buyerVat = { vat_number: r.vat_number, vies: { valid: r.valid, consultation_number: r.consultation_number, checked_at: r.checked_at } };
  }
  const invoiceId = await nextId(deps.db, 'invoice');
  const invoice = buildInvoice(o, s.settings, buyerVat, invoiceId, now(deps).slice(0, 10));
  const local = localVatCurrency(invoice.vat_country_iso, invoice.currency);
  if (local && invoice.vat_cents !== 0) {
    // Art. 230 and 91(2): the VAT also in the local currency, at a recorded ECB rate, or no invoice.
    const day = await referenceRatesBefore(deps.store, invoice.supply_date ?? invoice.issue_date, [local, invoice.currency]);
    invoice.vat_local = convertVat(invoice.vat_cents, invoice.currency, local, day.rates, day.date);
  }
  const prefix = s.settings.invoice_prefix;
  // Another invoice took this number first: take the next one.
  const done = await retryOnConflict(
    () =>
      handleCommand(
        deps.store,
        invoiceBook,
        vendorId,
        {
          type: 'IssueInvoice',
          data: { invoice, prefix, issued_by: ctx.userId, at: now(deps) },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
  return { invoiceId, done };
}

/**
 * A credit note of an issued invoice (Art. 219), with the next number of the vendor's book. The
 * original is read from the book's own events, so the credit note repeats exactly what it credits.
 */
export async function issueCreditNote(
  deps: InvoiceDeps,
  vendorId: number,
  invoiceId: number,
  request: CreditNoteRequest,
  ctx: CommandContext,
) {
  const { state: s } = await load(deps.store, invoiceSettings, vendorId);
  const { events } = await load(deps.store, invoiceBook, vendorId);
  const issued = events.find((e) => e.type === 'InvoiceIssued' && (e.data as IssuedInvoice).invoice_id === invoiceId);
  if (!issued) throw new InvoiceNotFoundException(`Invoice ${invoiceId} not found`);
  const creditNoteId = await nextId(deps.db, 'invoice');
  const credit_note = buildCreditNote(issued.data as IssuedInvoice, request, creditNoteId, now(deps).slice(0, 10));
  const prefix = s.settings?.invoice_prefix ?? (issued.data as IssuedInvoice).invoice_number.replace(/\d+$/, '');
  const done = await retryOnConflict(
    () =>
      handleCommand(
        deps.store,
        invoiceBook,
        vendorId,
        {
          type: 'IssueCreditNote',
          data: { credit_note, prefix, issued_by: ctx.userId, at: now(deps) },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
  return { creditNoteId, done };
}

export async function recordInvoicePdf(
  deps: InvoiceDeps,
  vendorId: number,
  pdf: { invoice_id: number; path: string; bytes: number; sha256: string },
  ctx: CommandContext,
) {
  return retryOnConflict(
    () =>
      handleCommand(
        deps.store,
        invoiceBook,
        vendorId,
        { type: 'RecordInvoicePdf', data: { ...pdf, vendor_id: vendorId, at: now(deps) } },
        ctx,
      ),
    { tx: ctx.tx },
  );
}
