import type { TableOf } from '../../src/core/readModel.ts';
import type { CustomerListRow } from './customerList.ts';
import type { CustomerSessionRow } from './customerSessions.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('customer_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    customer_list: TableOf<CustomerListRow>;
    customer_sessions: TableOf<CustomerSessionRow>;
  }
}
