import type { Knex } from 'knex';
import type { InvoiceSettingsEvent } from '../../commands/invoices/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** invoice_settings: VendorInvoiceSettings per vendor (also read for the seller's VAT profile). */
export const invoiceSettingsProjection: Projection = {
  kind: 'projection',
  name: 'invoice_settings',
  eventTypes: ['VendorInvoiceSettingsUpdated'],
  tables: ['invoice_settings'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new Map<number, any>();
    for (const raw of events) {
      const { at, ...d } = domainEvent<InvoiceSettingsEvent>(raw).data;
      rows.set(d.vendor_id, { ...d, updated_at: at });
    }
    if (rows.size > 0)
      await trx('invoice_settings')
        .insert([...rows.values()])
        .onConflict('vendor_id')
        .merge();
  },
};
