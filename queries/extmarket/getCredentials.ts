import type { Knex } from 'knex';
import { iso } from '../../src/core/dates.ts';
import type { ExtmarketCredentialRow } from '../../projections/extmarket/extmarketCredentials.ts';

/** What a vendor or an admin may see of the extmarket credentials: never the key, only its hint. */
export async function getExtmarketCredentials(knex: Knex, vendorId: number) {
  const row = await knex<ExtmarketCredentialRow>('extmarket_credentials').where('vendor_id', vendorId).first();
  if (!row)
    return {
      vendor_id: vendorId,
      configured: false,
      api_key_hint: null,
      api_endpoint: null,
      auto_sync_enabled: false,
      connection_status: null,
      connection_error: null,
      connection_tested_at: null,
      updated_at: null,
    };
  return {
    vendor_id: vendorId,
    configured: true,
    api_key_hint: row.api_key_hint,
    api_endpoint: row.api_endpoint,
    auto_sync_enabled: row.auto_sync_enabled,
    connection_status: row.connection_status,
    connection_error: row.connection_error,
    connection_tested_at: iso(row.connection_tested_at),
    updated_at: row.updated_at.toISOString(),
  };
}
