import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { SYNC_JOB_TYPES, type SyncJobType } from '../../../commands/extmarket/events.ts';
import { requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { JOB_SORTS, getSyncJob, listJobs, type JobSort, type JobType } from '../../../queries/extmarket/listJobs.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { requireCredentials, sendFeed } from '../../http/extmarketShared.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card, checkbox, dataTable, facts, filters, formatDateTime, formatNumber, pager, pill, postForm, progressBar, select, type Tone,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { field, fields, seeOther } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId } from '../pageRoutes.ts';
import { et } from './texts.ts';

/** How often a waiting or running job's page and the list with one are fetched again. */
const POLL_MS = 2000;
const JOB_TYPES: JobType[] = ['order_sync', 'historical_import', 'product_export', 'import'];
const STATUSES = ['pending', 'processing', 'completed', 'failed'];
const FEED_LANGUAGES = ['en', 'fr', 'de'] as const;
export const JOB_TONE: Record<string, Tone> = { pending: 'neutral', processing: 'info', completed: 'ok', failed: 'bad' };

export const extmarketBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'admin', key: 'extmarket', href: '/admin/extmarket', section: 'sales', icon: 'truck', order: 60,
    label: { en: 'Extmarket jobs', fr: 'Tâches extmarket', de: 'Extmarket-Aufträge', lb: 'Extmarket-Optréi' },
  }],
};

type Job = Awaited<ReturnType<typeof getSyncJob>>;
const typeName = (l: LanguageCode, t: string) => et(l, `type_${t}` as 'type_import');
const active = (status: string) => status === 'pending' || status === 'processing';
/** A marketplace import has its own page (the imports area); an extmarket job this area's. */
const jobHref = (j: { job_type: string; id: number }) => (j.job_type === 'import' ? `/admin/imports/${j.id}` : `/admin/extmarket/jobs/${j.id}`);

async function vendorOf(services: Services, id: number): Promise<{ id: number; name: string; vendor_code: string }> {
  const v = await services.db.knex('vendor_list').where('id', id).first('id', 'name', 'vendor_code');
  if (!v) throw new VendorNotFoundException(`Vendor ${id} not found`);
  return v;
}

function jobProgress(l: LanguageCode, j: Job): Html {
  const running = active(j.status);
  return progressBar({
    id: 'job-progress', percent: running ? null : 100, refreshMs: running ? POLL_MS : undefined,
    state: running ? 'running' : j.status === 'failed' ? 'failed' : 'done',
    label: et(l, j.status === 'pending' ? 'waiting' : j.status === 'processing' ? 'running' : j.status === 'failed' ? 'failed' : 'done'),
    detail: j.status === 'failed' ? j.error_message ?? '' : j.progress_message ?? '',
  });
}

/**
 * The admins' extmarket pages (/admin/extmarket…): every vendor's jobs in one list (order syncs,
 * historical imports, product exports and marketplace imports) with the API's filters and sorts,
 * refreshing while one runs; a vendor's credentials as the admin may see them (the key's hint,
 * never the key); starting an order sync, a historical import or a product export for a vendor
 * (the API's commands and refusals: no key, no sync); a job's page with its live progress, its
 * error and an export's files, each downloadable.
 */
