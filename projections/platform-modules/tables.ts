import type { TableOf } from '../../src/core/readModel.ts';
import type { PlatformModuleStateRow } from './platformModuleStates.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('platform_module_states')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    platform_module_states: TableOf<PlatformModuleStateRow>;
  }
}
