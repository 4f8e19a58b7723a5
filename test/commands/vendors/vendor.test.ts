import { vendor } from '../../../commands/vendors/vendor.ts';
import type { VendorEvent } from '../../../commands/vendors/events.ts';
import {
  BusinessLogicException,
  InvalidTransitionException,
  ValidationException,
  VendorNotFoundException,
} from '../../../src/core/errors.ts';
import { VendorDomainNotFoundException } from '../../../commands/vendors/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const profile = {
  name: 'Shop',
  description: null,
  contact_email: null,
  contact_phone: null,
  website: null,
  business_address: null,
  tax_number: null,
  dashboard_language: 'en' as const,
  storefront_language: 'fr' as const,
  storefront_languages: ['fr' as const, 'de' as const],
  storefront_locale: null,
  extmarket_vendor_id: null,
  extmarket_vendor_slug: null,
};
const created: VendorEvent = {
  type: 'VendorCreated',
  data: { ...profile, vendor_id: 5, company_id: 3, vendor_code: 'SHOP', subdomain: 'shop', created_at: at },
};
const domain = (id: number, name: string, primary = false): VendorEvent => ({
  type: 'VendorDomainAdded',
  data: { vendor_id: 5, domain_id: id, domain: name, is_primary: primary, verification_token: `t${id}`, at },
});

describe('vendor aggregate', () => {
  it('opens a vendor; the storefront language must be one of its languages', () => {
    given(vendor, [])
      .when({ type: 'CreateVendor', data: { ...profile, vendor_id: 5, company_id: 3, vendor_code: 'SHOP', subdomain: 'shop', at } })
      .then([created]);
    given(vendor, [])
      .when({
        type: 'CreateVendor',
        data: { ...profile, storefront_language: 'en', vendor_id: 5, company_id: 3, vendor_code: 'SHOP', subdomain: 'shop', at },
      })
      .thenThrows(ValidationException);
  });

  it('records contact overrides and their reset to null (inherit)', () => {
    const overridden: VendorEvent = { type: 'VendorProfileChanged', data: { vendor_id: 5, changes: { tax_number: 'LU9' }, at } };
    given(vendor, [created])
      .when({ type: 'ChangeVendorProfile', data: { changes: { tax_number: 'LU9', contact_email: null }, at } })
      .then([overridden]);
    given(vendor, [created, overridden])
      .when({ type: 'ChangeVendorProfile', data: { changes: { tax_number: null }, at } })
      .then([{ type: 'VendorProfileChanged', data: { vendor_id: 5, changes: { tax_number: null }, at } }]);
  });

  it('deactivates, and refuses to deactivate twice as a no-op', () => {
    given(vendor, [created])
      .when({ type: 'SetVendorActive', data: { active: false, at } })
      .then([{ type: 'VendorDeactivated', data: { vendor_id: 5, at } }]);
    given(vendor, [created, { type: 'VendorDeactivated', data: { vendor_id: 5, at } }])
      .when({ type: 'SetVendorActive', data: { active: false, at } })
      .then([]);
  });

  it('names the company and code in VendorDeleted, and is not found afterwards', () => {
    given(vendor, [created])
      .when({ type: 'DeleteVendor', data: { at } })
      .then([{ type: 'VendorDeleted', data: { vendor_id: 5, company_id: 3, vendor_code: 'SHOP', at } }]);
    given(vendor, [created, { type: 'VendorDeleted', data: { vendor_id: 5, company_id: 3, vendor_code: 'SHOP', at } }])
      .when({ type: 'SetVendorVerified', data: { verified: true, at } })
      .thenThrows(VendorNotFoundException);
  });

  context('custom domains', () => {
    it('makes the first domain primary, and a new primary demotes the old one', () => {
      given(vendor, [created])
        .when({ type: 'AddVendorDomain', data: { domain_id: 1, domain: 'a.test', is_primary: false, verification_token: 't1', at } })
        .then([domain(1, 'a.test', true)]);
      given(vendor, [created, domain(1, 'a.test', true)])
        .when({ type: 'AddVendorDomain', data: { domain_id: 2, domain: 'b.test', is_primary: true, verification_token: 't2', at } })
        .then([
          { type: 'VendorDomainSettingsChanged', data: { vendor_id: 5, domain_id: 1, is_primary: false, at } },
          domain(2, 'b.test', true),
        ]);
    });
    it('verifies a pending domain, records a failed check, and keeps a verified domain verified', () => {
      given(vendor, [created, domain(1, 'a.test', true)])
        .when({ type: 'RecordDomainCheck', data: { domain_id: 1, verified: false, reason: 'no TXT', at } })
        .then([{ type: 'VendorDomainVerificationFailed', data: { vendor_id: 5, domain_id: 1, reason: 'no TXT', at } }]);
      const verified: VendorEvent = { type: 'VendorDomainVerified', data: { vendor_id: 5, domain_id: 1, at } };
      given(vendor, [created, domain(1, 'a.test', true)])
        .when({ type: 'RecordDomainCheck', data: { domain_id: 1, verified: true, reason: null, at } })
        .then([verified]);
      given(vendor, [created, domain(1, 'a.test', true), verified])
        .when({ type: 'RecordDomainCheck', data: { domain_id: 1, verified: false, reason: 'x', at } })
        .then([]);
    });
    it('refuses an unknown domain id and more than 10 domains', () => {
      given(vendor, [created])
        .when({ type: 'RemoveVendorDomain', data: { domain_id: 9, at } })
        .thenThrows(VendorDomainNotFoundException);
      const ten = Array.from({ length: 10 }, (_, i) => domain(i + 1, `d${i}.test`));
      given(vendor, [created, ...ten])
        .when({ type: 'AddVendorDomain', data: { domain_id: 11, domain: 'd11.test', is_primary: false, verification_token: 't', at } })
        .thenThrows(BusinessLogicException, /at most 10/);
    });
  });

  it('refuses to open the same vendor twice', () => {
    given(vendor, [created])
      .when({ type: 'CreateVendor', data: { ...profile, vendor_id: 5, company_id: 3, vendor_code: 'SHOP', subdomain: 'shop', at } })
      .thenThrows(InvalidTransitionException);
  });
});
