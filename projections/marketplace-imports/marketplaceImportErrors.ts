import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import type { MarketplaceImportRowsRejected } from '../../commands/marketplace-imports/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

/** A MarketplaceImportError record: one rejected row of a job. */
export const MarketplaceImportErrorRow = readModel('marketplace_import_errors', {
  job_id: column.int(),
  /** The row's line in the file. */
  row_number: column.int(),
  vendor_id: column.int(),
  /** The row's GTIN or SKU when it has one. */
  identifier: column.nullable(column.text()),
  error_type: column.oneOf([
    'parse_error',
    'malformed_row',
    'missing_identifier',
    'invalid_gtin',
    'missing_title',
    'invalid_price',
    'field_too_long',
    'invalid_url',
    'invalid_vat_category',
  ]),
  error_message: column.text(),
  row_data: column.json(
    Type.Record(Type.String(), Type.String(), { description: "The rejected row's fields by column (a line that is not CSV: { raw })" }),
  ),
  created_at: column.time(),
});
export type MarketplaceImportErrorRow = RowOf<typeof MarketplaceImportErrorRow>;

const ROWS_PER_INSERT = 1000;

/**
 * marketplace_import_errors: the MarketplaceImportError records (SPEC.md part 2), one per
 * rejected row, written as multi-row inserts. A rejection event holds up to a batch of rows, so
 * this projector reads a few dozen events per transaction, not a thousand.
 *
 * Not a row projection: a row is keyed by its job and its line together (the shared helper keys a
 * row by one column), and its time is when the rejection was recorded, which a fold never reads (it
 * reads only an event's id, type, data and position).
 */
export const marketplaceImportErrors: Projection = {
  kind: 'projection',
  name: 'marketplace_import_errors',
  // The end of a job changes nothing here, but reading it moves this projection past the job's
  // last event at once, which is what a client polling the job waits for.
  eventTypes: ['MarketplaceImportRowsRejected', 'MarketplaceImportCompleted', 'MarketplaceImportFailed'],
  tables: ['marketplace_import_errors'],
  readModels: [MarketplaceImportErrorRow],
  batchSize: 40,
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = events
      .filter((e) => e.type === 'MarketplaceImportRowsRejected')
      .flatMap((raw) => {
        const { job_id, vendor_id, errors } = domainEvent<MarketplaceImportRowsRejected>(raw).data;
        return errors.map((r): JsonRow<MarketplaceImportErrorRow> => ({
          job_id,
          vendor_id,
          row_number: r.row,
          identifier: r.identifier,
          error_type: r.error_type,
          error_message: r.message,
          row_data: r.row_data,
          created_at: raw.recorded_at,
        }));
      });
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx('marketplace_import_errors')
        .insert(rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({ ...r, row_data: JSON.stringify(r.row_data) })))
        .onConflict(['job_id', 'row_number'])
        .ignore();
    }
  },
};
