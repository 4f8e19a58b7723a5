import type Router from '@koa/router';
import { SYNC_JOB_TYPES, type SyncJobType } from '../../../commands/extmarket/events.ts';
import { requestExtmarketSync } from '../../../commands/extmarket/handlers.ts';
import { getExtmarketCredentials } from '../../../queries/extmarket/getCredentials.ts';
import { JOB_SORTS, listJobs, type JobSort, type JobType } from '../../../queries/extmarket/listJobs.ts';
import { Api } from '../../http/api.ts';
import { requireCredentials } from '../../http/extmarketShared.ts';
import type { Services } from '../../runtime/services.ts';
import { card, checkbox, dataTable, facts, filters, formatDateTime, pager, pill, postForm, select } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { field, fields, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId } from '../pageRoutes.ts';
import { extmarketJobPage } from './extmarketJobPage.ts';
import { active, FEED_LANGUAGES, JOB_TONE, jobHref, POLL_MS, typeName, vendorOf } from './extmarketJobs.ts';
import { et } from './texts.ts';

const JOB_TYPES: JobType[] = ['order_sync', 'historical_import', 'product_export', 'import'];
const STATUSES = ['pending', 'processing', 'completed', 'failed'];

export const extmarketBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'extmarket',
      href: '/admin/extmarket',
      section: 'sales',
      icon: 'truck',
      order: 60,
      label: { en: 'Extmarket jobs', fr: 'Tâches extmarket', de: 'Extmarket-Aufträge', lb: 'Extmarket-Optréi' },
    },
  ],
};

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

  api.get(
    '/admin/extmarket',
    {
      summary:
        "Back-office page: every vendor's extmarket jobs with the API's filters (`vendor_id`, `job_type`, `status`, `sort`), and the form that starts one",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
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
      const vendorOptions = vendors.map((v: { id: number; name: string; vendor_code: string }): [string, string] => [
        String(v.id),
        `${v.name} (${v.vendor_code})`,
      ]);
      const chosen = vendorId ? vendors.find((v: { id: number }) => v.id === vendorId) : undefined;
      const credentials = chosen ? await getExtmarketCredentials(knex, chosen.id) : null;
      const running = page.items.some((j) => active(j.status));
      const startForm = postForm(
        ctx,
        '/admin/extmarket/jobs',
        html`<div class="form-grid">
${select(l, { label: et(l, 'vendor'), name: 'vendor_id', value: chosen ? String(chosen.id) : '', options: vendorOptions, required: true })}
${select(l, { label: et(l, 'job_type'), name: 'job_type', value: 'order_sync', options: SYNC_JOB_TYPES.map((t): [string, string] => [t, typeName(l, t)]) })}
</div><fieldset class="inline-checks"><legend>${et(l, 'export_languages')} · ${typeName(l, 'product_export')}</legend>
${FEED_LANGUAGES.map((c) => checkbox({ label: c.toUpperCase(), name: 'languages', value: c, checked: true }))}
${checkbox({ label: et(l, 'include_inactive'), name: 'include_inactive', value: 'true' })}</fieldset>
<div class="form-actions"><button type="submit" class="primary">${et(l, 'start_button')}</button></div>`,
      );
      const credentialsCard =
        chosen && credentials
          ? card(
              et(l, 'credentials', { vendor: chosen.name }),
              credentials.configured
                ? facts([
                    [et(l, 'configured'), pill('✓', 'ok')],
                    [et(l, 'key_hint'), credentials.api_key_hint ? html`<code>${credentials.api_key_hint}</code>` : null],
                    [et(l, 'endpoint'), credentials.api_endpoint],
                    [et(l, 'auto_sync'), credentials.auto_sync_enabled ? et(l, 'yes') : et(l, 'no')],
                    [
                      et(l, 'connection'),
                      credentials.connection_tested_at
                        ? html`${pill(credentials.connection_status ?? '—', credentials.connection_status === 'ok' ? 'ok' : 'bad')} ${formatDateTime(credentials.connection_tested_at, l)} ${credentials.connection_error ?? ''}`
                        : null,
                    ],
                  ])
                : html`<p class="muted">${et(l, 'not_configured')}</p>`,
            )
          : html``;
      await renderBackOffice(ctx, services, viewer, {
        title: et(l, 'title'),
        nav: 'extmarket',
        subtitle: et(l, 'subtitle'),
        body: html`<div class="grid cols-2">${card(et(l, 'start'), startForm)}${credentialsCard}</div>
${card(
  null,
  html`${filters(ctx, l, [
    { name: 'vendor_id', label: et(l, 'vendor'), type: 'select', options: vendorOptions },
    { name: 'job_type', label: et(l, 'job_type'), type: 'select', options: JOB_TYPES.map((t) => [t, typeName(l, t)]) },
    { name: 'status', label: et(l, 'status'), type: 'select', options: STATUSES.map((s) => [s, s]) },
  ])}<div id="job-list"${running ? html` data-refresh="${POLL_MS}"` : ''}>${dataTable(
    ctx,
    l,
    [
      { label: '#', cell: (j) => html`<a href="${jobHref(j)}">${j.id}</a>` },
      { label: et(l, 'job_type'), sort: 'job_type', cell: (j) => html`<a href="${jobHref(j)}">${typeName(l, j.job_type)}</a>` },
      {
        label: et(l, 'vendor'),
        cell: (j) => html`<a href="/admin/extmarket?vendor_id=${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a>`,
      },
      { label: et(l, 'status'), sort: 'status', cell: (j) => pill(j.status, JOB_TONE[j.status]) },
      {
        label: et(l, 'records'),
        cell: (j) =>
          j.job_type === 'order_sync' || j.job_type === 'historical_import' ? String(j.orders_imported ?? '—') : j.record_count,
        num: true,
      },
      {
        label: et(l, 'progress'),
        cell: (j) => (j.status === 'failed' ? pill((j.error_message ?? '').slice(0, 80), 'bad') : (j.progress_message ?? '')),
        narrowHide: true,
      },
      { label: et(l, 'created'), sort: 'created_at', cell: (j) => formatDateTime(j.created_at, l) },
      { label: et(l, 'by'), cell: (j) => j.created_by_name ?? '—', narrowHide: true },
    ],
    page.items,
  )}${pager(ctx, l, page)}</div>`,
  { flush: true },
)}`,
      });
    },
  );

  api.post(
    '/admin/extmarket/jobs',
    {
      summary:
        'Back-office form: start an order sync, historical import or product export (`languages`, `include_inactive`) for a vendor, then to the job',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
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
        const options =
          type === 'product_export'
            ? { include_inactive: field(ctx, 'include_inactive') === 'true', languages: languages.length > 0 ? [...languages] : undefined }
            : {};
        const { jobId: id, done } = await requestExtmarketSync(
          { store: services.store, db: knex, clock: services.clock },
          vendor.id,
          type as SyncJobType,
          viewer.userName,
          { ...viewer.context, vendorId: vendor.id },
          options,
        );
        await services.settle([done]);
        jobId = id;
        return et(l, 'started', { type: typeName(l, type), id, vendor: vendor.name });
      });
      // Once started: to the job's page, which follows its progress.
      if (jobId) seeOther(ctx, `/admin/extmarket/jobs/${jobId}`);
    },
  );

  extmarketJobPage(api, services);

  return api.router;
}
