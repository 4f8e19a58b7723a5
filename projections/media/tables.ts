import type { TableOf } from '../../src/core/readModel.ts';
import type { MediaListRow } from './mediaList.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('media_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    media_list: TableOf<MediaListRow>;
  }
}
