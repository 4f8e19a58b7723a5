import type Router from '@koa/router';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { userForms } from './userForms.ts';
import { userListPages } from './userList.ts';
import { userPage } from './userPage.ts';

export const usersBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'users',
      href: '/admin/users',
      section: 'platform',
      icon: 'users',
      order: 5,
      label: { en: 'Users', fr: 'Utilisateurs', de: 'Benutzer', lb: 'Benotzer' },
    },
  ],
};

/**
 * The admins' user pages (/admin/users…): the API's list with its search, role and status filters
 * and sorts; creating a user (an admin unless the role says otherwise; an empty password makes a
 * temporary one shown once); a user's profile, related records and history tab; editing the
 * profile and role, deactivating and reactivating, and resetting the password (the user must
 * change it at the next sign-in) — the API's own commands and refusals.
 */
export function userPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  userListPages(api, services);
  userPage(api, services);
  userForms(api, services);

  return api.router;
}
