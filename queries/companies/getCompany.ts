import type { Knex } from 'knex';
import { CompanyNotFoundException } from '../../commands/companies/errors.ts';
import type { CompanyListRow } from '../../projections/companies/companyList.ts';
import { toCompanyItem, type CompanyItem } from './listCompanies.ts';

export interface CompanyDetail extends CompanyItem {
  owner: { id: number; email: string; username: string; is_active: boolean } | null;
  vendors: { id: number; vendor_code: string; name: string; subdomain: string; is_active: boolean; is_verified: boolean }[];
}

/** GET /admin/companies/{id}: the company, its owner and its vendors. */
export async function getCompany(knex: Knex, id: number): Promise<CompanyDetail> {
  const row = await knex<CompanyListRow>('company_list').where('id', id).first();
  if (!row) throw new CompanyNotFoundException(`Company ${id} not found`);
  const [owner, vendors] = await Promise.all([
    knex('user_list').select('id', 'email', 'username', 'is_active').where('id', row.owner_user_id).first(),
    knex('vendor_list').select('id', 'vendor_code', 'name', 'subdomain', 'is_active', 'is_verified').where('company_id', id).orderBy('id'),
  ]);
  return { ...toCompanyItem(row), owner: owner ?? null, vendors };
}

/** Companies a user owns (the users ownership check and the user detail counts). */
export async function countOwnedCompanies(knex: Knex, userId: number): Promise<number> {
  const [{ n }] = await knex('company_list').where('owner_user_id', userId).count({ n: '*' });
  return Number(n);
}
