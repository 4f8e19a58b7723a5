/**
 * The contact fields of a company and of a vendor (a vendor overrides its company's value, null
 * meaning "inherit the company's value"): area-free, so the vendors' events and the generic
 * request and response schemas name the same fields without the schemas importing the area.
 */
export const CONTACT_FIELDS = ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type Contact = Record<ContactField, string | null>;
