import type { TableOf } from '../../src/core/readModel.ts';
import type { ContentPageRow } from './contentPages.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('content_pages')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    content_pages: TableOf<ContentPageRow>;
  }
}
