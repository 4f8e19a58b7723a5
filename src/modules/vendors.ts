import { vendor } from '../../commands/vendors/index.ts';
import { vendorDomains } from '../../projections/vendors/vendorDomains.ts';
import { vendorList } from '../../projections/vendors/vendorList.ts';
import { adminVendorDomainRoutes } from '../http/admin/vendorDomains.ts';
import { adminVendorRoutes } from '../http/admin/vendors.ts';
import { publicVendorRoutes } from '../http/public/vendors.ts';
import { shopVendorRoutes } from '../http/shop/vendor.ts';
import { defineModule } from './module.ts';

export const vendorsModule = defineModule({
  name: 'vendors',
  tag: 'Vendors',
  description: 'Vendors, their custom domains, and the public vendor lookup the shop resolves.',
  dependsOn: ['companies'],
  routes: { admin: [adminVendorRoutes, adminVendorDomainRoutes], public: [publicVendorRoutes], shop: [shopVendorRoutes] },
  consumers: [vendorList, vendorDomains],
  aggregates: [vendor],
});
