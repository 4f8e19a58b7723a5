import type { TableOf } from '../../src/core/readModel.ts';
import type { BillingAccountRow } from './billingAccounts.ts';
import type { BillingHistoryRow } from './billingHistory.ts';
import type { VendorAddOnRow } from './vendorAddOns.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('billing_accounts')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    billing_accounts: TableOf<BillingAccountRow>;
    billing_history: TableOf<BillingHistoryRow>;
    vendor_add_ons: TableOf<VendorAddOnRow>;
  }
}
