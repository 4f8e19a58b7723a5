import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { companyForms } from './companyForms.ts';
import { companyListPages } from './companyList.ts';
import { companyPage } from './companyPage.ts';

export const companiesBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'companies',
      href: '/admin/companies',
      section: 'platform',
      icon: 'building',
      order: 10,
      label: { en: 'Companies', fr: 'Sociétés', de: 'Unternehmen', lb: 'Entreprisen' },
    },
  ],
};

/**
 * The admins' company pages (/admin/companies…): the API's list with its search and flags, a
 * company's details, owner, vendors and history, and forms that run the API's own commands —
 * create (the owner's temporary password shown once, on the answer itself, never stored in a
 * cookie), edit, verify, activate, transfer the ownership, delete (refused while vendors exist).
 */
export function companyPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  companyListPages(api, services);
  companyPage(api, services);
  companyForms(api, services);

  return api.router;
}