export function extmarketPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get('/admin/extmarket', {
    summary: 'Back-office page: every vendor\'s extmarket jobs with the API\'s filters (`vendor_id`, `job_type`, `status`, `sort`), and the form that starts one',
    responses: { 200: HTML, 303: SEE_OTHER },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const vendorId = queryId(ctx, 'vendor_id');
    const jobType = JOB_TYPES.find((t) => t === ctx.query.job_type);
    const status = STATUSES.find((s) => s === ctx.query.status);
    const sort = (Object.keys(JOB_SORTS) as JobSort[]).find((s) => s === ctx.query.sort) ?? '-created_at';
    const [page, vendors] = await Promise.all([
      listJobs(knex, { vendor_id: vendorId, job_type: jobType, status }, { page: pageNumber(ctx), limit: 25 }, sort),
      knex('vendor_list').orderBy('name').limit(500).select('id', 'name', 'vendor_code'),
    ]);
    const vendorOptions = vendors.map((v: { id: number; name: string; vendor_code: string }): [string, string] => [String(v.id), `${v.name} (${v.vendor_code})`]);
    const chosen = vendorId ? vendors.find((v: { id: number }) => v.id === vendorId) : undefined;
    const credentials = chosen ? await getExtmarketCredentials(knex, chosen.id) : null;
    const running = page.items.some((j) => active(j.status));
    const startForm = postForm(ctx, '/admin/extmarket/jobs', html`<div class="form-grid">
${select(l, { label: et(l, 'vendor'), name: 'vendor_id', value: chosen ? String(chosen.id) : '', options: vendorOptions, required: true })}
${select(l, { label: et(l, 'job_type'), name: 'job_type', value: 'order_sync', options: SYNC_JOB_TYPES.map((t): [string, string] => [t, typeName(l, t)]) })}
</div><fieldset class="inline-checks"><legend>${et(l, 'export_languages')} · ${typeName(l, 'product_export')}</legend>
${FEED_LANGUAGES.map((c) => checkbox({ label: c.toUpperCase(), name: 'languages', value: c, checked: true }))}
${checkbox({ label: et(l, 'include_inactive'), name: 'include_inactive', value: 'true' })}</fieldset>
<div class="form-actions"><button type="submit" class="primary">${et(l, 'start_button')}</button></div>`);
    const credentialsCard = chosen && credentials ? card(et(l, 'credentials', { vendor: chosen.name }), credentials.configured ? facts([
      [et(l, 'configured'), pill('✓', 'ok')], [et(l, 'key_hint'), credentials.api_key_hint ? html`<code>${credentials.api_key_hint}</code>` : null],
      [et(l, 'endpoint'), credentials.api_endpoint], [et(l, 'auto_sync'), credentials.auto_sync_enabled ? et(l, 'yes') : et(l, 'no')],
      [et(l, 'connection'), credentials.connection_tested_at ? html`${pill(credentials.connection_status ?? '—', credentials.connection_status === 'ok' ? 'ok' : 'bad')} ${formatDateTime(credentials.connection_tested_at, l)} ${credentials.connection_error ?? ''}` : null],
    ]) : html`<p class="muted">${et(l, 'not_configured')}</p>`) : html``;
    await renderBackOffice(ctx, services, viewer, {
      title: et(l, 'title'), nav: 'extmarket', subtitle: et(l, 'subtitle'),
      body: html`<div class="grid cols-2">${card(et(l, 'start'), startForm)}${credentialsCard}</div>
${card(null, html`${filters(ctx, l, [
        { name: 'vendor_id', label: et(l, 'vendor'), type: 'select', options: vendorOptions },
        { name: 'job_type', label: et(l, 'job_type'), type: 'select', options: JOB_TYPES.map((t) => [t, typeName(l, t)]) },
        { name: 'status', label: et(l, 'status'), type: 'select', options: STATUSES.map((s) => [s, s]) },
      ])}<div id="job-list"${running ? html` data-refresh="${POLL_MS}"` : ''}>${dataTable(ctx, l, [
        { label: '#', cell: (j) => html`<a href="${jobHref(j)}">${j.id}</a>` },
        { label: et(l, 'job_type'), sort: 'job_type', cell: (j) => html`<a href="${jobHref(j)}">${typeName(l, j.job_type)}</a>` },
        { label: et(l, 'vendor'), cell: (j) => html`<a href="/admin/extmarket?vendor_id=${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a>` },
        { label: et(l, 'status'), sort: 'status', cell: (j) => pill(j.status, JOB_TONE[j.status]) },
        { label: et(l, 'records'), cell: (j) => (j.job_type === 'order_sync' || j.job_type === 'historical_import' ? String(j.orders_imported ?? '—') : j.record_count), num: true },
        { label: et(l, 'progress'), cell: (j) => (j.status === 'failed' ? pill((j.error_message ?? '').slice(0, 80), 'bad') : j.progress_message ?? ''), narrowHide: true },
        { label: et(l, 'created'), sort: 'created_at', cell: (j) => formatDateTime(j.created_at, l) },
        { label: et(l, 'by'), cell: (j) => j.created_by_name ?? '—', narrowHide: true },
      ], page.items)}${pager(ctx, l, page)}</div>`, { flush: true })}`,
    });
  });

  api.post('/admin/extmarket/jobs', {
    summary: 'Back-office form: start an order sync, historical import or product export (`languages`, `include_inactive`) for a vendor, then to the job',
    responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const vendorId = Number(field(ctx, 'vendor_id'));
    const back = Number.isInteger(vendorId) && vendorId > 0 ? `/admin/extmarket?vendor_id=${vendorId}` : '/admin/extmarket';
    let jobId = 0;
    await act(ctx, back, async () => {
      const vendor = await vendorOf(services, Number.isInteger(vendorId) && vendorId > 0 && vendorId < 2 ** 31 ? vendorId : 0);
      const type = SYNC_JOB_TYPES.find((t) => t === field(ctx, 'job_type')) ?? 'order_sync';
      if (type !== 'product_export') await requireCredentials(services, vendor.id);
      const languages = FEED_LANGUAGES.filter((c) => fields(ctx, 'languages').includes(c));
      const options = type === 'product_export' ? { include_inactive: field(ctx, 'include_inactive') === 'true', languages: languages.length > 0 ? [...languages] : undefined } : {};
      const { jobId: id, done } = await requestExtmarketSync({ store: services.store, db: knex, clock: services.clock }, vendor.id, type as SyncJobType, viewer.userName,
        { ...viewer.context, vendorId: vendor.id }, options);
      await services.settle([done]);
      jobId = id;
      return et(l, 'started', { type: typeName(l, type), id, vendor: vendor.name });
    });
    // Once started: to the job's page, which follows its progress.
    if (jobId) seeOther(ctx, `/admin/extmarket/jobs/${jobId}`);
  });

  api.get('/admin/extmarket/jobs/:id', {
    summary: 'Back-office page: one extmarket job with its live progress, its error and an export\'s files', params: IdParams,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const j = await getSyncJob(knex, params.id);
    const details = (j.error_details ?? {}) as { files?: { language: string; filename: string; products: number; size_bytes: number; error: string | null }[] };
    const files = Array.isArray(details.files) ? details.files : [];
    const rest = Object.fromEntries(Object.entries(details).filter(([k]) => k !== 'files'));
    await renderBackOffice(ctx, services, viewer, {
      title: `${typeName(l, j.job_type)} #${j.id}`, nav: 'extmarket', crumbs: [{ label: et(l, 'title'), href: '/admin/extmarket' }],
      subtitle: html`${pill(j.status, JOB_TONE[j.status])} <a href="/admin/vendors/${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a>`,
      body: html`<div class="grid cols-2">${card(et(l, 'progress'), jobProgress(l, j))}${card(null, facts([
        [et(l, 'vendor'), html`<a href="/admin/extmarket?vendor_id=${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a> <code class="muted">${j.vendor_code ?? ''}</code>`],
        [et(l, 'job_type'), typeName(l, j.job_type)], [et(l, 'records'), j.record_count],
        [et(l, 'orders_imported'), j.orders_imported], [et(l, 'by'), j.created_by_name], [et(l, 'created'), formatDateTime(j.created_at, l)],
        [et(l, 'started_at'), j.started_at ? formatDateTime(j.started_at, l) : null], [et(l, 'completed_at'), j.completed_at ? formatDateTime(j.completed_at, l) : null],
        [et(l, 'error'), j.error_message],
      ]))}</div>
