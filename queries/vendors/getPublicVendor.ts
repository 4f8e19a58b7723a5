import type { Knex } from 'knex';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { sql } from '../../src/runtime/database.ts';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';
import type { ShopVendor } from '../../src/http/vendorContext.ts';

/** Columns of a vendor that anyone may see (public lookups and the shop's own vendor). */
const COLUMNS = [
  'v.id',
  'v.vendor_code',
  'v.subdomain',
  'v.name',
  'v.description',
  'v.is_verified',
  'v.storefront_language',
  'v.storefront_languages',
  'v.storefront_locale',
  'v.contact_email',
  'v.contact_phone',
  'v.website',
  'v.business_address',
  'c.contact_email as c_contact_email',
  'c.contact_phone as c_contact_phone',
  'c.website as c_website',
  'c.business_address as c_business_address',
];

/** The shape the shop's vendor lookup answers (the generic layer's contract, src/http/vendorContext.ts). */
export type PublicVendor = ShopVendor;

/** What COLUMNS read: the vendor's columns and its company's contact values (c_*). */
type PublicVendorRead = Pick<
  VendorListRow,
  | 'id'
  | 'vendor_code'
  | 'subdomain'
  | 'name'
  | 'description'
  | 'is_verified'
  | 'storefront_language'
  | 'storefront_languages'
  | 'storefront_locale'
  | 'contact_email'
  | 'contact_phone'
  | 'website'
  | 'business_address'
> & {
  c_contact_email: string | null;
  c_contact_phone: string | null;
  c_website: string | null;
  c_business_address: string | null;
};

/** Contact values are the effective ones (the vendor's own, else the company's). */
const toPublic = (r: PublicVendorRead): PublicVendor => ({
  id: r.id,
  vendor_code: r.vendor_code,
  subdomain: r.subdomain,
  name: r.name,
  description: r.description,
  is_verified: r.is_verified,
  contact_email: r.contact_email ?? r.c_contact_email ?? null,
  contact_phone: r.contact_phone ?? r.c_contact_phone ?? null,
  website: r.website ?? r.c_website ?? null,
  business_address: r.business_address ?? r.c_business_address ?? null,
  storefront_language: r.storefront_language,
  storefront_languages: r.storefront_languages,
  storefront_locale: r.storefront_locale,
});

/** An active vendor by id, code or subdomain; inactive and unknown vendors are not found. */
export async function findPublicVendor(
  knex: Knex,
  by: { id?: number; vendor_code?: string; subdomain?: string },
): Promise<PublicVendor | null> {
  if (by.id === undefined && by.vendor_code !== undefined) {
    const row = await byCode(knex).read(by.vendor_code.toUpperCase());
    return row ? toPublic(row) : null;
  }
  const q = knex('vendor_list as v').leftJoin('company_list as c', 'c.id', 'v.company_id').select(COLUMNS).where('v.is_active', true);
  if (by.id !== undefined) q.where('v.id', by.id);
  else if (by.subdomain !== undefined) q.where('v.subdomain', by.subdomain.toLowerCase());
  else return null;
  const row = await q.first<PublicVendorRead | undefined>();
  return row ? toPublic(row) : null;
}

/**
 * The active vendors by code: every shop request names its vendor, and the lookups of concurrent
 * requests go in one statement (src/runtime/coalescedReads.ts).
 */
const byCode = coalescedReadsPer<string, PublicVendorRead>(async (knex, codes) => {
  const text = knex('vendor_list as v')
    .leftJoin('company_list as c', 'c.id', 'v.company_id')
    .select(COLUMNS)
    .where('v.is_active', true)
    .whereRaw('v.vendor_code = ANY(?::text[])', [codes])
    .toSQL()
    .toNative();
  const rows = await sql<PublicVendorRead>(knex, text.sql, [...text.bindings], 'public_vendors_by_code');
  return new Map(rows.map((r) => [r.vendor_code, r]));
});

/** The active vendor behind a verified, active custom domain. */
export async function findPublicVendorByDomain(knex: Knex, domain: string): Promise<PublicVendor | null> {
  const row = await knex('vendor_domains as d')
    .join('vendor_list as v', 'v.id', 'd.vendor_id')
    .leftJoin('company_list as c', 'c.id', 'v.company_id')
    .select(COLUMNS)
    .where({ 'd.domain': domain.toLowerCase(), 'd.verification_status': 'verified', 'd.is_active': true, 'v.is_active': true })
    .first<PublicVendorRead | undefined>();
  return row ? toPublic(row) : null;
}

export async function getPublicVendor(knex: Knex, by: { id?: number; vendor_code?: string; subdomain?: string }): Promise<PublicVendor> {
  const found = await findPublicVendor(knex, by);
  if (!found) throw new VendorNotFoundException(`Vendor ${by.vendor_code ?? by.subdomain ?? by.id} not found`);
  return found;
}
