/**
 * One extmarket job's admin page (/admin/extmarket/jobs/:id): its live progress, its facts and
 * error, and a product export's files, each downloadable as the vendor's feed in its language.
 */
import { Type } from '@sinclair/typebox';
import { getSyncJob } from '../../../queries/extmarket/listJobs.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { sendFeed } from '../../http/extmarketShared.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, formatDateTime, formatNumber, pill, progressBar } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { active, FEED_LANGUAGES, JOB_TONE, POLL_MS, typeName, vendorOf, type Job } from './extmarketJobs.ts';
import { et } from './texts.ts';

function jobProgress(l: LanguageCode, j: Job): Html {
  const running = active(j.status);
  return progressBar({
    id: 'job-progress',
    percent: running ? null : 100,
    refreshMs: running ? POLL_MS : undefined,
    state: running ? 'running' : j.status === 'failed' ? 'failed' : 'done',
    label: et(l, j.status === 'pending' ? 'waiting' : j.status === 'processing' ? 'running' : j.status === 'failed' ? 'failed' : 'done'),
    detail: j.status === 'failed' ? (j.error_message ?? '') : (j.progress_message ?? ''),
  });
}

/** A job's page and a vendor's feed download (GET /admin/extmarket/jobs/:id and /admin/extmarket/vendors/:id/feed). */
export function extmarketJobPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/extmarket/jobs/:id',
    {
      summary: "Back-office page: one extmarket job with its live progress, its error and an export's files",
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const j = await getSyncJob(knex, params.id);
      const details = (j.error_details ?? {}) as {
        files?: { language: string; filename: string; products: number; size_bytes: number; error: string | null }[];
      };
      const files = Array.isArray(details.files) ? details.files : [];
      const rest = Object.fromEntries(Object.entries(details).filter(([k]) => k !== 'files'));
      await renderBackOffice(ctx, services, viewer, {
        title: `${typeName(l, j.job_type)} #${j.id}`,
        nav: 'extmarket',
        crumbs: [{ label: et(l, 'title'), href: '/admin/extmarket' }],
        subtitle: html`${pill(j.status, JOB_TONE[j.status])} <a href="/admin/vendors/${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a>`,
        body: html`<div class="grid cols-2">${card(et(l, 'progress'), jobProgress(l, j))}${card(
          null,
          facts([
            [
              et(l, 'vendor'),
              html`<a href="/admin/extmarket?vendor_id=${j.vendor_id}">${j.vendor_name ?? j.vendor_id}</a> <code class="muted">${j.vendor_code ?? ''}</code>`,
            ],
            [et(l, 'job_type'), typeName(l, j.job_type)],
            [et(l, 'records'), j.record_count],
            [et(l, 'orders_imported'), j.orders_imported],
            [et(l, 'by'), j.created_by_name],
            [et(l, 'created'), formatDateTime(j.created_at, l)],
            [et(l, 'started_at'), j.started_at ? formatDateTime(j.started_at, l) : null],
            [et(l, 'completed_at'), j.completed_at ? formatDateTime(j.completed_at, l) : null],
            [et(l, 'error'), j.error_message],
          ]),
        )}</div>
${
  files.length > 0
    ? card(
        et(l, 'files'),
        dataTable(
          ctx,
          l,
          [
            { label: et(l, 'language'), cell: (f: (typeof files)[number]) => f.language.toUpperCase() },
            { label: et(l, 'file'), cell: (f: (typeof files)[number]) => html`<code>${f.filename}</code>` },
            { label: et(l, 'products'), cell: (f: (typeof files)[number]) => formatNumber(f.products, l), num: true },
            {
              label: et(l, 'size'),
              cell: (f: (typeof files)[number]) => `${formatNumber(f.size_bytes, l)} B`,
              num: true,
              narrowHide: true,
            },
            {
              label: '',
              cell: (f: (typeof files)[number]) =>
                f.error
                  ? pill(f.error, 'bad')
                  : html`<a href="/admin/extmarket/vendors/${j.vendor_id}/feed?language=${f.language}">${et(l, 'download')}</a>`,
            },
          ],
          files,
        ),
        { flush: true },
      )
    : ''
}
${Object.keys(rest).length > 0 ? card(et(l, 'details'), html`<pre class="failure">${JSON.stringify(rest, null, 2)}</pre>`) : ''}`,
      });
    },
  );

  api.get(
    '/admin/extmarket/vendors/:id/feed',
    {
      summary: "Back-office download: a vendor's product feed in one `language` (as the API's export download)",
      params: IdParams,
      query: Type.Object({
        language: Type.Optional(Type.Union(FEED_LANGUAGES.map((c) => Type.Literal(c)))),
        include_inactive: Type.Optional(Type.Boolean()),
      }),
      responses: {
        200: { description: 'The feed as tab-separated values', contentType: 'text/tab-separated-values' },
        303: SEE_OTHER,
        404: HTML,
      },
    },
    async (ctx, { params, query }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      await vendorOf(services, params.id);
      await sendFeed(ctx, services, params.id, query);
    },
  );
}
