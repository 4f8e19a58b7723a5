import { expect } from 'chai';
import { notifyAdminsOnTenantCreated } from '../../src/processes/notifyAdminsOnTenantCreated.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { eventOf, handleAgain, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

describe('notifyAdminsOnTenantCreated', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('raises one notice per new company and one per new vendor, however often their creation is processed', async () => {
    const admin = await app.adminToken();
    const v = await createVendorWithOwner(app);
    const company = await notificationAppears(app, admin, 'company_created', (n) => n.data.company_id === v.companyId);
    expect(company).to.include({ severity: 'info', link: `/api/v1/admin/companies/${v.companyId}` });
    const vendor = await notificationAppears(app, admin, 'vendor_created', (n) => n.vendor_id === v.vendorId);
    expect(vendor).to.include({ severity: 'info', link: `/api/v1/admin/vendors/${v.vendorId}` });
    expect(vendor.title).to.include(v.vendorCode);
    expect((await app.call('GET', vendor.link, { token: admin })).status).to.equal(200);

    for (let i = 0; i < 2; i++) {
      await handleAgain(app, notifyAdminsOnTenantCreated, await eventOf(app, `company-${v.companyId}`, 'CompanyCreated'));
      await handleAgain(app, notifyAdminsOnTenantCreated, await eventOf(app, `vendor-${v.vendorId}`, 'VendorCreated'));
    }
    expect(await raisedUnder(app, `company_created:${v.companyId}`)).to.have.length(1);
    expect(await raisedUnder(app, `vendor_created:${v.vendorId}`)).to.have.length(1);
  });
});
