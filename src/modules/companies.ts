import { company } from '../../commands/companies/index.ts';
import { companyList } from '../../projections/companies/companyList.ts';
import { adminCompanyRoutes } from '../http/admin/companies.ts';
import { defineModule } from './module.ts';

export const companiesModule = defineModule({
  name: 'companies',
  tag: 'Companies',
  description: 'Companies that own vendors, and their owners.',
  dependsOn: ['users'],
  routes: { admin: [adminCompanyRoutes] },
  consumers: [companyList],
  aggregates: [company],
});
