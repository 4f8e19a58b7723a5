import type { MarketplaceImportCompleted, MarketplaceImportFailed } from '../../commands/marketplace-imports/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A marketplace import that failed, or completed with rejected rows, needs an operator: the file
 * or its source must be fixed (docs/notifications.md). Once per job: the key is the job id.
 */
export const notifyAdminsOnImportFinished: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnImportFinished',
  eventTypes: ['MarketplaceImportFailed', 'MarketplaceImportCompleted'],
  async handle(event, ctx) {
    const link = (jobId: number) => `/api/v1/admin/marketplace-import-jobs/${jobId}`;
    if (event.type === 'MarketplaceImportFailed') {
      const d = domainEvent<MarketplaceImportFailed>(event).data;
      const vendor = await vendorName(ctx.trx, d.vendor_id);
      await notifyAdmins(ctx, event, {
        key: `marketplace_import_failed:${d.job_id}`,
        kind: 'marketplace_import_failed',
        severity: 'error',
        title: `Marketplace import ${d.job_id} of ${vendor} failed`,
        body: `The import stopped without changing the catalogue (${d.error_code}): ${d.error}`,
        link: link(d.job_id),
        vendor_id: d.vendor_id,
        data: { job_id: d.job_id, error_code: d.error_code, rows_processed: d.rows_processed },
      });
      return;
    }
    const d = domainEvent<MarketplaceImportCompleted>(event).data;
    if (d.rejected === 0) return;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    await notifyAdmins(ctx, event, {
      key: `marketplace_import_errors:${d.job_id}`,
      kind: 'marketplace_import_completed_with_errors',
      severity: 'warning',
      title: `Marketplace import ${d.job_id} of ${vendor} rejected ${d.rejected} row(s)`,
      body: `${d.accepted} of ${d.rows_processed} rows were imported; ${d.rejected} were rejected. The rejected rows and their reasons are in the job's errors.`,
      link: `${link(d.job_id)}/errors`,
      vendor_id: d.vendor_id,
      data: { job_id: d.job_id, rows_processed: d.rows_processed, accepted: d.accepted, rejected: d.rejected },
    });
  },
};
