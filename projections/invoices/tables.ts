import type { TableOf } from '../../src/core/readModel.ts';
import type { InvoiceRow } from './invoiceList.ts';
import type { InvoiceSettingsRow } from './invoiceSettings.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('invoices')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    invoice_settings: TableOf<InvoiceSettingsRow>;
    invoices: TableOf<InvoiceRow>;
  }
}
