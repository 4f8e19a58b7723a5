import { vendorProduct } from '../../commands/catalogue/index.ts';
import { marketplaceProductList } from '../../projections/catalogue/marketplaceProductList.ts';
import { vendorProductList } from '../../projections/catalogue/vendorProductList.ts';
import { adminCatalogueRoutes } from '../http/admin/catalogue.ts';
import { adminVendorProductRoutes } from '../http/admin/vendorProducts.ts';
import { shopProductRoutes } from '../http/shop/products.ts';
import { vendorProductRoutes } from '../http/vendor/products.ts';
import { createPlaceholderProductOnVendorCreated } from '../processes/createPlaceholderProductOnVendorCreated.ts';
import { defineModule } from './module.ts';

export const catalogueModule = defineModule({
  name: 'catalogue',
  tag: 'Catalogue',
  description: 'The marketplace catalogue and each vendor\'s products.',
  dependsOn: ['vendors'],
  routes: { admin: [adminCatalogueRoutes, adminVendorProductRoutes], vendor: [vendorProductRoutes], shop: [shopProductRoutes] },
  consumers: [marketplaceProductList, vendorProductList, createPlaceholderProductOnVendorCreated],
  aggregates: [vendorProduct],
});
