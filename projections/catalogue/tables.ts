import type { TableOf } from '../../src/core/readModel.ts';
import type {
  MarketplaceImportPublicationRow,
  MarketplaceImportStagedBatchRow,
  MarketplaceProductListRow,
  MarketplaceProductTranslationRow,
} from './marketplaceProductList.ts';
import type { VendorProductListRow } from './vendorProductList.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('vendor_product_list')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    marketplace_product_list: TableOf<MarketplaceProductListRow>;
    marketplace_product_translations: TableOf<MarketplaceProductTranslationRow>;
    marketplace_import_staged_batches: TableOf<MarketplaceImportStagedBatchRow>;
    marketplace_import_publications: TableOf<MarketplaceImportPublicationRow>;
    vendor_product_list: TableOf<VendorProductListRow>;
  }
}
