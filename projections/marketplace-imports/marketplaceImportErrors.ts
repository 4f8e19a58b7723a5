import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import type { MarketplaceImportRowsRejected } from '../../commands/marketplace-imports/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const ROWS_PER_INSERT = 1000;

/**
 * marketplace_import_errors: the MarketplaceImportError records (SPEC.md part 2), one per
 * rejected row, written as multi-row inserts. A rejection event holds up to a batch of rows, so
 * this projector reads a few dozen events per transaction, not a thousand.
 */
export const marketplaceImportErrors: Projection = {
  kind: 'projection',
  name: 'marketplace_import_errors',
  // The end of a job changes nothing here, but reading it moves this projection past the job's
  // last event at once, which is what a client polling the job waits for.
  eventTypes: ['MarketplaceImportRowsRejected', 'MarketplaceImportCompleted', 'MarketplaceImportFailed'],
  tables: ['marketplace_import_errors'],
  batchSize: 40,
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = events
      .filter((e) => e.type === 'MarketplaceImportRowsRejected')
      .flatMap((raw) => {
        const { job_id, vendor_id, errors } = domainEvent<MarketplaceImportRowsRejected>(raw).data;
        return errors.map((r) => ({
          job_id,
          vendor_id,
          row_number: r.row,
          identifier: r.identifier,
          error_type: r.error_type,
          error_message: r.message,
          row_data: JSON.stringify(r.row_data),
          created_at: raw.recorded_at,
        }));
      });
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx('marketplace_import_errors')
        .insert(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflict(['job_id', 'row_number'])
        .ignore();
    }
  },
};
