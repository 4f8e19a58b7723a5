import type { CompanyCreated } from '../../commands/companies/events.ts';
import type { VendorCreated } from '../../commands/vendors/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A new company or vendor: an admin verifies it and sets its subscription (docs/notifications.md).
 * Once per company and per vendor: the key is its id.
 */
export const notifyAdminsOnTenantCreated: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnTenantCreated',
  eventTypes: ['CompanyCreated', 'VendorCreated'],
  async handle(event, ctx) {
    if (event.type === 'CompanyCreated') {
      const d = domainEvent<CompanyCreated>(event).data;
      await notifyAdmins(ctx, event, {
        key: `company_created:${d.company_id}`,
        kind: 'company_created',
        severity: 'info',
        title: `New company: ${d.name}`,
        body: `Company ${d.company_id} was registered; it is not verified yet.`,
        link: `/api/v1/admin/companies/${d.company_id}`,
        data: { company_id: d.company_id, owner_user_id: d.owner_user_id },
      });
      return;
    }
    const d = domainEvent<VendorCreated>(event).data;
    await notifyAdmins(ctx, event, {
      key: `vendor_created:${d.vendor_id}`,
      kind: 'vendor_created',
      severity: 'info',
      title: `New vendor: ${d.name} (${d.vendor_code})`,
      body: `Vendor ${d.vendor_code} was opened under company ${d.company_id}; it is not verified yet.`,
      link: `/api/v1/admin/vendors/${d.vendor_id}`,
      vendor_id: d.vendor_id,
      data: { vendor_id: d.vendor_id, company_id: d.company_id, vendor_code: d.vendor_code },
    });
  },
};
