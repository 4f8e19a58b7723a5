import type { Knex } from 'knex';
import { COMPANY_EVENT_TYPES, type CompanyEvent } from '../../commands/companies/events.ts';
import { VENDOR_EVENT_TYPES } from '../../commands/vendors/events.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import type { ShopVendor } from '../../src/http/vendorContext.ts';
import { vendorList, type VendorListRow } from './vendorList.ts';

/** What a company lends its vendors that leave a contact value empty. */
type CompanyContact = {
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  business_address: string | null;
};
type VendorRow = Omit<JsonRow<VendorListRow>, 'extmarket_settings'> & Partial<Pick<JsonRow<VendorListRow>, 'extmarket_settings'>>;

export interface ShopVendors {
  vendors: Map<number, VendorRow>;
  companies: Map<number, CompanyContact>;
  /** Codes (as stored, upper case) and subdomains (lower case) to the vendor holding them. */
  byCode: Map<string, number>;
  bySubdomain: Map<string, number>;
}

const CONTACT = ['contact_email', 'contact_phone', 'website', 'business_address'] as const;
const COMPANY_TYPES = [
  'CompanyCreated',
  'CompanyDetailsChanged',
  'CompanyDeleted',
] as const satisfies readonly (typeof COMPANY_EVENT_TYPES)[number][];

/**
 * The vendors a shop request may name, in every instance's memory (src/runtime/memoryViews.ts):
 * every storefront page and shop API call finds its vendor by the code or subdomain it names, so
 * that costs no statement. Loaded from vendor_list and company_list (the contact values a vendor
 * inherits from its company), kept current from their events with vendor_list's own fold, so the
 * view and the table never disagree on what an event does. A deactivated vendor's shop is gone on
 * every instance as soon as its tail reads the event. Custom domains are still looked up in
 * vendor_domains: few shops have one, and their verification is another area's.
 */
export const shopVendorsView = defineMemoryView<ShopVendors>({
  name: 'shop_vendors',
  eventTypes: [...VENDOR_EVENT_TYPES, ...COMPANY_TYPES],
  sources: ['vendor_list', 'company_list'],
  async load(trx: Knex.Transaction) {
    const state: ShopVendors = { vendors: new Map(), companies: new Map(), byCode: new Map(), bySubdomain: new Map() };
    for (const v of await trx('vendor_list').select<VendorRow[]>(
      'id',
      'vendor_code',
      'subdomain',
      'name',
      'description',
      'company_id',
      'is_active',
      'is_verified',
      'verified_at',
      ...CONTACT,
      'tax_number',
      'dashboard_language',
      'storefront_language',
      'storefront_languages',
      'storefront_locale',
      'extmarket_vendor_id',
      'extmarket_vendor_slug',
      'created_at',
      'updated_at',
    )) {
      state.vendors.set(v.id, v);
      index(state, v, 1);
    }
    for (const c of await trx('company_list').select<(CompanyContact & { id: number })[]>('id', ...CONTACT)) {
      state.companies.set(c.id, contactOf(c));
    }
    return state;
  },
  apply(state, raw) {
    if (raw.type.startsWith('Company')) applyCompany(state, raw);
    else {
      const id = (raw.data as { vendor_id: number }).vendor_id;
      const before = state.vendors.get(id);
      if (before) index(state, before, -1);
      // The vendor list's own fold: what an event does to a vendor is said once.
      vendorList.fold.apply(state.vendors as Map<number, JsonRow<VendorListRow>>, raw);
      const after = state.vendors.get(id);
      if (after) index(state, after, 1);
    }
    return state;
  },
});

/** The active vendor holding a code or subdomain, as the shop sees it; null for none. */
export function findShopVendor(state: ShopVendors, by: { id?: number; vendor_code?: string; subdomain?: string }): ShopVendor | null {
  const id =
    by.id ??
    (by.vendor_code !== undefined
      ? state.byCode.get(by.vendor_code.toUpperCase())
      : by.subdomain !== undefined
        ? state.bySubdomain.get(by.subdomain.toLowerCase())
        : undefined);
  const v = id === undefined ? undefined : state.vendors.get(id);
  if (!v || !v.is_active) return null;
  const company = state.companies.get(v.company_id);
  return {
    id: v.id,
    vendor_code: v.vendor_code,
    subdomain: v.subdomain,
    name: v.name,
    description: v.description,
    is_verified: v.is_verified,
    contact_email: v.contact_email ?? company?.contact_email ?? null,
    contact_phone: v.contact_phone ?? company?.contact_phone ?? null,
    website: v.website ?? company?.website ?? null,
    business_address: v.business_address ?? company?.business_address ?? null,
    storefront_language: v.storefront_language,
    storefront_languages: v.storefront_languages,
    storefront_locale: v.storefront_locale,
  };
}

/** Adds (1) or removes (-1) a vendor's code and subdomain; a value another vendor holds now is left to it. */
function index(state: ShopVendors, v: VendorRow, sign: 1 | -1): void {
  for (const [map, value] of [
    [state.byCode, v.vendor_code],
    [state.bySubdomain, v.subdomain],
  ] as const) {
    if (sign === 1) map.set(value, v.id);
    else if (map.get(value) === v.id) map.delete(value);
  }
}

function applyCompany(state: ShopVendors, raw: RecordedEvent): void {
  const e = domainEvent<CompanyEvent>(raw);
  const id = e.data.company_id;
  if (e.type === 'CompanyCreated') state.companies.set(id, contactOf(e.data));
  else if (e.type === 'CompanyDeleted') state.companies.delete(id);
  else if (e.type === 'CompanyDetailsChanged') {
    const contact = state.companies.get(id);
    if (contact) state.companies.set(id, contactOf({ ...contact, ...e.data.changes }));
  }
}

const contactOf = (c: Partial<CompanyContact>): CompanyContact => ({
  contact_email: c.contact_email ?? null,
  contact_phone: c.contact_phone ?? null,
  website: c.website ?? null,
  business_address: c.business_address ?? null,
});
