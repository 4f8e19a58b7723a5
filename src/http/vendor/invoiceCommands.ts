/**
 * What the vendor API's invoice routes and the invoice pages both do: save the vendor's invoice
 * settings (with the body they are checked against) and render an issued invoice's PDF.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { IssuedInvoice } from '../../../commands/invoices/events.ts';
import { recordInvoicePdf, setInvoiceSettings } from '../../../commands/invoices/handlers.ts';
import { InvoiceNotFoundException } from '../../../commands/invoices/errors.ts';
import { writeInvoicePdf } from '../../adapters/pdf/invoicePdf.ts';
import { ValidationException } from '../../core/errors.ts';
import { EU_MEMBER_STATES, vatNumberCountry } from '../../core/vat/index.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';

/** Free text without control characters (PostgreSQL refuses NUL in text and jsonb). */
export const Plain = (min: number, max: number) =>
  Type.String({ minLength: min, maxLength: max, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$' });
const Text = (max: number) => Type.Union([Plain(0, max), Type.Null()]);
/** VendorInvoiceSettings (SPEC.md part 2 "Other records"). */
export const VendorInvoiceSettings = Type.Object(
  {
    company_name: Plain(1, 200),
    company_address: Plain(1, 300),
    company_postal_code: Plain(1, 20),
    company_city: Plain(1, 100),
    company_country_iso: Type.Union(EU_MEMBER_STATES.map((c) => Type.Literal(c))),
    vat_number: Type.Union([Plain(4, 20), Type.Null()]),
    invoice_prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9/_-]+$' })),
    payment_terms: Type.Optional(Text(500)),
    bank_name: Type.Optional(Text(100)),
    bank_iban: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,32}$' }), Type.Null()])),
    bank_bic: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$' }), Type.Null()])),
    footer_text: Type.Optional(Text(1000)),
    oss_opted_for_destination: Type.Optional(Type.Boolean()),
    cross_border_b2c_previous_year_cents: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000_000 })),
  },
  { $id: 'VendorInvoiceSettingsUpdate', additionalProperties: false },
);
/** An invoice or a credit note of the book: both events carry the document as it was issued. */
const issued = (e: RecordedEvent): e is RecordedEvent<'InvoiceIssued' | 'CreditNoteIssued', IssuedInvoice> =>
  e.type === 'InvoiceIssued' || e.type === 'CreditNoteIssued';

/**
 * An issued invoice's PDF, rendered from what was issued (the book's event, never the read model)
 * and recorded: the API's download and the back office's.
 */
export async function renderInvoicePdf(services: Services, vendorId: number, invoiceId: number, context: CommandContext) {
  const events = await services.store.readStream(`invoice_book-${vendorId}`);
  const e = events.filter(issued).find((x) => x.data.invoice_id === invoiceId);
  if (!e) throw new InvoiceNotFoundException(`Invoice ${invoiceId} not found`);
  const invoice = e.data;
  const file = await writeInvoicePdf(services.config.dataDir, invoice);
  await services.settle([
    await recordInvoicePdf(
      { store: services.store, db: services.db.knex, clock: services.clock },
      vendorId,
      { invoice_id: invoiceId, path: file.path, bytes: file.bytes, sha256: file.sha256 },
      context,
    ),
  ]);
  return { invoice, file };
}

/** Sets the vendor's invoice settings (the API's PUT and the back office's form): the VAT number must be of the seller's country. */
export async function saveInvoiceSettings(
  services: Services,
  vendorId: number,
  body: Static<typeof VendorInvoiceSettings>,
  context: CommandContext,
): Promise<void> {
  if (body.vat_number && vatNumberCountry(body.vat_number) !== body.company_country_iso) {
    throw new ValidationException('The VAT number does not match the country', [
      { pointer: '/body/vat_number', message: `is not a VAT number of ${body.company_country_iso}` },
    ]);
  }
  await services.settle([
    await setInvoiceSettings(
      { store: services.store, db: services.db.knex, clock: services.clock },
      vendorId,
      {
        payment_terms: null,
        bank_name: null,
        bank_iban: null,
        bank_bic: null,
        footer_text: null,
        invoice_prefix: 'INV-',
        oss_opted_for_destination: false,
        cross_border_b2c_previous_year_cents: 0,
        ...body,
        vat_number: body.vat_number ? body.vat_number.toUpperCase().replace(/[\s.-]/g, '') : null,
      },
      context,
    ),
  ]);
}

/** The invoice settings as the API takes them (the back office's form is checked against the same schema). */
export const VendorInvoiceSettingsUpdate = VendorInvoiceSettings;