${files.length > 0 ? card(et(l, 'files'), dataTable(ctx, l, [
        { label: et(l, 'language'), cell: (f: (typeof files)[number]) => f.language.toUpperCase() },
        { label: et(l, 'file'), cell: (f: (typeof files)[number]) => html`<code>${f.filename}</code>` },
        { label: et(l, 'products'), cell: (f: (typeof files)[number]) => formatNumber(f.products, l), num: true },
        { label: et(l, 'size'), cell: (f: (typeof files)[number]) => `${formatNumber(f.size_bytes, l)} B`, num: true, narrowHide: true },
        { label: '', cell: (f: (typeof files)[number]) => (f.error ? pill(f.error, 'bad') : html`<a href="/admin/extmarket/vendors/${j.vendor_id}/feed?language=${f.language}">${et(l, 'download')}</a>`) },
      ], files), { flush: true }) : ''}
${Object.keys(rest).length > 0 ? card(et(l, 'details'), html`<pre class="failure">${JSON.stringify(rest, null, 2)}</pre>`) : ''}`,
    });
  });

  api.get('/admin/extmarket/vendors/:id/feed', {
    summary: 'Back-office download: a vendor\'s product feed in one `language` (as the API\'s export download)', params: IdParams,
    query: Type.Object({ language: Type.Optional(Type.Union(FEED_LANGUAGES.map((c) => Type.Literal(c)))), include_inactive: Type.Optional(Type.Boolean()) }),
    responses: { 200: { description: 'The feed as tab-separated values', contentType: 'text/tab-separated-values' }, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params, query }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    await vendorOf(services, params.id);
    await sendFeed(ctx, services, params.id, query);
  });

  return api.router;
}
