import type { TableOf } from '../../src/core/readModel.ts';
import type { VendorDomainRow } from './vendorDomains.ts';
import type { VendorListRow } from './vendorList.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('vendor_domains')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    vendor_domains: TableOf<VendorDomainRow>;
    vendor_list: TableOf<VendorListRow>;
  }
}
