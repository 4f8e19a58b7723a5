import { Type } from '@sinclair/typebox';
import { InvoiceRow } from '../../../projections/invoices/invoiceList.ts';
import { Nullable, rowFields } from '../responses.ts';

/**
 * The answers of the vendor's invoice routes (queries/invoices/listInvoices.ts): a row of the list,
 * the invoice with everything it prints, the stats and the PDF. The list row's columns come from
 * the invoice list's declared row. Amounts in cents; a credit note's are negative.
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
    ...rowFields(InvoiceRow, ['id', 'vendor_id', 'order_id', 'invoice_number']),
    sequence_number: Type.Integer({ minimum: 1, description: 'Gapless per vendor, invoices and credit notes in one book' }),
    issue_date: Day,
    supply_date: Nullable(Day),
    ...rowFields(InvoiceRow, ['currency', 'vat_regime', 'vat_country_iso']),
    net_cents: Type.Integer(),
    vat_cents: Type.Integer(),
    gross_cents: Type.Integer(),
    buyer: InvoiceParty,
    ...rowFields(InvoiceRow, ['document_type', 'credited_invoice_id', 'pdf_generated_at', 'created_at']),
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
      ...rowFields(InvoiceRow, ['credit_reason', 'credit_note', 'pdf_path', 'pdf_bytes']),
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
