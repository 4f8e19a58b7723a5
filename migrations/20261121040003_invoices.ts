import type { Knex } from 'knex';

/**
 * Invoice read models (SPEC.md part 2 "Other records": Invoice, VendorInvoiceSettings).
 * Invoices are immutable: a row is written once when the invoice is issued; only the PDF columns
 * are filled in later. Numbers are gapless per vendor (commands/invoices/invoiceBook.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE invoice_id_seq');
  // projections/invoices/invoiceSettings.ts
  await knex.raw(`CREATE TABLE invoice_settings (
    vendor_id                           integer PRIMARY KEY,
    company_name                        text NOT NULL,
    company_address                     text NOT NULL,
    company_postal_code                 text NOT NULL,
    company_city                        text NOT NULL,
    company_country_iso                 text NOT NULL,
    vat_number                          text,
    invoice_prefix                      text NOT NULL,
    payment_terms                       text,
    bank_name                           text,
    bank_iban                           text,
    bank_bic                            text,
    footer_text                         text,
    oss_opted_for_destination           boolean NOT NULL,
    cross_border_b2c_previous_year_cents bigint NOT NULL,
    updated_at                          timestamptz NOT NULL
  )`);
  // projections/invoices/invoiceList.ts
  await knex.raw(`CREATE TABLE invoices (
    id                integer PRIMARY KEY,
    vendor_id         integer NOT NULL,
    order_id          integer NOT NULL,
    sequence_number   integer NOT NULL,
    invoice_number    text NOT NULL,
    issue_date        date NOT NULL,
    supply_date       date,
    currency          text NOT NULL,
    vat_regime        text NOT NULL,
    vat_country_iso   text,
    net_cents         bigint NOT NULL,
    vat_cents         bigint NOT NULL,
    gross_cents       bigint NOT NULL,
    seller            jsonb NOT NULL,
    buyer             jsonb NOT NULL,
    lines             jsonb NOT NULL,
    vat_groups        jsonb NOT NULL,
    mentions          jsonb NOT NULL,
    pdf_path          text,
    pdf_bytes         integer,
    pdf_sha256        text,
    pdf_generated_at  timestamptz,
    created_by        text,
    created_at        timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX invoices_vendor ON invoices (vendor_id, sequence_number DESC)');
  await knex.raw('CREATE INDEX invoices_order ON invoices (order_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE invoices');
  await knex.raw('DROP TABLE invoice_settings');
  await knex.raw('DROP SEQUENCE invoice_id_seq');
}
