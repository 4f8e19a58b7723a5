import type { TableOf } from '../../src/core/readModel.ts';
import type {
  VendorOpenExceptionRow,
  VendorOrderCountRow,
  VendorOrderDayRow,
  VendorOrderStateRow,
  VendorProductDayRow,
} from './vendorDashboardFigures.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('vendor_order_counts')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    vendor_open_exceptions: TableOf<VendorOpenExceptionRow>;
    vendor_order_counts: TableOf<VendorOrderCountRow>;
    vendor_order_days: TableOf<VendorOrderDayRow>;
    vendor_order_states: TableOf<VendorOrderStateRow>;
    vendor_product_days: TableOf<VendorProductDayRow>;
  }
}
