import type { TableOf } from '../../src/core/readModel.ts';
import type { CompanyListRow } from './companyList.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('company_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    company_list: TableOf<CompanyListRow>;
  }
}
