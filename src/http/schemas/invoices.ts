import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../responses.ts';

/**
 * The invoices' answers (queries/invoices/listInvoices.ts): a row of the list (invoiceRow), the
 * invoice with everything it prints (getInvoice), the stats and the settings. Amounts in cents;
 * a credit note's are negative.
 */
const Text = Nullable(Type.String());
const Day = Type.String({ format: 'date' });

/** A party of an invoice: the seller or the buyer. */
export const InvoiceParty = Type.Object(
  {
    name: Type.String(),
    company: Text,
    address: Text,
    postal_code: Text,
    city: Text,
    country_iso: Text,
    vat_number: Text,
  },
  { $id: 'InvoiceParty' },
);

export const InvoiceLine = Type.Object(
  {
    item_id: Type.Integer(),
    description: Type.String(),
    sku: Text,
    ean: Text,
    quantity: Type.Integer(),
    unit_price_net_cents: Type.Integer(),
    unit_price_gross_cents: Type.Integer(),
    line_net_cents: Type.Integer(),
    vat_rate: Type.Number(),
  },
  { $id: 'InvoiceLine' },
);

export const InvoiceVatGroup = Type.Object(
  {
    rate_percent: Type.Number(),
    net_cents: Type.Integer(),
    vat_cents: Type.Integer(),
    gross_cents: Type.Integer(),
  },
  { $id: 'InvoiceVatGroup' },
);

/** An invoice or credit note of the list. */
export const InvoiceItem = Type.Object(
  {
    id: Type.Integer(),
    vendor_id: Type.Integer(),
    order_id: Type.Integer(),
    invoice_number: Type.String(),
    sequence_number: Type.Integer({ minimum: 1, description: 'Gapless per vendor, invoices and credit notes in one book' }),
    issue_date: Day,
    supply_date: Nullable(Day),
    currency: Type.String(),
    vat_regime: Type.String(),
    vat_country_iso: Text,
    net_cents: Type.Integer(),
    vat_cents: Type.Integer(),
    gross_cents: Type.Integer(),
    buyer: InvoiceParty,
    document_type: Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')]),
    credited_invoice_id: Nullable(Type.Integer({ description: 'A credit note: the invoice it credits' })),
    pdf_generated_at: NullableTimestamp,
    created_at: Timestamp,
  },
  { $id: 'InvoiceItem' },
);

/** The invoice with everything it prints. */
export const InvoiceDetail = Type.Composite(
  [
    InvoiceItem,
    Type.Object({
      seller: InvoiceParty,
      lines: Type.Array(InvoiceLine),
      vat_groups: Type.Array(InvoiceVatGroup),
      mentions: Type.Array(Type.String(), { description: 'Exemption references and "Reverse charge", in print order' }),
      vat_local: Nullable(
        Type.Object(
          {
            currency: Type.String(),
            rate: Type.String(),
            rate_date: Day,
            rate_source: Type.String(),
            vat_cents: Type.Integer(),
          },
          { description: 'The VAT in the currency of the member state where it is due (Art. 230)' },
        ),
      ),
      credit_reason: Nullable(Type.Union([Type.Literal('cancellation'), Type.Literal('refund'), Type.Literal('correction')])),
      credit_note: Text,
      pdf_path: Text,
      pdf_bytes: Nullable(Type.Integer()),
    }),
  ],
  { $id: 'InvoiceDetail' },
);

const Totals = { count: Type.Integer(), net_cents: Type.Integer(), vat_cents: Type.Integer(), gross_cents: Type.Integer() };

/** InvoiceStatsResponse: counts and totals of the vendor's invoices, by VAT regime. */
export const InvoiceStats = Type.Object(
  {
    total_invoices: Type.Integer(),
    total_net_cents: Type.Integer(),
    total_vat_cents: Type.Integer(),
    total_gross_cents: Type.Integer(),
    total_revenue_cents: Type.Integer(),
    by_vat_regime: Type.Record(Type.String(), Type.Object(Totals)),
    last_invoice_number: Text,
    last_issue_date: Nullable(Day),
  },
  { $id: 'InvoiceStatsResponse' },
);

/** PDF generated (InvoicePDFGeneratedResponse). */
export const InvoicePdfGenerated = Type.Object(
  {
    success: Type.Boolean(),
    invoice_id: Type.Integer(),
    invoice_number: Type.String(),
    pdf_path: Type.String(),
    pdf_bytes: Type.Integer(),
    message: Type.String(),
  },
  { $id: 'InvoicePDFGeneratedResponse' },
);

/** VendorInvoiceSettings as stored, or { configured: false } before the vendor sets them. */
export const InvoiceSettingsAnswer = Type.Union(
  [
    Type.Object({ vendor_id: Type.Integer(), configured: Type.Literal(false) }),
    Type.Object({
      vendor_id: Type.Integer(),
      configured: Type.Literal(true),
      company_name: Type.String(),
      company_address: Type.String(),
      company_postal_code: Type.String(),
      company_city: Type.String(),
      company_country_iso: Type.String(),
      vat_number: Text,
      invoice_prefix: Type.String(),
      payment_terms: Text,
      bank_name: Text,
      bank_iban: Text,
      bank_bic: Text,
      footer_text: Text,
      oss_opted_for_destination: Type.Boolean(),
      cross_border_b2c_previous_year_cents: Type.Integer(),
      updated_at: Timestamp,
    }),
  ],
  { $id: 'VendorInvoiceSettings' },
);
