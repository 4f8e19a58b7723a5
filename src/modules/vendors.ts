import { vendor } from '../../commands/vendors/vendor.ts';
import { vendorDomains } from '../../projections/vendors/vendorDomains.ts';
import { vendorList } from '../../projections/vendors/vendorList.ts';
import { findShopVendor, shopVendorsView } from '../../projections/vendors/shopVendorsView.ts';
import { notifyAdminsOnTenantCreated } from '../processes/notifyAdminsOnTenantCreated.ts';
import { adminVendorDomainRoutes } from '../http/admin/vendorDomains.ts';
import { adminVendorRoutes } from '../http/admin/vendors.ts';
import { publicVendorRoutes } from '../http/public/vendors.ts';
import { shopVendorRoutes } from '../http/shop/vendor.ts';
import { vendorPageRoutes, vendorsBackOffice } from '../pages/vendors/vendorPages.ts';
import { defineModule } from './module.ts';
import { vendorFigures } from '../../queries/vendors/vendorFigures.ts';
import { findPublicVendor, findPublicVendorByDomain } from '../../queries/vendors/getPublicVendor.ts';

/** The open shops, for the pages that link them (the service's home page). */
export { listShops, type ShopLink } from '../../queries/vendors/listShops.ts';

export const vendorsModule = defineModule({
  name: 'vendors',
  tag: 'Vendors',
  description: 'Vendors, their custom domains, and the public vendor lookup the shop resolves.',
  core: true,
  features: ['Vendors and their contact data', 'Custom domains and subdomains', 'Public vendor lookup'],
  dashboardFigures: (services) => vendorFigures(services.db.knex),
  // Notifications: the admins hear of a new company or vendor to verify.
  dependsOn: ['companies', 'history', 'notifications'],
  routes: { admin: [adminVendorRoutes, adminVendorDomainRoutes], public: [publicVendorRoutes], shop: [shopVendorRoutes] },
  consumers: [vendorList, vendorDomains, notifyAdminsOnTenantCreated],
  aggregates: [vendor],
  pages: [vendorPageRoutes],
  backOffice: vendorsBackOffice,
  memoryViews: [shopVendorsView],
  /**
   * The shop's vendor by the code, subdomain or custom domain a request names (src/http/vendorContext.ts):
   * from memory where the view is loaded (a service), else from vendor_list (a command-line tool).
   */
  shopVendor: (services) => async (by) => {
    if ('domain' in by) return findPublicVendorByDomain(services.db.knex, by.domain);
    const vendors = services.views.find(shopVendorsView);
    return vendors ? findShopVendor(vendors, by) : findPublicVendor(services.db.knex, by);
  },
});

/** A vendor as the admin API answers it (VendorDetailResponse), for the pages of areas built on vendors. */
export { getVendor } from '../../queries/vendors/getVendor.ts';
/** A vendor's id from the id or code an admin URL names, or a 404: for the admin routes of areas built on vendors. */
export { resolveVendorId } from '../../queries/vendors/getVendor.ts';
/** The `{identifier}` path parameter (a vendor's id or code) of the admin routes about one vendor. */
export { IdentifierParams } from '../http/admin/vendors.ts';

/** Vendors created per day, for the admins' platform statistics (src/http/admin/adminDashboard.ts). */
export { vendorSeries } from '../../queries/vendors/vendorFigures.ts';
/** A vendor's write-side state, as the areas that check a vendor (content pages, messaging) load it. */
export { vendor } from '../../commands/vendors/vendor.ts';
/** The vendor's profile and extmarket settings as another area changes them (the onboarding's company profile step, the vendor's settings). */
export { changeExtmarketSettings, changeVendorProfile, type VendorDeps } from '../../commands/vendors/handlers.ts';
/** Opening a vendor for another area's flow (the signup's vendor, with its extmarket identity). */
export { checkSubdomain, createVendor } from '../../commands/vendors/handlers.ts';
/**
 * The vendors' unique values (code, subdomain, marketplace shop) on the write side: who holds one,
 * and claiming one ahead of createVendor (which then finds it already its own).
 */
export { claim as claimVendorValue, release as releaseVendorValue, uniqueValueHolder } from '../../commands/vendors/unique.ts';
/** The vendors as an admin page's vendor filter offers them (id, "Name (CODE)"). */
export { vendorChoices } from '../../queries/vendors/vendorChoices.ts';
/** A vendor's entry in the tenant directory (code, name, whether active, default tax rate), or a 404: what other areas check a vendor id against. */
export { getVendorRef } from '../../queries/vendors/getVendorRef.ts';

/** A shop's vendor by its code, subdomain or domain, as the storefront finds it. */
export { findPublicVendor } from '../../queries/vendors/getPublicVendor.ts';

/** The vendor's domains, for its settings. */
export { listVendorDomains } from '../../queries/vendors/listVendorDomains.ts';

/** The vendor list's row, as the areas that find a vendor by its code or name read it (messaging's admin form). */
export type { VendorListRow } from '../../projections/vendors/vendorList.ts';
