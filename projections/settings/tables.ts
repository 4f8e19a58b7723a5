import type { TableOf } from '../../src/core/readModel.ts';
import type { PlatformSettingRow } from './platformSettings.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('platform_settings')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    platform_settings: TableOf<PlatformSettingRow>;
  }
}
