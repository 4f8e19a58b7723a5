import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

/**
 * The vendor's invoice settings as answered by the invoices' routes and inside the vendor settings.
 * Written out, not taken from the invoice settings' declared row: the settings are a core area and
 * may not read the optional invoices area's projection. test/http/invoices/invoiceSettingsAnswer.test.ts
 * holds the two to the same fields.
 */
const Text = Nullable(Type.String());

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

/** The invoice settings as answered (not configured yet, or the stored settings). */
export type InvoiceSettingsView = Static<typeof InvoiceSettingsAnswer>;
