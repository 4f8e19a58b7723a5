import { expect } from 'chai';
import type { CompanyEvent } from '../../../commands/companies/events.ts';
import type { VendorEvent } from '../../../commands/vendors/events.ts';
import { findShopVendor, shopVendorsView, type ShopVendors } from '../../../projections/vendors/shopVendorsView.ts';
import type { RecordedEvent } from '../../../src/eventstore/port.ts';
import { vendorCreated } from '../../support/vendorEvents.ts';

/**
 * The shops' vendors in memory: what the shop finds by a code or subdomain follows the vendors'
 * and companies' events as vendor_list and company_list do (the load from those tables is the
 * memory views' own test, test/runtime/memoryViews.test.ts).
 */
describe('shop vendors view: the vendor a shop request names', () => {
  let n = 0;
  const recorded = (e: VendorEvent | CompanyEvent): RecordedEvent =>
    ({ id: `e${++n}`, type: e.type, data: e.data, version: n, position: { a: String(n), b: '0' } }) as unknown as RecordedEvent;
  const at = '2026-01-02T00:00:00.000Z';
  const company = (id: number, contact_email: string | null): CompanyEvent => ({
    type: 'CompanyCreated',
    data: {
      company_id: id,
      owner_user_id: 1,
      name: `Company ${id}`,
      description: null,
      contact_email,
      contact_phone: '+352 1',
      website: null,
      business_address: null,
      tax_number: null,
      created_at: at,
    },
  });
  const vendor = (id: number, code: string, subdomain: string): VendorEvent => vendorCreated(id, code, subdomain, at);
  const play = (...events: (VendorEvent | CompanyEvent)[]) =>
    events.reduce((s, e) => shopVendorsView.apply(s, recorded(e)), {
      vendors: new Map(),
      companies: new Map(),
      byCode: new Map(),
      bySubdomain: new Map(),
    } as ShopVendors);

  it('finds an active vendor by its code (any case) or subdomain, with the contact values its company lends it', () => {
    const state = play(company(1, 'hello@company.test'), vendor(10, 'SHOP10', 'shop-ten'));
    expect(findShopVendor(state, { vendor_code: 'shop10' })).to.include({
      id: 10,
      contact_email: 'hello@company.test',
      contact_phone: '+352 1',
    });
    expect(findShopVendor(state, { subdomain: 'Shop-Ten' })?.id).to.equal(10);
    expect(findShopVendor(state, { vendor_code: 'NOPE' })).to.equal(null);
  });

  it("follows the company's and the vendor's own contact changes", () => {
    const state = play(company(1, 'old@company.test'), vendor(10, 'SHOP10', 'shop-ten'), {
      type: 'CompanyDetailsChanged',
      data: { company_id: 1, changes: { contact_email: 'new@company.test' }, at },
    });
    expect(findShopVendor(state, { vendor_code: 'SHOP10' })?.contact_email).to.equal('new@company.test');
    shopVendorsView.apply(
      state,
      recorded({
        type: 'VendorProfileChanged',
        data: { vendor_id: 10, changes: { contact_email: 'shop@vendor.test', storefront_locale: 'de-LU' }, at },
      }),
    );
    expect(findShopVendor(state, { vendor_code: 'SHOP10' })).to.include({ contact_email: 'shop@vendor.test', storefront_locale: 'de-LU' });
  });

  it('keeps each subdomain on the vendor holding it now, through a trade of subdomains', () => {
    const state = play(
      company(1, null),
      vendor(10, 'SHOP10', 'first'),
      vendor(11, 'SHOP11', 'second'),
      { type: 'VendorSubdomainChanged', data: { vendor_id: 10, subdomain: 'spare', previous: 'first', at } },
      { type: 'VendorSubdomainChanged', data: { vendor_id: 11, subdomain: 'first', previous: 'second', at } },
      { type: 'VendorSubdomainChanged', data: { vendor_id: 10, subdomain: 'second', previous: 'spare', at } },
    );
    expect(findShopVendor(state, { subdomain: 'first' })?.id).to.equal(11);
    expect(findShopVendor(state, { subdomain: 'second' })?.id).to.equal(10);
    expect(findShopVendor(state, { subdomain: 'spare' })).to.equal(null);
  });

  it('has no shop for a deactivated vendor, and gives a deleted vendor’s code to the next one', () => {
    const state = play(company(1, null), vendor(10, 'SHOP10', 'shop-ten'), { type: 'VendorDeactivated', data: { vendor_id: 10, at } });
    expect(findShopVendor(state, { vendor_code: 'SHOP10' })).to.equal(null);
    shopVendorsView.apply(state, recorded({ type: 'VendorActivated', data: { vendor_id: 10, at } }));
    expect(findShopVendor(state, { vendor_code: 'SHOP10' })?.id).to.equal(10);
    shopVendorsView.apply(state, recorded({ type: 'VendorDeleted', data: { vendor_id: 10, at } } as VendorEvent));
    expect(findShopVendor(state, { vendor_code: 'SHOP10' })).to.equal(null);
    shopVendorsView.apply(state, recorded(vendor(12, 'SHOP10', 'shop-ten')));
    expect(findShopVendor(state, { subdomain: 'shop-ten' })?.id).to.equal(12);
  });
});
