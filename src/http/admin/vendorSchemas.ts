import { Type } from '@sinclair/typebox';
import { VendorListRow } from '../../../projections/vendors/vendorList.ts';
import { Nullable, rowFields } from '../responses.ts';
import { effectiveContact, inheritedContact } from '../schemas/tenancy.ts';
import { ContactSchema, Description, ExtmarketIdentitySchema, LanguageSchema, Name, Subdomain, VendorCode } from '../tenancySchemas.ts';
import { Id } from '../validation.ts';

/** The admin vendor routes' bodies and answer (src/http/admin/vendors.ts), which the vendor pages share. */
/** VendorDetailResponse: own contact values (null = inherited), effective ones, the *_inherited flags. */
export const VendorDetail = Type.Object(
  {
    ...rowFields(VendorListRow, ['id', 'vendor_code', 'subdomain', 'name', 'description', 'company_id']),
    company_name: Nullable(Type.String()),
    owner_user_id: Nullable(Type.Integer({ description: 'Deprecated: the owner of the company' })),
    ...rowFields(VendorListRow, ['is_active', 'is_verified', 'verified_at']),
    ...rowFields(VendorListRow, ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number']),
    ...effectiveContact,
    ...inheritedContact,
    company_business_address: Nullable(Type.String()),
    company_tax_number: Nullable(Type.String()),
    ...rowFields(VendorListRow, [
      'dashboard_language',
      'storefront_language',
      'storefront_languages',
      'storefront_locale',
      'extmarket_vendor_id',
      'extmarket_vendor_slug',
      'created_at',
      'updated_at',
    ]),
  },
  { $id: 'VendorDetailResponse' },
);

export const VendorCreate = Type.Object(
  {
    company_id: Id,
    vendor_code: VendorCode,
    subdomain: Type.Optional(Subdomain),
    name: Name,
    description: Type.Optional(Description),
    ...ContactSchema,
    ...LanguageSchema,
    ...ExtmarketIdentitySchema,
    plan: Type.Optional(
      Type.Object(
        {
          tier_code: Type.Optional(
            Type.String({
              minLength: 2,
              maxLength: 40,
              pattern: '^[a-z][a-z0-9_-]*$',
              description: "An offered tier (404 TierNotFoundException otherwise); absent: the platform's default tier",
            }),
          ),
          trial_days: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 365, description: 'A trial of this many days; absent: a paid period (30 days) at once' }),
          ),
        },
        {
          additionalProperties: false,
          minProperties: 1,
          description:
            "The vendor's plan from the start: a tier, a trial, or both (a trial without a tier is on the default tier). Absent: no subscription, " +
            'the vendor is on the platform\'s default tier (GET /settings/plans). The subscription is opened just after the vendor (docs/subscriptions.md "A new vendor\'s plan")',
        },
      ),
    ),
  },
  { $id: 'VendorCreate', additionalProperties: false },
);

export const VendorUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    subdomain: Type.Optional(Subdomain),
    ...ContactSchema,
    /** Clears every contact override: the vendor inherits all of the company's contact data. */
    reset_contact_to_company: Type.Optional(Type.Boolean()),
    ...LanguageSchema,
    ...ExtmarketIdentitySchema,
    is_active: Type.Optional(Type.Boolean()),
    is_verified: Type.Optional(Type.Boolean()),
  },
  { $id: 'VendorUpdate', additionalProperties: false, minProperties: 1 },
);
