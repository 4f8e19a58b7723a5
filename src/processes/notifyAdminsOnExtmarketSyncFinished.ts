import type { ExtmarketSyncCompleted, ExtmarketSyncFailed } from '../../commands/extmarket/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * An extmarket job (order sync, historical import, product export) that failed, or finished with
 * failed files (orders or language files it could not process), needs an operator
 * (docs/notifications.md). Once per job: the key is the job id.
 */
export const notifyAdminsOnExtmarketSyncFinished: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnExtmarketSyncFinished',
  eventTypes: ['ExtmarketSyncFailed', 'ExtmarketSyncCompleted'],
  async handle(event, ctx) {
    const d = domainEvent<ExtmarketSyncFailed | ExtmarketSyncCompleted>(event).data;
    const failed = event.type === 'ExtmarketSyncFailed';
    if (!failed && d.files_failed === 0) return;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    const job = d.job_type.replace(/_/g, ' ');
    const counts = {
      job_id: d.job_id,
      job_type: d.job_type,
      files_processed: d.files_processed,
      files_succeeded: d.files_succeeded,
      files_failed: d.files_failed,
    };
    await notifyAdmins(
      ctx,
      event,
      failed
        ? {
            key: `extmarket_sync_failed:${d.job_id}`,
            kind: 'extmarket_sync_failed',
            severity: 'error',
            title: `Extmarket ${job} ${d.job_id} of ${vendor} failed`,
            body: `The job could not run to its end: ${(d as ExtmarketSyncFailed['data']).error}`,
            link: `/api/v1/admin/extmarket/jobs/${d.job_id}`,
            vendor_id: d.vendor_id,
            data: counts,
          }
        : {
            key: `extmarket_sync_errors:${d.job_id}`,
            kind: 'extmarket_sync_completed_with_errors',
            severity: 'warning',
            title: `Extmarket ${job} ${d.job_id} of ${vendor} finished with ${d.files_failed} failure(s)`,
            body: `${d.files_succeeded} of ${d.files_processed} succeeded, ${d.files_failed} failed. The job's error details say which and why.`,
            link: `/api/v1/admin/extmarket/jobs/${d.job_id}`,
            vendor_id: d.vendor_id,
            data: counts,
          },
    );
  },
};
