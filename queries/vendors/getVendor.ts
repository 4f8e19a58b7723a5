import type { Knex } from 'knex';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';

/** The contact fields a vendor may override (the same list as commands/vendors/events.ts). */
const CONTACT_FIELDS = ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number'] as const;

/** The columns of the vendor's company (company_list) the detail shows. */
export type VendorCompany = { name: string; owner_user_id: number } & Record<(typeof CONTACT_FIELDS)[number], string | null>;

/**
 * VendorDetailResponse (SPEC.md part 2 "Vendor"): the vendor's own contact values (null =
 * inherited), the resolved effective_* values, one *_inherited flag per contact field, and the
 * company's business address and tax number. owner_user_id is deprecated: it mirrors the owner of
 * the company, where ownership now lives.
 */
export function toVendorDetail(r: VendorListRow, c: VendorCompany | null | undefined) {
  const out: Record<string, unknown> = {
    id: r.id,
    vendor_code: r.vendor_code,
    subdomain: r.subdomain,
    name: r.name,
    description: r.description,
    company_id: r.company_id,
    company_name: c?.name ?? null,
    owner_user_id: c?.owner_user_id ?? null,
    is_active: r.is_active,
    is_verified: r.is_verified,
    verified_at: r.verified_at ? r.verified_at.toISOString() : null,
  };
  for (const f of CONTACT_FIELDS) out[f] = r[f];
  for (const f of CONTACT_FIELDS) out[`effective_${f}`] = r[f] ?? c?.[f] ?? null;
  for (const f of CONTACT_FIELDS) out[`${f}_inherited`] = r[f] === null || r[f] === undefined;
  Object.assign(out, {
    company_business_address: c?.business_address ?? null,
    company_tax_number: c?.tax_number ?? null,
    dashboard_language: r.dashboard_language,
    storefront_language: r.storefront_language,
    storefront_languages: r.storefront_languages,
    storefront_locale: r.storefront_locale,
    extmarket_vendor_id: r.extmarket_vendor_id,
    extmarket_vendor_slug: r.extmarket_vendor_slug,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  });
  return out;
}

/** A numeric identifier is an id; anything else is a vendor code (case-insensitive). */
export async function resolveVendorId(knex: Knex, identifier: string): Promise<number> {
  const numeric = /^\d{1,10}$/.test(identifier);
  if (numeric && Number(identifier) > 2_147_483_647) throw new VendorNotFoundException(`Vendor '${identifier}' not found`);
  const row = numeric
    ? await knex<VendorListRow>('vendor_list').select('id').where('id', Number(identifier)).first()
    : await knex<VendorListRow>('vendor_list').select('id').where('vendor_code', identifier.trim().toUpperCase()).first();
  if (!row) throw new VendorNotFoundException(`Vendor '${identifier}' not found`);
  return row.id;
}

export async function getVendor(knex: Knex, id: number) {
  const row = await knex<VendorListRow>('vendor_list').where('id', id).first();
  if (!row) throw new VendorNotFoundException(`Vendor ${id} not found`);
  const company: VendorCompany | undefined = await knex('company_list').where('id', row.company_id).first();
  return toVendorDetail(row, company);
}
