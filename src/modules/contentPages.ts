import { contentPage } from '../../commands/content-pages/contentPage.ts';
import { contentPages } from '../../projections/content-pages/contentPages.ts';
import { adminContentPageRoutes } from '../http/admin/contentPages.ts';
import { shopContentPageRoutes } from '../http/shop/contentPages.ts';
import { vendorContentPageRoutes } from '../http/vendor/contentPages.ts';
import { defineModule } from './module.ts';
import { contentPagePageRoutes, contentPagesNavigation } from '../pages/content-pages/contentPagePages.ts';

/**
 * Content pages (CMS): platform defaults, vendor overrides and vendor pages with a Markdown body
 * per storefront language, published or draft; shown in each shop with its navigation.
 */
export const contentPagesModule = defineModule({
  name: 'content-pages',
  tag: 'Content pages',
  description:
    "Content pages (CMS): platform defaults, vendor overrides and custom pages, drafts and publishing, the shop's pages and navigation, a page at any past time.",
  features: ['Platform default pages', 'Vendor overrides and custom pages', 'Drafts and publishing', 'Shop navigation'],
  dependsOn: ['vendors', 'history'],
  routes: {
    admin: [adminContentPageRoutes],
    vendor: [vendorContentPageRoutes],
    shop: [shopContentPageRoutes],
  },
  consumers: [contentPages],
  aggregates: [contentPage],
  pages: [contentPagePageRoutes],
  backOffice: { navigation: contentPagesNavigation },
});

/** The shop's published pages: the storefront's navigation and a page shown by its slug. */
export { findShownPage, listNavigationPages, type ShownPage } from '../../queries/content-pages/shopPages.ts';
