import type { InvoiceSettingsEvent } from '../../commands/invoices/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const InvoiceSettingsRow = readModel('invoice_settings', {
  vendor_id: column.int(),
  company_name: column.text(),
  company_address: column.text(),
  company_postal_code: column.text(),
  company_city: column.text(),
  /** The member state the seller is established in and dispatches from. */
  company_country_iso: column.text(),
  vat_number: column.nullable(column.text()),
  invoice_prefix: column.text(),
  payment_terms: column.nullable(column.text()),
  bank_name: column.nullable(column.text()),
  bank_iban: column.nullable(column.text()),
  bank_bic: column.nullable(column.text()),
  footer_text: column.nullable(column.text()),
  /** Art. 59c(3): destination VAT on all EU distance sales. */
  oss_opted_for_destination: column.bool(),
  /** EU cross-border B2C sales excl. VAT last calendar year (Art. 59c threshold). */
  cross_border_b2c_previous_year_cents: column.exact(),
  updated_at: column.time(),
});
export type InvoiceSettingsRow = RowOf<typeof InvoiceSettingsRow>;

/**
 * invoice_settings: VendorInvoiceSettings per vendor (also read for the seller's VAT profile). A
 * row projection (src/runtime/rowProjection.ts): each update replaces the vendor's row.
 */
export const invoiceSettingsProjection = rowProjection<JsonRow<InvoiceSettingsRow>>({
  name: 'invoice_settings',
  eventTypes: ['VendorInvoiceSettingsUpdated'],
  readModel: InvoiceSettingsRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const { at, ...d } = domainEvent<InvoiceSettingsEvent>(raw).data;
      rows.set(d.vendor_id, { ...d, cross_border_b2c_previous_year_cents: String(d.cross_border_b2c_previous_year_cents), updated_at: at });
    },
  },
});
