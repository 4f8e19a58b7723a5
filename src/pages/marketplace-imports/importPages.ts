import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Language as ImportLanguage } from '../../../commands/marketplace-imports/events.ts';
import { getImportStats } from '../../../queries/marketplace-imports/getImportStats.ts';
import { listImportErrors } from '../../../queries/marketplace-imports/listImportErrors.ts';
import { getImportJob, IMPORT_JOB_SORTS, listImportJobs, type ImportJobSort } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { ValidationException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import {
  AdminMarketplaceImportJobRequest,
  importBody,
  importUpload,
  startMarketplaceImport,
  VendorMarketplaceImportJobRequest,
} from '../../http/marketplaceImportRequest.ts';
import { ERROR_TYPES, JOB_STATUSES } from '../../http/schemas/marketplaceImports.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, filters, formatDateTime, formatNumber, pager, tiles } from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { BASE, jobStatus, running, startForm, statusPill, vendorChoices } from './jobViews.ts';
import { it } from './texts.ts';
import { HTML, SEE_OTHER, pageNumber } from '../pageRoutes.ts';

const Params = Type.Object({ job_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const LABEL = { en: 'Imports', fr: 'Imports', de: 'Importe', lb: 'Importer' };

export const importsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'imports',
      href: BASE.vendor,
      section: 'catalogue',
      icon: 'upload',
      order: 20,
      permission: 'imports.view',
      feature: 'marketplace_copy',
      label: LABEL,
    },
    { area: 'admin', key: 'imports', href: BASE.admin, section: 'catalogue', icon: 'upload', order: 15, label: LABEL },
  ],
};

const scopeOf = (viewer: Viewer): number | null => viewer.vendor?.id ?? null;

/**
 * Marketplace imports in both back offices (/vendor/imports, /admin/imports): the jobs with the
 * API's status filter, sort and pages, the start form (file or URL; an admin for any vendor) that
 * runs the command of POST …/marketplace-import-jobs, and a job's page whose progress refreshes
 * itself while it runs, with its rejected rows by problem.
 */
