import type { Knex } from 'knex';
import { VendorDomainNotFoundException } from '../../src/core/errors.ts';

/** The DNS TXT record a vendor publishes to prove it controls a custom domain. */
export const VERIFICATION_RECORD_PREFIX = '_platform-verification';

export function toDomainItem(r: any) {
  return {
    id: r.id, vendor_id: r.vendor_id, domain: r.domain, is_primary: r.is_primary, is_active: r.is_active,
    verification_status: r.verification_status, is_verified: r.verification_status === 'verified',
    verified_at: r.verified_at ? new Date(r.verified_at).toISOString() : null,
    last_checked_at: r.last_checked_at ? new Date(r.last_checked_at).toISOString() : null,
    last_error: r.last_error,
    verification: { type: 'TXT', name: `${VERIFICATION_RECORD_PREFIX}.${r.domain}`, value: r.verification_token },
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function listVendorDomains(knex: Knex, vendorId: number) {
  const items = (await knex('vendor_domains').where('vendor_id', vendorId).orderBy('id')).map(toDomainItem);
  return { items, total: items.length };
}

/** One domain of one vendor; a domain of another vendor is not found. */
export async function getVendorDomain(knex: Knex, vendorId: number, domainId: number) {
  const row = await knex('vendor_domains').where({ vendor_id: vendorId, id: domainId }).first();
  if (!row) throw new VendorDomainNotFoundException(`Domain ${domainId} not found for this vendor`);
  return toDomainItem(row);
}
