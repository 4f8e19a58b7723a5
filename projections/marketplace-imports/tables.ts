import type { TableOf } from '../../src/core/readModel.ts';
import type { MarketplaceImportErrorRow } from './marketplaceImportErrors.ts';
import type { MarketplaceImportJobRow } from './marketplaceImportJobs.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('marketplace_import_errors')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    marketplace_import_errors: TableOf<MarketplaceImportErrorRow>;
    marketplace_import_jobs: TableOf<MarketplaceImportJobRow>;
  }
}
