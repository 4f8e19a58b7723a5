import type { Knex } from 'knex';
import { EXTMARKET_CREDENTIALS_EVENT_TYPES, type ExtmarketCredentialsEvent } from '../../commands/extmarket/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const ExtmarketCredentialRow = readModel('extmarket_credentials', {
  vendor_id: column.int(),
  api_key_hint: column.text({ description: "The key's last four characters" }),
  api_endpoint: column.text(),
  auto_sync_enabled: column.bool(),
  connection_status: column.oneOf(['untested', 'ok', 'failed']),
  connection_error: column.nullable(column.text()),
  connection_tested_at: column.nullable(column.time()),
  updated_at: column.time(),
});
export type ExtmarketCredentialRow = RowOf<typeof ExtmarketCredentialRow>;
type Written = JsonRow<ExtmarketCredentialRow>;

/** extmarket_credentials: what a vendor may see of its credentials. The sealed key is not copied here. */
export const extmarketCredentials: Projection = {
  kind: 'projection',
  name: 'extmarket_credentials',
  eventTypes: EXTMARKET_CREDENTIALS_EVENT_TYPES,
  tables: ['extmarket_credentials'],
  readModels: [ExtmarketCredentialRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    for (const raw of events) {
      const e = domainEvent<ExtmarketCredentialsEvent>(raw);
      const d = e.data;
      switch (e.type) {
        case 'ExtmarketCredentialsSaved':
          await trx('extmarket_credentials')
            .insert({
              vendor_id: d.vendor_id,
              api_key_hint: e.data.api_key_hint,
              api_endpoint: e.data.api_endpoint,
              auto_sync_enabled: e.data.auto_sync_enabled,
              connection_status: 'untested',
              connection_error: null,
              connection_tested_at: null,
              updated_at: e.data.at,
            } satisfies Written)
            .onConflict('vendor_id')
            .merge();
          break;
        case 'ExtmarketSyncSettingsChanged':
          await trx('extmarket_credentials')
            .where('vendor_id', d.vendor_id)
            .update({
              api_endpoint: e.data.api_endpoint,
              auto_sync_enabled: e.data.auto_sync_enabled,
              updated_at: e.data.at,
            } satisfies Partial<Written>);
          break;
        case 'ExtmarketCredentialsRemoved':
          await trx('extmarket_credentials').where('vendor_id', d.vendor_id).delete();
          break;
        case 'ExtmarketConnectionTested':
          await trx('extmarket_credentials')
            .where('vendor_id', d.vendor_id)
            .update({
              connection_status: e.data.ok ? 'ok' : 'failed',
              connection_error: e.data.error,
              connection_tested_at: e.data.at,
            } satisfies Partial<Written>);
          break;
      }
    }
  },
};
