import type { TableOf } from '../../src/core/readModel.ts';
import type { UserListRow } from './userList.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('user_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    user_list: TableOf<UserListRow>;
  }
}
