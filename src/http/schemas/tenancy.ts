import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../responses.ts';

/** Response schemas of the tenancy areas (companies, vendors, domains), shared by admin, vendor and public routes. */

const contact = {
  contact_email: Nullable(Type.String()),
  contact_phone: Nullable(Type.String()),
  website: Nullable(Type.String()),
  business_address: Nullable(Type.String()),
  tax_number: Nullable(Type.String()),
};

/** VendorDetailResponse: own contact values (null = inherited), effective ones, the *_inherited flags. */
export const VendorDetail = Type.Object({
  id: Type.Integer(),
  vendor_code: Type.String(),
  subdomain: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  company_id: Type.Integer(),
  company_name: Nullable(Type.String()),
  owner_user_id: Nullable(Type.Integer({ description: 'Deprecated: the owner of the company' })),
  is_active: Type.Boolean(),
  is_verified: Type.Boolean(),
  verified_at: NullableTimestamp,
  ...contact,
  effective_contact_email: Nullable(Type.String()),
  contact_email_inherited: Type.Boolean(),
  company_business_address: Nullable(Type.String()),
  company_tax_number: Nullable(Type.String()),
  dashboard_language: Type.String(),
  storefront_language: Type.String(),
  storefront_languages: Type.Array(Type.String()),
  storefront_locale: Nullable(Type.String()),
  extmarket_vendor_id: Nullable(Type.String()),
  extmarket_vendor_slug: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** A company (CompanyResponse) with how many vendors it owns. */
export const CompanyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  owner_user_id: Type.Integer(),
  ...contact,
  is_active: Type.Boolean(),
  is_verified: Type.Boolean(),
  vendor_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** A vendor's custom domain and the TXT record that proves it. */
export const VendorDomain = Type.Object({
  id: Type.Integer(),
  vendor_id: Type.Integer(),
  domain: Type.String(),
  is_primary: Type.Boolean(),
  is_active: Type.Boolean(),
  verification_status: Type.String(),
  is_verified: Type.Boolean(),
  verified_at: NullableTimestamp,
  last_checked_at: NullableTimestamp,
  last_error: Nullable(Type.String()),
  verification: Type.Object({ type: Type.Literal('TXT'), name: Type.String(), value: Type.String() }),
  created_at: Timestamp,
});

/** A vendor as the public lookups and the shop show it: contact values are the effective ones. */
export const PublicVendor = Type.Object({
  id: Type.Integer(),
  vendor_code: Type.String(),
  subdomain: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  is_verified: Type.Boolean(),
  contact_email: Nullable(Type.String()),
  contact_phone: Nullable(Type.String()),
  website: Nullable(Type.String()),
  business_address: Nullable(Type.String()),
  storefront_language: Type.String(),
  storefront_languages: Type.Array(Type.String()),
  storefront_locale: Nullable(Type.String()),
});
