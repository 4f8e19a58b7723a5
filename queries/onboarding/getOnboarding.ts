import type { Knex } from 'knex';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The onboarding of a vendor as the API answers it (OnboardingStatus), or null for a vendor without one. */
export async function getOnboarding(knex: Knex, vendorId: number) {
  const row = await knex('vendor_onboarding').where({ vendor_id: vendorId }).first();
  if (!row) return null;
  const doneAt = (row.steps_done_at ?? {}) as Record<string, string>;
  return {
    vendor_id: Number(row.vendor_id),
    status: row.status as 'in_progress' | 'completed' | 'skipped',
    next_step: row.next_step === null ? null : Number(row.next_step),
    /** When each step (1 to 4) was committed. */
    steps_done_at: [1, 2, 3, 4].map((step) => iso(doneAt[step])),
    company_profile: row.company_profile ?? null,
    extmarket: row.connection ?? null,
    import_urls: row.import_urls ?? null,
    historical_sync:
      row.sync_job_id === null
        ? null
        : {
            job_id: Number(row.sync_job_id),
            status: row.sync_status as string,
            error: row.sync_error ?? null,
          },
    started_at: iso(row.started_at)!,
    completed_at: iso(row.completed_at),
    skipped: row.skipped_at ? { by: row.skipped_by as string, reason: row.skip_reason as string, at: iso(row.skipped_at)! } : null,
  };
}
