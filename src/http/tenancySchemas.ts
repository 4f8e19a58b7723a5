import { Type, type TSchema } from '@sinclair/typebox';
import { CONTACT_FIELDS, type Contact } from '../core/contactFields.ts';
import { Email, Language } from './validation.ts';

/**
 * Request schema pieces shared by the company, vendor and vendor-settings routes.
 * Contact fields accept null or an empty string, both meaning "no own value" (for a vendor:
 * inherit the company's, SPEC.md part 2 "Vendor").
 */
const blankable = <T extends TSchema>(schema: T) => Type.Union([Type.Literal(''), schema, Type.Null()]);

export const ContactSchema = {
  contact_email: Type.Optional(blankable(Email)),
  contact_phone: Type.Optional(blankable(Type.String({ maxLength: 50, pattern: '^\\+?[0-9 ()./-]{3,50}$' }))),
  website: Type.Optional(blankable(Type.String({ maxLength: 255, pattern: '^https?://[^\\s]+$' }))),
  business_address: Type.Optional(blankable(Type.String({ maxLength: 500 }))),
  tax_number: Type.Optional(blankable(Type.String({ maxLength: 50, pattern: '^[A-Za-z0-9 .-]{2,50}$' }))),
};

export const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const Description = Type.Union([Type.String({ maxLength: 5000 }), Type.Null()]);
export const VendorCode = Type.String({ minLength: 2, maxLength: 50, pattern: '^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$' });
export const Subdomain = Type.String({ minLength: 2, maxLength: 63, pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$' });
export const Locale = Type.Union([Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }), Type.Null()]);
export const Languages = Type.Array(Language, { minItems: 1, maxItems: 4, uniqueItems: true });

export const LanguageSchema = {
  dashboard_language: Type.Optional(Language),
  storefront_language: Type.Optional(Language),
  storefront_languages: Type.Optional(Languages),
  storefront_locale: Type.Optional(Locale),
};

export const ExtmarketIdentitySchema = {
  extmarket_vendor_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  extmarket_vendor_slug: Type.Optional(Type.Union([Type.String({ maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' }), Type.Null()])),
};

/** Trimmed text, with '' stored as null. */
export const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/** The contact fields present in a body, normalised ('' → null); absent fields stay absent. */
export function contactChanges(body: Partial<Record<keyof Contact, string | null>>): Partial<Contact> {
  const out: Partial<Contact> = {};
  for (const f of CONTACT_FIELDS) {
    const v = blankToNull(body[f]);
    if (v !== undefined) out[f] = f === 'contact_email' && v ? v.toLowerCase() : v;
  }
  return out;
}

/** Drops the keys whose value is undefined (the deciders compare only what is present). */
export function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
