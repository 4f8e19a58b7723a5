import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { binForms } from './binForms.ts';
import { binPage } from './binPage.ts';
import { stockImportPages } from './stockImportPages.ts';
import { stockListPages } from './stockListPages.ts';

const label = (en: string, fr: string, de: string, lb: string) => ({ en, fr, de, lb });
export const inventoryNavigation: BackOfficeContribution['navigation'] = [
  {
    area: 'vendor',
    key: 'inventory',
    href: '/vendor/inventory',
    section: 'catalogue',
    icon: 'box',
    order: 30,
    permission: 'inventory.view',
    label: label('Inventory', 'Stock', 'Lager', 'Lager'),
  },
  {
    area: 'admin',
    key: 'inventory',
    href: '/admin/inventory',
    section: 'catalogue',
    icon: 'box',
    order: 30,
    label: label('Inventory', 'Stock', 'Lager', 'Lager'),
  },
];

/**
 * The inventory pages of both back offices. Vendor: stock by warehouse and bin, a bin's page with
 * its history tab (the product's stock stream), the adjustment, move and removal forms, adding a
 * bin, the stock ledger and the stock import — every write through the inventory commands the
 * vendor API runs. Admin: stock across vendors with the vendor filter, any bin's page and history
 * (with its export), the ledger with its statistics by movement type, and the bulk stock import
 * for any vendor (the import of POST /admin/inventory/import).
 */
export function inventoryPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  for (const area of ['vendor', 'admin'] as const) {
    stockListPages(api, services, area);
    stockImportPages(api, services, area);
    binPage(api, services, area);
  }
  binForms(api, services);

  return api.router;
}
