import { EXTMARKET_CREDENTIALS_EVENT_TYPES, type ExtmarketCredentialsEvent } from '../../commands/extmarket/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
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

/**
 * extmarket_credentials: what a vendor may see of its credentials. The sealed key is not copied here.
 * A row projection (src/runtime/rowProjection.ts), one row per vendor: saving the credentials
 * again starts the row anew (its connection untested), the other events change a saved row only.
 */
export const extmarketCredentials = rowProjection<JsonRow<ExtmarketCredentialRow>>({
  name: 'extmarket_credentials',
  eventTypes: EXTMARKET_CREDENTIALS_EVENT_TYPES,
  readModel: ExtmarketCredentialRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<ExtmarketCredentialsEvent>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'ExtmarketCredentialsSaved') {
        rows.set(id, {
          vendor_id: id,
          api_key_hint: e.data.api_key_hint,
          api_endpoint: e.data.api_endpoint,
          auto_sync_enabled: e.data.auto_sync_enabled,
          connection_status: 'untested',
          connection_error: null,
          connection_tested_at: null,
          updated_at: e.data.at,
        });
        return;
      }
      if (e.type === 'ExtmarketCredentialsRemoved') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      switch (e.type) {
        case 'ExtmarketSyncSettingsChanged':
          row.api_endpoint = e.data.api_endpoint;
          row.auto_sync_enabled = e.data.auto_sync_enabled;
          row.updated_at = e.data.at;
          break;
        case 'ExtmarketConnectionTested':
          row.connection_status = e.data.ok ? 'ok' : 'failed';
          row.connection_error = e.data.error;
          row.connection_tested_at = e.data.at;
          break;
      }
    },
  },
});
