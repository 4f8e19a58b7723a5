import { company } from '../../commands/companies/company.ts';
import { companyList } from '../../projections/companies/companyList.ts';
import { adminCompanyRoutes } from '../http/admin/companies.ts';
import { companiesBackOffice, companyPageRoutes } from '../pages/companies/companyPages.ts';
import { defineModule } from './module.ts';
import { companyFigures } from '../../queries/companies/companyFigures.ts';

export const companiesModule = defineModule({
  name: 'companies',
  tag: 'Companies',
  description: 'Companies that own vendors, and their owners.',
  core: true,
  features: ['Companies and their owners', 'Ownership transfer', 'Contact data vendors inherit'],
  dashboardFigures: (services) => companyFigures(services.db.knex),
  dependsOn: ['users', 'history'],
  routes: { admin: [adminCompanyRoutes] },
  consumers: [companyList],
  aggregates: [company],
  pages: [companyPageRoutes],
  backOffice: companiesBackOffice,
});

/** A company's write-side state, as vendors check the company a vendor belongs to. */
export { company } from '../../commands/companies/company.ts';
/** Registering a company for another area's flow (the signup's company). */
export { createCompany } from '../../commands/companies/handlers.ts';
