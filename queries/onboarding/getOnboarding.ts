import type { Knex } from 'knex';
import type { VendorOnboardingRow } from '../../projections/onboarding/vendorOnboarding.ts';

/** A step's time as steps_done_at holds it (ISO text), normalised; null for a step not done. */
const iso = (v: string | null | undefined) => (v == null ? null : new Date(v).toISOString());

/** The onboarding of a vendor as the API answers it (OnboardingStatus), or null for a vendor without one. */
export async function getOnboarding(knex: Knex, vendorId: number) {
  const row = await knex<VendorOnboardingRow>('vendor_onboarding').where({ vendor_id: vendorId }).first();
  if (!row) return null;
  const doneAt = row.steps_done_at;
  return {
    vendor_id: row.vendor_id,
    status: row.status,
    next_step: row.next_step,
    /** When each step (1 to 4) was committed. */
    steps_done_at: [1, 2, 3, 4].map((step) => iso(doneAt[step])),
    company_profile: row.company_profile ?? null,
    extmarket: row.connection ?? null,
    import_urls: row.import_urls ?? null,
    historical_sync:
      row.sync_job_id === null
        ? null
        : {
            job_id: row.sync_job_id,
            status: row.sync_status as string,
            error: row.sync_error ?? null,
          },
    started_at: row.started_at.toISOString(),
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
    skipped: row.skipped_at ? { by: row.skipped_by as string, reason: row.skip_reason as string, at: row.skipped_at.toISOString() } : null,
  };
}
