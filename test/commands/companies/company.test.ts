import { company } from '../../../commands/companies/company.ts';
import type { CompanyEvent } from '../../../commands/companies/events.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { CompanyException, CompanyHasVendorsException, CompanyNotFoundException } from '../../../commands/companies/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const details = {
  name: 'Acme',
  description: null,
  contact_email: 'a@acme.test',
  contact_phone: null,
  website: null,
  business_address: 'Main 1',
  tax_number: 'LU1',
};
const created: CompanyEvent = { type: 'CompanyCreated', data: { ...details, company_id: 3, owner_user_id: 7, created_at: at } };
const attached: CompanyEvent = { type: 'CompanyVendorAttached', data: { company_id: 3, vendor_id: 11, at } };

describe('company aggregate', () => {
  it('registers a company with its owner', () => {
    given(company, [])
      .when({ type: 'CreateCompany', data: { ...details, company_id: 3, owner_user_id: 7, at } })
      .then([created]);
  });

  context('deleting', () => {
    it('is refused while the company has vendors', () => {
      given(company, [created, attached])
        .when({ type: 'DeleteCompany', data: { at } })
        .thenThrows(CompanyHasVendorsException, /1 vendor/);
    });
    it('is allowed once the vendors are detached, and then the company is gone', () => {
      const detached: CompanyEvent = { type: 'CompanyVendorDetached', data: { company_id: 3, vendor_id: 11, at } };
      given(company, [created, attached, detached])
        .when({ type: 'DeleteCompany', data: { at } })
        .then([{ type: 'CompanyDeleted', data: { company_id: 3, at } }]);
      given(company, [created, { type: 'CompanyDeleted', data: { company_id: 3, at } }])
        .when({ type: 'AttachVendor', data: { vendor_id: 12, at } })
        .thenThrows(CompanyNotFoundException);
    });
  });

  context('ownership', () => {
    it('moves to another user, recording the previous owner', () => {
      given(company, [created])
        .when({ type: 'TransferCompanyOwnership', data: { new_owner_user_id: 8, reason: null, at } })
        .then([
          {
            type: 'CompanyOwnershipTransferred',
            data: { company_id: 3, previous_owner_user_id: 7, new_owner_user_id: 8, reason: null, at },
          },
        ]);
    });
    it('refuses a transfer to the current owner', () => {
      given(company, [created])
        .when({ type: 'TransferCompanyOwnership', data: { new_owner_user_id: 7, reason: null, at } })
        .thenThrows(CompanyException);
    });
  });

  context('flags and details', () => {
    it('records only changed details, and treats setting a flag it already has as a no-op', () => {
      given(company, [created])
        .when({ type: 'ChangeCompanyDetails', data: { changes: { name: 'Acme', tax_number: 'LU2' }, at } })
        .then([{ type: 'CompanyDetailsChanged', data: { company_id: 3, changes: { tax_number: 'LU2' }, at } }]);
      given(company, [created])
        .when({ type: 'SetCompanyActive', data: { active: true, at } })
        .then([]);
      given(company, [created])
        .when({ type: 'SetCompanyVerified', data: { verified: true, at } })
        .then([{ type: 'CompanyVerified', data: { company_id: 3, at } }]);
    });
    it('attaches a vendor once (a retried creation adds nothing)', () => {
      given(company, [created, attached])
        .when({ type: 'AttachVendor', data: { vendor_id: 11, at } })
        .then([]);
    });
  });

  it('refuses any command on a company that never existed', () => {
    given(company, []).when({ type: 'DeleteCompany', data: { at } }).thenThrows(CompanyNotFoundException);
    given(company, [created])
      .when({ type: 'CreateCompany', data: { ...details, company_id: 3, owner_user_id: 7, at } })
      .thenThrows(InvalidTransitionException);
  });
});
