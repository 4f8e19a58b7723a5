import { type TSchema, Type } from '@sinclair/typebox';
import { CONTACT_FIELDS, type ContactField } from '../../core/contactFields.ts';
import { Nullable, NullableTimestamp, Timestamp } from '../responses.ts';

/** Response schemas of the tenancy areas (companies, vendors, domains), shared by admin, vendor and public routes. */

/** One property per contact field a vendor may override (commands/vendors/events.ts), named by `name`. */
const perContactField = <T extends TSchema>(name: (field: ContactField) => string, schema: () => T): Record<string, T> =>
  Object.fromEntries(CONTACT_FIELDS.map((f) => [name(f), schema()]));

/** The vendor's own value (null: inherited), or the company's own. */
const contact = perContactField(
  (f) => f,
  () => Nullable(Type.String()),
);
/** The contact value a vendor shows: its own, else its company's. */
export const effectiveContact = perContactField(
  (f) => `effective_${f}`,
  () => Nullable(Type.String()),
);
/** True when the vendor has no value of its own and inherits the company's. */
export const inheritedContact = perContactField(
  (f) => `${f}_inherited`,
  () => Type.Boolean(),
);

/** The business info section of the vendor settings: name, own, effective and inherited contact values. */
export const VendorBusinessInfo = Type.Object(
  {
    name: Type.String(),
    description: Nullable(Type.String()),
    company_id: Type.Integer(),
    company_name: Nullable(Type.String()),
    ...contact,
    ...effectiveContact,
    ...inheritedContact,
    company_business_address: Nullable(Type.String()),
    company_tax_number: Nullable(Type.String()),
    /** The company's own values of the other contact fields: what a field goes back to when its override is reset. */
    company_contact_email: Nullable(Type.String()),
    company_contact_phone: Nullable(Type.String()),
    company_website: Nullable(Type.String()),
  },
  { $id: 'VendorBusinessInfo' },
);

const Layout = Type.Object({
  style: Type.Union([Type.Literal('grid'), Type.Literal('list'), Type.Literal('masonry')]),
  header: Type.Union([Type.Literal('fixed'), Type.Literal('static'), Type.Literal('transparent')]),
  product_card: Type.Union([Type.Literal('modern'), Type.Literal('classic'), Type.Literal('minimal')]),
});

/** A storefront theme (ThemeConfig of src/core/themePresets.ts). */
export const ThemeConfig = Type.Object(
  {
    theme_name: Type.String(),
    colors: Type.Object({
      primary: Type.String(),
      secondary: Type.String(),
      accent: Type.String(),
      background: Type.String(),
      text: Type.String(),
      border: Type.String(),
    }),
    fonts: Type.Object({ heading: Type.String(), body: Type.String() }),
    layout: Layout,
    branding: Type.Object({
      logo_url: Nullable(Type.String()),
      logo_dark_url: Nullable(Type.String()),
      favicon_url: Nullable(Type.String()),
      banner_url: Nullable(Type.String()),
    }),
    custom_css: Nullable(Type.String()),
  },
  { $id: 'ThemeConfig' },
);

/** A vendor's theme (queries/themes/getVendorTheme.ts): the platform default (is_default, never updated) until one is set. */
export const VendorTheme = Type.Object(
  {
    vendor_id: Type.Integer(),
    is_default: Type.Boolean(),
    theme: ThemeConfig,
    updated_at: NullableTimestamp,
  },
  { $id: 'VendorThemeResponse' },
);

/** What names a vendor, in every answer that shows one. */
const vendorIdentity = {
  id: Type.Integer(),
  vendor_code: Type.String(),
  subdomain: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
};

/** A vendor's custom domain and the TXT record that proves it. */
export const VendorDomain = Type.Object(
  {
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
  },
  { $id: 'VendorDomainResponse' },
);

/** A vendor as the public lookups and the shop show it: contact values are the effective ones. */
export const PublicVendor = Type.Object(
  {
    ...vendorIdentity,
    is_verified: Type.Boolean(),
    contact_email: Nullable(Type.String()),
    contact_phone: Nullable(Type.String()),
    website: Nullable(Type.String()),
    business_address: Nullable(Type.String()),
    storefront_language: Type.String(),
    storefront_languages: Type.Array(Type.String()),
    storefront_locale: Nullable(Type.String()),
  },
  { $id: 'PublicVendorResponse' },
);

/** A supported language as the language API and the vendor settings list it (LANGUAGE_INFO of src/core/i18n.ts). */
export const LanguageInfo = Type.Object(
  {
    code: Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Literal('lb')]),
    name: Type.String(),
    native_name: Type.String(),
    flag: Type.String(),
  },
  { $id: 'LanguageInfo' },
);

/** Where the storefront locale came from (SPEC.md part 2: vendor, platform setting, environment, then en). */
export const LocaleSource = Type.Union(
  [Type.Literal('vendor'), Type.Literal('platform'), Type.Literal('environment'), Type.Literal('fallback')],
  { $id: 'LocaleSource' },
);
