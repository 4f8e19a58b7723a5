/**
 * What the marketplace import pages show of a job and offer to start one: the job's status pill
 * and its live part (progress and counts), and the start form with the vendors an admin picks from.
 */
import type { Context } from 'koa';
import type { getImportJob } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { LANGUAGE_INFO, LANGUAGES } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { formatNumber, input, pill, postForm, progressBar, select, tiles, type Tone } from '../backOffice/components.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { it } from './texts.ts';

/** Where each back office's import pages are. */
export const BASE = { vendor: '/vendor/imports', admin: '/admin/imports' } as const;
const TONE: Record<string, Tone> = { pending: 'neutral', processing: 'info', publishing: 'info', completed: 'ok', failed: 'bad' };

export const statusPill = (l: Viewer['language'], status: string) =>
  pill(it(l, `status_${status}` as 'status_pending'), TONE[status] ?? 'neutral');
export const running = (status: string) => status === 'pending' || status === 'processing' || status === 'publishing';

/** The vendors an admin picks from, by name. */
export async function vendorChoices(services: Services): Promise<[string, string][]> {
  const rows = await services.db.knex('vendor_list').select('id', 'name', 'vendor_code').orderBy('name').limit(1000);
  return rows.map((r: { id: number; name: string; vendor_code: string }) => [String(r.id), `${r.name} (${r.vendor_code})`]);
}

/** The start form: the CSV uploaded or named by URL, its language, marketplace and delimiter (an admin also picks the vendor). */
export async function startForm(ctx: Context, services: Services, viewer: Viewer): Promise<Html> {
  const l = viewer.language;
  const vendor = viewer.vendor
    ? ''
    : select(l, {
        name: 'vendor_id',
        label: it(l, 'vendor'),
        required: true,
        value: typeof ctx.query.vendor_id === 'string' ? ctx.query.vendor_id : '',
        options: [['', '—'], ...(await vendorChoices(services))],
      });
  return postForm(
    ctx,
    BASE[viewer.area],
    html`<p class="muted">${it(l, 'start_hint')}</p><div class="form-grid">${vendor}
<div class="field span-2"><label for="i-file">${it(l, 'file')}</label><input id="i-file" type="file" name="file" accept=".csv,.tsv,.txt,text/csv"></div>
${input(l, { name: 'source_url', label: it(l, 'source_url'), type: 'url', placeholder: 'https://…', span2: true })}
${select(l, { name: 'language', label: it(l, 'language'), required: true, value: l, options: LANGUAGES.map((x) => [x, LANGUAGE_INFO[x].native_name]) })}
${input(l, { name: 'marketplace', label: it(l, 'marketplace'), placeholder: 'extmarket', attrs: html` maxlength="100"` })}
${select(l, {
  name: 'delimiter',
  label: it(l, 'delimiter'),
  value: '',
  options: [
    ['', it(l, 'detect')],
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', 'tab'],
    ['pipe', '|'],
  ],
})}
</div><div class="form-actions"><button type="submit" class="primary">${it(l, 'start')}</button></div>`,
    { multipart: true, id: 'import-form' },
  );
}

/** The job's live part: status, progress and counts; while it runs the page's script fetches it again. */
export function jobStatus(viewer: Viewer, job: Awaited<ReturnType<typeof getImportJob>>): Html {
  const l = viewer.language;
  const state = job.status === 'failed' ? 'failed' : job.status === 'completed' ? 'done' : 'running';
  const percent = job.status === 'completed' ? 100 : job.progress.percent;
  return html`<p>${statusPill(l, job.status)}</p>${progressBar({ id: 'job-progress', percent, state, label: it(l, `status_${job.status}` as 'status_pending'), detail: it(l, 'progress', { rows: formatNumber(job.progress.rows_processed, l) }) })}
${tiles([
  { label: it(l, 'processed'), value: formatNumber(job.total_processed, l) },
  { label: it(l, 'created'), value: formatNumber(job.created_count, l) },
  { label: it(l, 'updated'), value: formatNumber(job.updated_count, l) },
  {
    label: it(l, 'rejected'),
    value: formatNumber(job.error_count, l),
    tone: job.error_count > 0 ? 'warn' : undefined,
    href: job.error_count > 0 ? '#errors' : undefined,
  },
])}${job.error_message ? html`<div class="flash error" role="alert">${job.error_message}</div>` : ''}`;
}
