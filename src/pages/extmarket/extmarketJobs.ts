/**
 * What the admins' extmarket job pages share: how often a waiting or running job is fetched
 * again, the feed languages, a job's type and status in words, where a job's page is, and the
 * vendor a form or a download names.
 */
import type { getSyncJob } from '../../../queries/extmarket/listJobs.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import type { Tone } from '../backOffice/components.ts';
import { et } from './texts.ts';

/** How often a waiting or running job's page and the list with one are fetched again. */
export const POLL_MS = 2000;
export const FEED_LANGUAGES = ['en', 'fr', 'de'] as const;
export const JOB_TONE: Record<string, Tone> = { pending: 'neutral', processing: 'info', completed: 'ok', failed: 'bad' };

export type Job = Awaited<ReturnType<typeof getSyncJob>>;
export const typeName = (l: LanguageCode, t: string) => et(l, `type_${t}` as 'type_import');
export const active = (status: string) => status === 'pending' || status === 'processing';
/** A marketplace import has its own page (the imports area); an extmarket job this area's. */
export const jobHref = (j: { job_type: string; id: number }) =>
  j.job_type === 'import' ? `/admin/imports/${j.id}` : `/admin/extmarket/jobs/${j.id}`;

export async function vendorOf(services: Services, id: number): Promise<{ id: number; name: string; vendor_code: string }> {
  const v = await services.db.knex('vendor_list').where('id', id).first('id', 'name', 'vendor_code');
  if (!v) throw new VendorNotFoundException(`Vendor ${id} not found`);
  return v;
}
