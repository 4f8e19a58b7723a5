import type { Knex } from 'knex';
import { paginate, sortOrders, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { containing } from '../../src/core/likePattern.ts';
import type { CompanyListRow } from '../../projections/companies/companyList.ts';

export interface CompanyListFilter {
  search?: string;
  is_active?: boolean;
  is_verified?: boolean;
  owner_user_id?: number;
}

export interface CompanyItem {
  id: number;
  name: string;
  description: string | null;
  owner_user_id: number;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  business_address: string | null;
  tax_number: string | null;
  is_active: boolean;
  is_verified: boolean;
  vendor_count: number;
  created_at: string;
  updated_at: string;
}

export function toCompanyItem(r: CompanyListRow): CompanyItem {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    owner_user_id: r.owner_user_id,
    contact_email: r.contact_email,
    contact_phone: r.contact_phone,
    website: r.website,
    business_address: r.business_address,
    tax_number: r.tax_number,
    is_active: r.is_active,
    is_verified: r.is_verified,
    vendor_count: r.vendor_count,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The orders of the admin company list; each ends on the id, so pages never repeat or skip a company. */
export const COMPANY_SORTS = sortOrders({ id: 'id', name: 'name', created_at: 'created_at' }, ['id']);
export type CompanySort = keyof typeof COMPANY_SORTS;

/** GET /admin/companies: paginated, searched on name, e-mail and tax number, sorted, with vendor counts. */
export function listCompanies(
  knex: Knex,
  filter: CompanyListFilter,
  page: PageRequest,
  sort: CompanySort = 'id',
): Promise<Page<CompanyItem>> {
  const q = knex<CompanyListRow>('company_list');
  if (filter.search) {
    const like = containing(filter.search);
    q.where((w) => w.whereILike('name', like).orWhereILike('contact_email', like).orWhereILike('tax_number', like));
  }
  if (filter.is_active !== undefined) q.where('is_active', filter.is_active);
  if (filter.is_verified !== undefined) q.where('is_verified', filter.is_verified);
  if (filter.owner_user_id !== undefined) q.where('owner_user_id', filter.owner_user_id);
  return paginate(q, page, (qb) => qb.orderByRaw(COMPANY_SORTS[sort]), toCompanyItem);
}