export function importPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  for (const area of ['vendor', 'admin'] as const) {
    const base = BASE[area];

    api.get(
      base,
      {
        summary: `Back-office page: ${area === 'vendor' ? "the vendor's" : "every vendor's"} import jobs (\`status\`, ${area === 'admin' ? '`vendor_id`, ' : ''}\`sort\`, \`page\`), their statistics and the start form`,
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
      },
      async (ctx) => {
        const viewer = await pageViewer(services, ctx, area, 'imports.view', 'marketplace_copy');
        if (!viewer) return;
        const l = viewer.language;
        const q = ctx.query;
        const vendorId = scopeOf(viewer) ?? (Number(q.vendor_id) > 0 && Number(q.vendor_id) < 2 ** 31 ? Number(q.vendor_id) : undefined);
        const status = typeof q.status === 'string' && (JOB_STATUSES as readonly string[]).includes(q.status) ? q.status : undefined;
        const sort = (typeof q.sort === 'string' && q.sort in IMPORT_JOB_SORTS ? q.sort : '-id') as ImportJobSort;
        const [page, stats] = await Promise.all([
          listImportJobs(knex, { vendor_id: vendorId, status }, { page: pageNumber(ctx), limit: 20 }, sort),
          getImportStats(knex, vendorId ?? null),
        ]);
        const table = dataTable(
          ctx,
          l,
          [
            {
              label: '#',
              sort: 'id',
              cell: (j) => html`<a href="${base}/${j.id}"><strong>${it(l, 'import_job', { id: j.id })}</strong></a>`,
            },
            ...(area === 'admin' ? [{ label: it(l, 'vendor'), cell: (j: (typeof page.items)[number]) => j.vendor_name }] : []),
            { label: it(l, 'source'), narrowHide: true, cell: (j) => j.file_name ?? j.source_url },
            { label: it(l, 'status'), sort: 'status', cell: (j) => statusPill(l, j.status) },
            { label: it(l, 'processed'), num: true, cell: (j) => formatNumber(j.total_processed, l) },
            { label: it(l, 'rejected'), num: true, cell: (j) => formatNumber(j.error_count, l) },
            {
              label: it(l, 'started_at'),
              sort: 'created_at',
              narrowHide: true,
              cell: (j) => html`<span class="nowrap">${formatDateTime(j.created_at, l)}</span>`,
            },
          ],
          page.items,
          { caption: it(l, 'imports') },
        );
        // Every vendor's jobs have a vendor column more: there the table takes the page's whole width.
        const layout = area === 'admin' ? 'grid sidebar wide-main' : 'grid sidebar';
        await renderBackOffice(ctx, services, viewer, {
          title: it(l, 'imports'),
          nav: 'imports',
          body: html`${tiles([
            { label: it(l, 'total_jobs'), value: formatNumber(stats.total_jobs, l) },
            { label: it(l, 'active'), value: formatNumber(stats.active_jobs, l) },
            { label: it(l, 'imported'), value: formatNumber(stats.total_imported, l) },
            { label: it(l, 'rejected'), value: formatNumber(stats.total_errors, l) },
            { label: it(l, 'success_rate'), value: stats.success_rate === null ? '—' : `${Math.round(stats.success_rate)} %` },
          ])}<div class="${layout}">${card(
            null,
            html`${filters(ctx, l, [
              {
                name: 'status',
                label: it(l, 'status'),
                type: 'select',
                options: JOB_STATUSES.map((s) => [s, it(l, `status_${s}` as 'status_pending')]),
              },
              ...(area === 'admin'
                ? [{ name: 'vendor_id', label: it(l, 'vendor'), type: 'select' as const, options: await vendorChoices(services) }]
                : []),
            ])}${table}${pager(ctx, l, page)}`,
            { flush: true },
          )}${card(it(l, 'start'), await startForm(ctx, services, viewer))}</div>`,
        });
      },
    );

    api.post(
      base,
      {
        summary:
          "Back-office form: start an import from an uploaded CSV (multipart `file`) or `source_url` (the command of POST …/marketplace-import-jobs), then the job's page",
        use: [importUpload],
        responses: { 303: SEE_OTHER, 403: HTML, 413: HTML },
      },
      async (ctx) => {
        const viewer = await formViewer(services, ctx, area, 'imports.create', 'marketplace_copy');
        if (!viewer) return;
        const body = ctx.request.body as Record<string, unknown>;
        const request: Record<string, string | number> = {};
        for (const k of ['language', 'source_url', 'marketplace', 'delimiter', ...(area === 'admin' ? ['vendor_id'] : [])]) {
          const value = body[k];
          if (typeof value === 'string' && value !== '') request[k] = k === 'vendor_id' && /^\d{1,10}$/.test(value) ? Number(value) : value;
        }
        ctx.request.body = request;
        let started = 0;
        await act(ctx, base, async () => {
          const parsed = importBody(ctx, area === 'admin' ? AdminMarketplaceImportJobRequest : VendorMarketplaceImportJobRequest) as {
            vendor_id?: number;
            language?: ImportLanguage;
            source_url?: string;
            marketplace?: string;
            delimiter?: string;
          };
          const vendorId = scopeOf(viewer) ?? parsed.vendor_id;
          if (!vendorId) throw new ValidationException('Choose a vendor', [{ pointer: '/body/vendor_id', message: 'required' }]);
          if (area === 'admin') {
            const known = await knex('vendor_list').where('id', vendorId).first('id');
            if (!known) throw new ValidationException('Choose a vendor', [{ pointer: '/body/vendor_id', message: 'no such vendor' }]);
          }
          await startMarketplaceImport(services, ctx, vendorId, parsed, { userId: viewer.userId, context: viewer.context });
          started = (ctx.body as { id: number }).id;
          ctx.body = null;
          return it(viewer.language, 'started');
        });
        if (started) seeOther(ctx, `${base}/${started}`);
      },
    );

    api.get(
      `${base}/:job_id`,
      {
        summary:
          'Back-office page: an import job with its live progress (refreshed while it runs) and its rejected rows (`error_type`, `page`)',
        params: Params,
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await pageViewer(services, ctx, area, 'imports.view', 'marketplace_copy');
        if (!viewer) return;
        const l = viewer.language;
        const job = await orNotFound(ctx, services, viewer, () => getImportJob(knex, params.job_id, scopeOf(viewer)));
        if (!job) return;
        const errorType =
          typeof ctx.query.error_type === 'string' && (ERROR_TYPES as readonly string[]).includes(ctx.query.error_type)
            ? ctx.query.error_type
            : undefined;
        const errors = await listImportErrors(
          knex,
          job.id,
          scopeOf(viewer),
          { error_type: errorType },
          { page: pageNumber(ctx), limit: 25 },
        );
        const byType = job.error_details && 'errors_by_type' in job.error_details ? job.error_details.errors_by_type : {};
        const errorsCard = card(
          it(l, 'errors'),
          html`${Object.keys(byType).length ? html`<p>${Object.entries(byType).map(([t, n]) => html`<a class="pill warn" href="?error_type=${t}#errors">${t} · ${n}</a> `)}</p>` : ''}
${dataTable(
  ctx,
  l,
  [
    { label: it(l, 'row'), num: true, cell: (e) => e.row_number },
    { label: it(l, 'identifier'), cell: (e) => (e.identifier ? html`<code>${e.identifier}</code>` : null) },
    { label: it(l, 'error_type'), cell: (e) => html`<code>${e.error_type}</code>` },
    { label: it(l, 'message'), cell: (e) => e.error_message },
  ],
  errors.items,
  { empty: html`<p class="muted">${it(l, 'no_errors')}</p>` },
)}${pager(ctx, l, errors)}`,
          { id: 'errors', flush: false },
        );
        await renderBackOffice(ctx, services, viewer, {
          title: it(l, 'import_job', { id: job.id }),
          nav: 'imports',
          crumbs: [{ label: it(l, 'imports'), href: base }],
          subtitle: job.file_name ?? job.source_url ?? '',
          // While the job runs, the whole of it (status, counts, rejected rows, finish time) is fetched again.
          body: html`<div id="job-status"${running(job.status) ? html` data-refresh="1000"` : ''}><div class="grid sidebar"><div>${card(null, jobStatus(viewer, job))}${errorsCard}</div>${card(
            it(l, 'source'),
            facts([
              ...(area === 'admin'
                ? [[it(l, 'vendor'), `${job.vendor_name ?? ''} (${job.vendor_code ?? job.vendor_id})`] as [string, string]]
                : []),
              [it(l, 'source'), job.file_name ?? job.source_url],
              [it(l, 'marketplace'), job.marketplace],
              [it(l, 'language'), job.language],
              [it(l, 'started_at'), formatDateTime(job.started_at ?? job.created_at, l)],
              [it(l, 'finished_at'), formatDateTime(job.completed_at, l)],
              [it(l, 'started_by'), job.created_by_name],
            ]),
          )}</div></div>`,
        });
      },
    );
  }
  return api.router;
}
