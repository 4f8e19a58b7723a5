import type { Knex } from 'knex';
import { VendorDomainNotFoundException } from '../../commands/vendors/errors.ts';
import { paginate, type PageRequest } from '../../src/core/pagination.ts';
import type { VendorDomainRow } from '../../projections/vendors/vendorDomains.ts';

/** The DNS TXT record a vendor publishes to prove it controls a custom domain. */
export const VERIFICATION_RECORD_PREFIX = '_platform-verification';

export function vendorDomainItem(r: VendorDomainRow) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    domain: r.domain,
    is_primary: r.is_primary,
    is_active: r.is_active,
    verification_status: r.verification_status,
    is_verified: r.verification_status === 'verified',
    verified_at: r.verified_at ? r.verified_at.toISOString() : null,
    last_checked_at: r.last_checked_at ? r.last_checked_at.toISOString() : null,
    last_error: r.last_error,
    verification: { type: 'TXT', name: `${VERIFICATION_RECORD_PREFIX}.${r.domain}`, value: r.verification_token },
    created_at: r.created_at.toISOString(),
  };
}

/** A vendor's custom domains in the order they were added (id), paged in SQL (a vendor has at most MAX_DOMAINS_PER_VENDOR). */
export function listVendorDomains(knex: Knex, vendorId: number, page: PageRequest = { page: 1, limit: 100 }) {
  return paginate(knex('vendor_domains').where('vendor_id', vendorId), page, (q) => q.orderBy('id'), vendorDomainItem);
}

/** One domain of one vendor; a domain of another vendor is not found. */
export async function getVendorDomain(knex: Knex, vendorId: number, domainId: number) {
  const row = await knex<VendorDomainRow>('vendor_domains').where({ vendor_id: vendorId, id: domainId }).first();
  if (!row) throw new VendorDomainNotFoundException(`Domain ${domainId} not found for this vendor`);
  return vendorDomainItem(row);
}
