import { ONBOARDING_EVENT_TYPES, type OnboardingEvent } from '../../commands/onboarding/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** vendor_onboarding: where each onboarding stands (GET /vendor/onboarding, the admin's view, the gate's load). */
export const vendorOnboarding = rowProjection<Record<string, any>>({
  name: 'vendor_onboarding',
  eventTypes: ONBOARDING_EVENT_TYPES,
  fold: {
    table: 'vendor_onboarding',
    key: 'vendor_id',
    keyType: 'integer',
    columns: [
      'status',
      'next_step',
      'company_profile',
      'connection',
      'import_urls',
      'sync_job_id',
      'sync_status',
      'sync_error',
      'steps_done_at',
      'started_at',
      'completed_at',
      'skipped_by',
      'skip_reason',
      'skipped_at',
      'updated_at',
    ],
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<OnboardingEvent>(raw);
      const id = e.data.vendor_id;
      const at = e.data.at;
      if (e.type === 'OnboardingStarted') {
        if (rows.get(id)) return;
        rows.set(id, {
          vendor_id: id,
          status: 'in_progress',
          next_step: 1,
          company_profile: null,
          connection: null,
          import_urls: null,
          sync_job_id: null,
          sync_status: null,
          sync_error: null,
          steps_done_at: {},
          started_at: at,
          completed_at: null,
          skipped_by: null,
          skip_reason: null,
          skipped_at: null,
          updated_at: at,
        });
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = at;
      const done = (step: number) => {
        row.steps_done_at = { ...row.steps_done_at, [step]: at };
      };
      switch (e.type) {
        case 'OnboardingCompanyProfileSaved':
          row.company_profile = e.data.profile;
          row.next_step = 2;
          done(1);
          break;
        case 'OnboardingExtmarketConnected':
          row.connection = e.data.connection;
          row.next_step = 3;
          done(2);
          break;
        case 'OnboardingImportUrlsSaved':
          row.import_urls = e.data.urls;
          row.next_step = 4;
          done(3);
          break;
        case 'OnboardingHistoricalSyncStarted':
          Object.assign(row, { next_step: null, sync_job_id: e.data.job_id, sync_status: 'running', sync_error: null });
          break;
        case 'OnboardingHistoricalSyncFailed':
          Object.assign(row, { next_step: 4, sync_status: 'failed', sync_error: e.data.error });
          break;
        case 'OnboardingCompleted':
          Object.assign(row, { status: 'completed', next_step: null, sync_status: 'completed', completed_at: at });
          done(4);
          break;
        case 'OnboardingSkipped':
          Object.assign(row, {
            status: 'skipped',
            next_step: null,
            skipped_by: String(e.data.skipped_by),
            skip_reason: e.data.reason,
            skipped_at: at,
          });
          break;
      }
    },
  },
});
