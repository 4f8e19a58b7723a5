import { userList } from '../projections/users/userList.ts';
import { vendorList } from '../projections/vendors/vendorList.ts';
import { companyList } from '../projections/companies/companyList.ts';
import { vendorDomains } from '../projections/vendors/vendorDomains.ts';
import { vendorTeamMembers } from '../projections/team/vendorTeamMembers.ts';
import { vendorTeamInvitations } from '../projections/team/vendorTeamInvitations.ts';
import { vendorThemes } from '../projections/themes/vendorThemes.ts';
import { platformSettingsProjection } from '../projections/settings/platformSettings.ts';
import { ordersConsumers } from './ordersConsumers.ts';
import type { Consumer } from './runtime/consumer.ts';

/** Every projection and process manager of the service; the runner starts them all. */
export const consumers: readonly Consumer[] = [
  userList,
  vendorList,
  companyList,
  vendorDomains,
  vendorTeamMembers,
  vendorTeamInvitations,
  vendorThemes,
  platformSettingsProjection,
  ...ordersConsumers,
];
