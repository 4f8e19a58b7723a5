import type { Knex } from 'knex';

/**
 * Credit notes share the invoices read model (one gapless sequence per vendor, Art. 219):
 * the document type, the invoice a credit note credits, its reason, and the VAT stated in a
 * local currency (Art. 230) on either.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE invoices ADD COLUMN document_type text NOT NULL DEFAULT 'invoice'`);
  await knex.raw('ALTER TABLE invoices ADD COLUMN credited_invoice_id integer');
  await knex.raw('ALTER TABLE invoices ADD COLUMN credit_reason text');
  await knex.raw('ALTER TABLE invoices ADD COLUMN credit_note text');
  await knex.raw('ALTER TABLE invoices ADD COLUMN vat_local jsonb');
  await knex.raw('CREATE INDEX invoices_credited ON invoices (credited_invoice_id) WHERE credited_invoice_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX invoices_credited');
  for (const c of ['vat_local', 'credit_note', 'credit_reason', 'credited_invoice_id', 'document_type'])
    await knex.raw(`ALTER TABLE invoices DROP COLUMN ${c}`);
}
