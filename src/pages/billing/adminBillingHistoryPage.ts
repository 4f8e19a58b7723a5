import type Router from '@koa/router';
import { listBillingHistory } from '../../../queries/billing/billingHistory.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, emptyState, filters, formatDate, formatMoney, pager, pill } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html } from '../html.ts';
import { HTML, pageNumber, queryId, queryText, SEE_OTHER } from '../pageRoutes.ts';
import { bit } from './texts.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The admins' billing history (/admin/billing-history): every vendor's Stripe invoices, newest
 * first, with the filters of the admin API (vendor, paid or failed, billing period), each with
 * Stripe's PDF and, for a failed one, the page where it can be paid.
 */
export function adminBillingHistoryPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');

  api.get(
    '/admin/billing-history',
    {
      summary: "Back-office page: every vendor's Stripe invoices (`vendor_id`, `status`, `from`, `to`, `page`)",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const status = queryText(ctx, 'status', /^(paid|failed)$/) as 'paid' | 'failed' | undefined;
      const page = await listBillingHistory(
        services.db.knex,
        {
          vendor_id: queryId(ctx, 'vendor_id'),
          status,
          from: queryText(ctx, 'from', DAY),
          to: queryText(ctx, 'to', DAY),
        },
        { page: pageNumber(ctx), limit: 25 },
      );
      const names = new Map(
        (
          await services.db
            .knex('vendor_list')
            .whereIn('id', [...new Set(page.items.map((e) => e.vendor_id))])
            .select('id', 'name')
        ).map((v: { id: number; name: string }) => [v.id, v.name]),
      );
      await renderBackOffice(ctx, services, viewer, {
        title: bit(l, 'history'),
        nav: 'billing-history',
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'vendor_id', label: 'Vendor id', type: 'number' },
            {
              name: 'status',
              label: bit(l, 'status'),
              type: 'select',
              options: [
                ['paid', bit(l, 'paid')],
                ['failed', bit(l, 'failed')],
              ],
            },
            { name: 'from', label: 'From', type: 'date' },
            { name: 'to', label: 'To', type: 'date' },
          ])}${dataTable(
            ctx,
            l,
            [
              { label: bit(l, 'number'), cell: (e) => e.number ?? e.invoice_id },
              {
                label: 'Vendor',
                cell: (e) => html`<a href="/admin/subscriptions/${e.vendor_id}">${names.get(e.vendor_id) ?? `#${e.vendor_id}`}</a>`,
              },
              {
                label: bit(l, 'period'),
                cell: (e) => `${formatDate(e.period_start, l)} – ${formatDate(e.period_end, l)}`,
                narrowHide: true,
              },
              {
                label: bit(l, 'status'),
                cell: (e) => pill(bit(l, e.status === 'paid' ? 'paid' : 'failed'), e.status === 'paid' ? 'ok' : 'bad'),
              },
              { label: bit(l, 'amount'), cell: (e) => formatMoney(e.amount_cents, e.currency.toUpperCase(), l), num: true },
              {
                label: '',
                cell: (e) =>
                  html`${e.invoice_pdf ? html`<a href="${e.invoice_pdf}" rel="noopener">${bit(l, 'pdf')}</a>` : ''} ${e.hosted_invoice_url ? html`<a href="${e.hosted_invoice_url}" rel="noopener">Stripe</a>` : ''}`,
                narrowHide: true,
              },
            ],
            page.items,
            { caption: bit(l, 'history'), empty: emptyState(bit(l, 'no_history'), undefined, 'invoice') },
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  return api.router;
}
