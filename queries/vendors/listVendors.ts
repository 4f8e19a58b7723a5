import type { Knex } from 'knex';
import { paginate, sortOrders, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';
import { toVendorDetail, type VendorCompany } from './getVendor.ts';
import { containing } from '../../src/core/likePattern.ts';

export interface VendorListFilter {
  search?: string;
  company_id?: number;
  is_active?: boolean;
  is_verified?: boolean;
}

/** The orders of the admin vendor list; each ends on the id, so pages never repeat or skip a vendor. */
export const VENDOR_SORTS = sortOrders({ id: 'v.id', name: 'v.name', vendor_code: 'v.vendor_code', created_at: 'v.created_at' }, ['v.id']);
export type VendorSort = keyof typeof VENDOR_SORTS;

/** GET /admin/vendors: paginated, searched on code, name and subdomain, sorted, items as VendorDetailResponse. */
export function listVendors(
  knex: Knex,
  filter: VendorListFilter,
  page: PageRequest,
  sort: VendorSort = 'id',
): Promise<Page<Record<string, unknown>>> {
  const q = knex('vendor_list as v')
    .leftJoin('company_list as c', 'c.id', 'v.company_id')
    .select('v.*', knex.raw(`to_jsonb(c.*) AS company`));
  if (filter.search) {
    const like = containing(filter.search);
    q.where((w) => w.whereILike('v.vendor_code', like).orWhereILike('v.name', like).orWhereILike('v.subdomain', like));
  }
  if (filter.company_id !== undefined) q.where('v.company_id', filter.company_id);
  if (filter.is_active !== undefined) q.where('v.is_active', filter.is_active);
  if (filter.is_verified !== undefined) q.where('v.is_verified', filter.is_verified);
  return paginate(
    q,
    page,
    (qb) => qb.orderByRaw(VENDOR_SORTS[sort]),
    (r: VendorListRow & { company: VendorCompany | null }) => toVendorDetail(r, r.company),
  );
}
