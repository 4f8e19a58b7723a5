import type { LocalVat } from '../../src/core/vat/localCurrency.ts';

/**
 * The invoices area's public contract (SPEC.md part 2 "Other records": Invoice,
 * VendorInvoiceSettings). An invoice is issued from an order, once, and never changes: its
 * content is the event. Numbers are gapless per vendor: the vendor's invoice book stream holds
 * every InvoiceIssued in order, so number n exists only as the book's n-th invoice.
 */
export interface InvoiceSettings {
  company_name: string;
  company_address: string;
  company_postal_code: string;
  company_city: string;
  /** The member state the seller is established in and dispatches from. */
  company_country_iso: string;
  vat_number: string | null;
  invoice_prefix: string;
  payment_terms: string | null;
  bank_name: string | null;
  bank_iban: string | null;
  bank_bic: string | null;
  footer_text: string | null;
  /** Art. 59c(3): destination VAT on all EU distance sales. */
  oss_opted_for_destination: boolean;
  /** EU cross-border B2C sales excl. VAT last calendar year (Art. 59c threshold). */
  cross_border_b2c_previous_year_cents: number;
}

export interface InvoiceParty {
  name: string;
  company: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country_iso: string | null;
  vat_number: string | null;
}

export interface InvoiceLine {
  item_id: number;
  description: string;
  sku: string | null;
  ean: string | null;
  quantity: number;
  /** Unit price excl. VAT (Art. 226(8)); informative when prices are gross. */
  unit_price_net_cents: number;
  unit_price_gross_cents: number;
  line_net_cents: number;
  vat_rate: number;
  /** The product's rate category, the one whose rate applied, and why when they differ. Absent on older invoices. */
  vat_rate_category?: string;
  applied_category?: string;
  vat_rate_note?: string | null;
  /** A delivery charge (Art. 78(b)) rather than goods; item_id is then 0. */
  kind?: 'goods' | 'shipping';
}

export interface InvoiceVatGroup {
  rate_percent: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

export interface IssuedInvoice {
  invoice_id: number;
  vendor_id: number;
  order_id: number;
  sequence_number: number;
  invoice_number: string;
  issue_date: string;
  supply_date: string | null;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  vat_regime: string;
  vat_country_iso: string | null;
  vat_groups: InvoiceVatGroup[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  /** Art. 226(11) exemption reference and (11a) "Reverse charge", in print order. */
  mentions: string[];
  /**
   * The VAT in the currency of the member state where it is due, when that is not the invoice's
   * (Art. 230), at the ECB's latest reference rate published before the tax point (Art. 91(2)).
   * Absent on invoices issued before it was stated, and where no conversion is due.
   */
  vat_local?: LocalVat | null;
  /** An invoice, or a credit note (Art. 219) that references the invoice it credits. Absent: an invoice. */
  document_type?: 'invoice' | 'credit_note';
  /** Credit notes: why, and which invoice. */
  reason?: CreditNoteReason;
  note?: string | null;
  credits?: { invoice_id: number; invoice_number: string; issue_date: string };
  /** The VIES check of the buyer's VAT number (eu-vat-rules.md c: consultation number and time). */
  vies: { valid: boolean; consultation_number: string | null; checked_at: string } | null;
  payment_terms: string | null;
  footer_text: string | null;
  bank: { name: string | null; iban: string | null; bic: string | null };
}

export type CreditNoteReason = 'cancellation' | 'refund' | 'correction';

/**
 * What a credit note credits: every line (cancellation), quantities of lines at their price
 * (refund), or per unit the amount by which a line's price was too high (correction).
 */
export interface CreditNoteRequest {
  reason: CreditNoteReason;
  lines?: { item_id: number; quantity: number; unit_amount_cents?: number }[];
  note?: string | null;
}

/** The vendor's invoice settings were set (the whole set, as sent). */
export type VendorInvoiceSettingsUpdated = {
  type: 'VendorInvoiceSettingsUpdated';
  data: InvoiceSettings & { vendor_id: number; at: string };
};
/** An invoice was issued with the next number of the vendor's book. */
export type InvoiceIssued = { type: 'InvoiceIssued'; data: IssuedInvoice & { issued_by: number | string | null; at: string } };
/** The invoice's PDF was rendered and stored (it can be rendered again from the invoice itself). */
export type InvoicePdfGenerated = {
  type: 'InvoicePdfGenerated';
  data: { invoice_id: number; vendor_id: number; path: string; bytes: number; sha256: string; at: string };
};

export type InvoiceSettingsEvent = VendorInvoiceSettingsUpdated;
/**
 * A credit note was issued with the next number of the same book (Art. 219): negative amounts per
 * rate group, referencing the invoice it credits. The invoice itself never changes.
 */
export type CreditNoteIssued = {
  type: 'CreditNoteIssued';
  data: IssuedInvoice & { document_type: 'credit_note'; issued_by: number | string | null; at: string };
};

export type InvoiceBookEvent = InvoiceIssued | InvoicePdfGenerated | CreditNoteIssued;
