import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { escapeLike } from '../companies/listCompanies.ts';
import { toVendorDetail } from './getVendor.ts';

export interface VendorListFilter {
  search?: string;
  company_id?: number;
  is_active?: boolean;
  is_verified?: boolean;
}

/** GET /admin/vendors: paginated, searched on code, name and subdomain, items as VendorDetailResponse. */
export function listVendors(knex: Knex, filter: VendorListFilter, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const q = knex('vendor_list as v').leftJoin('company_list as c', 'c.id', 'v.company_id')
    .select('v.*', knex.raw(`to_jsonb(c.*) AS company`));
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    q.where((w) => w.whereILike('v.vendor_code', like).orWhereILike('v.name', like).orWhereILike('v.subdomain', like));
  }
  if (filter.company_id !== undefined) q.where('v.company_id', filter.company_id);
  if (filter.is_active !== undefined) q.where('v.is_active', filter.is_active);
  if (filter.is_verified !== undefined) q.where('v.is_verified', filter.is_verified);
  return paginate(q, page, (qb) => qb.orderBy('v.id', 'asc'), (r) => toVendorDetail(r, r.company));
}
