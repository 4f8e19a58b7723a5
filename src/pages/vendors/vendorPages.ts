import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { vendorForms } from './vendorForms.ts';
import { vendorListPages } from './vendorList.ts';
import { vendorPage } from './vendorPage.ts';

export const vendorsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'vendors',
      href: '/admin/vendors',
      section: 'platform',
      icon: 'store',
      order: 11,
      label: { en: 'Vendors', fr: 'Vendeurs', de: 'Händler', lb: 'Händler' },
    },
  ],
};

/**
 * The admins' vendor pages (/admin/vendors…): the API's list, creation for a company, a vendor's
 * profile with its contact data (own values, and the company's shown as inherited), verification
 * and status, custom domains with the steps and the live DNS check, and its history — every form
 * running the admin API's own commands.
 */
export function vendorPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  vendorListPages(api, services);
  vendorPage(api, services);
  vendorForms(api, services);

  return api.router;
}
