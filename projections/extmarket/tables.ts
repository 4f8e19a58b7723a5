import type { TableOf } from '../../src/core/readModel.ts';
import type { ExtmarketCredentialRow } from './extmarketCredentials.ts';
import type { ExtmarketSyncLogRow } from './extmarketSyncLogs.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('extmarket_credentials')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    extmarket_credentials: TableOf<ExtmarketCredentialRow>;
    extmarket_sync_logs: TableOf<ExtmarketSyncLogRow>;
  }
}
