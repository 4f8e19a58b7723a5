import { vendorProduct } from '../../commands/catalogue/vendorProduct.ts';
import { marketplaceProductList } from '../../projections/catalogue/marketplaceProductList.ts';
import { vendorProductList } from '../../projections/catalogue/vendorProductList.ts';
import { adminCatalogueRoutes } from '../http/admin/catalogue.ts';
import { adminVendorProductRoutes } from '../http/admin/vendorProducts.ts';
import { shopProductRoutes } from '../http/shop/products.ts';
import { vendorProductRoutes } from '../http/vendor/products.ts';
import { createPlaceholderProductOnVendorCreated } from '../processes/createPlaceholderProductOnVendorCreated.ts';
import { catalogueBackOffice, cataloguePageRoutes } from '../pages/catalogue/index.ts';
import { defineModule } from './module.ts';

/** A product's record page for the tabs other areas add to it (its images). */
export { productForPage, productPath, renderProductTab, type PageProduct } from '../pages/catalogue/productFrame.ts';

export const catalogueModule = defineModule({
  name: 'catalogue',
  tag: 'Catalogue',
  description: "The marketplace catalogue and each vendor's products.",
  features: ['Marketplace products with translations', 'Vendor products', 'Copy a marketplace product to a vendor'],
  dependsOn: ['vendors', 'history'],
  routes: { admin: [adminCatalogueRoutes, adminVendorProductRoutes], vendor: [vendorProductRoutes], shop: [shopProductRoutes] },
  consumers: [marketplaceProductList, vendorProductList, createPlaceholderProductOnVendorCreated],
  aggregates: [vendorProduct],
  pages: [cataloguePageRoutes],
  backOffice: catalogueBackOffice,
});

/** The shop's product list and one product, as the storefront pages show them. */
export { listShopProducts, SHOP_PRODUCT_SORTS, type ShopProductSort } from '../../queries/catalogue/listShopProducts.ts';
export type { ShopProduct, ShopView } from '../../queries/catalogue/shopProduct.ts';
export { getShopProduct } from '../../queries/catalogue/getShopProduct.ts';

/** A vendor product's write-side state, as the cart and the stock check a product they hold or count. */
export { vendorProduct, type VendorProductState } from '../../commands/catalogue/vendorProduct.ts';

/** A product that exists, and is the acting vendor's: what the stock and the media check first. */
export { liveProduct } from '../../commands/catalogue/handlers.ts';

/** Whether an image belongs to a product the shop shows, for the shop's image files. */
export { getShopProductImage } from '../../queries/catalogue/getShopProduct.ts';

/** A vendor product's row (vendor_product_list), for the areas that read the catalogue's table in their joins. */
export type { VendorProductListRow } from '../../projections/catalogue/vendorProductList.ts';

/** When the catalogue took in a completed import (marketplace_import_publications), for the import job list. */
export type { MarketplaceImportPublicationRow } from '../../projections/catalogue/marketplaceProductList.ts';

/** The vendor's products with these GTINs, for the stock count import's matching. */
export { findProductsByGtin } from '../../queries/catalogue/findProductsByGtin.ts';
