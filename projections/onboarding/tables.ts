import type { TableOf } from '../../src/core/readModel.ts';
import type { VendorOnboardingRow } from './vendorOnboarding.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('vendor_onboarding')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    vendor_onboarding: TableOf<VendorOnboardingRow>;
  }
}
