import type { VendorCreated } from '../../commands/vendors/events.ts';

/** A vendor's creation as its stream records it: an English shop of company `companyId`, no contact values of its own. */
export const vendorCreated = (id: number, code: string, subdomain: string, createdAt: string, companyId = 1): VendorCreated => ({
  type: 'VendorCreated',
  data: {
    vendor_id: id,
    company_id: companyId,
    vendor_code: code,
    subdomain,
    name: `Shop ${id}`,
    description: null,
    contact_email: null,
    contact_phone: null,
    website: null,
    business_address: null,
    tax_number: null,
    dashboard_language: 'en',
    storefront_language: 'en',
    storefront_languages: ['en'],
    storefront_locale: null,
    extmarket_vendor_id: null,
    extmarket_vendor_slug: null,
    created_at: createdAt,
  },
});
