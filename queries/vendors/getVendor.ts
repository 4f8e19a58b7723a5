import type { Knex } from 'knex';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';
import { CONTACT_FIELDS, type Contact, type ContactField } from '../../src/core/contactFields.ts';

/** The columns of the vendor's company (company_list) the detail shows. */
export type VendorCompany = { name: string; owner_user_id: number } & Contact;

/** The vendor's detail (VendorDetailResponse): its row's fields, its own and its effective contact values, which are inherited. */
export type VendorDetail = {
  id: number;
  vendor_code: string;
  subdomain: string;
  name: string;
  description: string | null;
  company_id: number;
  company_name: string | null;
  owner_user_id: number | null;
  is_active: boolean;
  is_verified: boolean;
  verified_at: string | null;
  company_business_address: string | null;
  company_tax_number: string | null;
  dashboard_language: VendorListRow['dashboard_language'];
  storefront_language: VendorListRow['storefront_language'];
  storefront_languages: VendorListRow['storefront_languages'];
  storefront_locale: VendorListRow['storefront_locale'];
  extmarket_vendor_id: VendorListRow['extmarket_vendor_id'];
  extmarket_vendor_slug: VendorListRow['extmarket_vendor_slug'];
  created_at: string;
  updated_at: string;
} & Contact & { [F in ContactField as `effective_${F}`]: string | null } & { [F in ContactField as `${F}_inherited`]: boolean };

/** One entry per contact field, named by `name`. */
function perField<K extends string, V>(name: (f: ContactField) => K, value: (f: ContactField) => V): Record<K, V> {
  return Object.fromEntries(CONTACT_FIELDS.map((f) => [name(f), value(f)])) as Record<K, V>;
}

/**
 * VendorDetailResponse (SPEC.md part 2 "Vendor"): the vendor's own contact values (null =
 * inherited), the resolved effective_* values, one *_inherited flag per contact field, and the
 * company's business address and tax number. owner_user_id is deprecated: it mirrors the owner of
 * the company, where ownership now lives.
 */
export function toVendorDetail(r: VendorListRow, c: VendorCompany | null | undefined): VendorDetail {
  return {
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
    ...perField(
      (f) => f,
      (f) => r[f],
    ),
    ...perField(
      (f): `effective_${ContactField}` => `effective_${f}`,
      (f) => r[f] ?? c?.[f] ?? null,
    ),
    ...perField(
      (f): `${ContactField}_inherited` => `${f}_inherited`,
      (f) => r[f] === null || r[f] === undefined,
    ),
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
  };
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
  const company = await knex('company_list').where('id', row.company_id).first<VendorCompany | undefined>();
  return toVendorDetail(row, company);
}
