import type { Knex } from 'knex';
import { paginate, sortOrders, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { CustomerListRow } from '../../projections/customers/customerList.ts';
import { containing } from '../../src/core/likePattern.ts';

export interface CustomerFilter {
  /** The vendor area: the token's vendor, always; the admin area: the optional vendor filter. */
  vendor_id?: number;
  /** A substring of the e-mail, first or last name, any case. */
  search?: string;
}

/**
 * The orders of the customer lists (default `-created_at`, newest first). Each ends on the
 * customer id, so pages never repeat or skip a customer; indexed per vendor (vendor_id, <key>, id)
 * and across vendors (<key>, id): migrations/2026112520_customers.ts.
 */
export const CUSTOMER_SORTS = sortOrders(
  {
    created_at: 'c.created_at',
    email: 'c.email',
    last_name: 'c.last_name',
    order_count: 'c.order_count',
    total_spent: 'c.total_spent_cents',
    last_order_at: 'c.last_order_at',
  },
  ['c.id'],
);
export type CustomerSort = keyof typeof CUSTOMER_SORTS;

/** A customer as the lists read it: the row but the saved addresses and preferences, and its vendor's code and name. */
export type CustomerRead = Omit<CustomerListRow, 'addresses' | 'preferences'> & { vendor_code: string | null; vendor_name: string | null };

/** A customer row of a list: identity, language, order statistics, and the vendor it belongs to. */
export function customerRow(r: CustomerRead) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    vendor_code: r.vendor_code,
    vendor_name: r.vendor_name,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    preferred_language: r.preferred_language,
    order_count: r.order_count,
    total_spent_cents: Number(r.total_spent_cents),
    last_order_at: r.last_order_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type CustomerRow = ReturnType<typeof customerRow>;

/** Customers of one vendor (vendor area) or of every vendor (admin), searched and sorted. */
export function listCustomers(
  knex: Knex,
  filter: CustomerFilter,
  page: PageRequest,
  sort: CustomerSort = '-created_at',
): Promise<Page<CustomerRow>> {
  const base = knex('customer_list as c')
    .leftJoin('vendor_list as v', 'v.id', 'c.vendor_id')
    .select(
      'c.id',
      'c.vendor_id',
      'c.email',
      'c.first_name',
      'c.last_name',
      'c.preferred_language',
      'c.order_count',
      'c.total_spent_cents',
      'c.last_order_at',
      'c.created_at',
      'c.updated_at',
      'v.vendor_code',
      'v.name as vendor_name',
    );
  if (filter.vendor_id !== undefined) base.where('c.vendor_id', filter.vendor_id);
  if (filter.search) {
    const like = containing(filter.search);
    base.where((q) => q.whereILike('c.email', like).orWhereILike('c.first_name', like).orWhereILike('c.last_name', like));
  }
  return paginate(base, page, (q) => q.orderByRaw(CUSTOMER_SORTS[sort]), customerRow);
}
