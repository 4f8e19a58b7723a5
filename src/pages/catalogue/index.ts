import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { marketplacePages } from './marketplacePages.ts';
import { productListPages } from './productListPages.ts';
import { productPages } from './productPages.ts';

/** The catalogue in both back offices: navigation entries (the vendor's by team permission and plan feature). */
export const catalogueBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'products',
      href: '/vendor/products',
      section: 'catalogue',
      icon: 'box',
      order: 10,
      permission: 'products.view',
      feature: 'product_management',
      label: { en: 'Products', fr: 'Produits', de: 'Produkte', lb: 'Produkter' },
    },
    {
      area: 'admin',
      key: 'catalogue',
      href: '/admin/catalogue',
      section: 'catalogue',
      icon: 'layers',
      order: 10,
      label: { en: 'Marketplace catalogue', fr: 'Catalogue de la place de marché', de: 'Marktplatzkatalog', lb: 'Marktplaz-Katalog' },
    },
    {
      area: 'admin',
      key: 'vendor-products',
      href: '/admin/vendor-products',
      section: 'catalogue',
      icon: 'box',
      order: 20,
      label: { en: 'Vendor products', fr: 'Produits des vendeurs', de: 'Händlerprodukte', lb: 'Produkter vun de Verkeefer' },
    },
  ],
};

/**
 * The catalogue's back-office pages: vendor products (list, create, edit, images, delete, history)
 * and the marketplace catalogue with its copy, each written once for both areas. The static paths
 * (/new, the marketplace) are declared before the product's /{id}.
 */
export function cataloguePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  for (const area of ['vendor', 'admin'] as const) {
    productListPages(api, services, area);
    marketplacePages(api, services, area);
    productPages(api, services, area);
  }
  return api.router;
}
