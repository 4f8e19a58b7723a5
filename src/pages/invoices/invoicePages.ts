import type Router from '@koa/router';
import type { Context } from 'koa';
import { createInvoiceFromOrder } from '../../../commands/invoices/handlers.ts';
import { getInvoice, listInvoices } from '../../../queries/invoices/listInvoices.ts';
import { viesVerifier } from '../../adapters/vies/viesClient.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDate, formatMoney, linkButton, pager, pill, postButton } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { html } from '../html.ts';
import { invoiceDocumentPage, type Party } from './invoiceDocumentPage.ts';
import { FEATURE, SEE_OTHER } from './invoiceFeature.ts';
import { invoiceSettingsPage } from './invoiceSettingsPage.ts';
import { invt } from './texts.ts';
import { HTML, pageNumber } from '../pageRoutes.ts';

export const invoicesBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'invoices',
      href: '/vendor/invoices',
      section: 'sales',
      icon: 'invoice',
      order: 20,
      permission: 'invoices.view',
      feature: FEATURE,
      label: { en: 'Invoices', fr: 'Factures', de: 'Rechnungen', lb: 'Rechnungen' },
    },
  ],
};

const orderFilter = (ctx: Context) =>
  typeof ctx.query.order_id === 'string' && /^\d{1,9}$/.test(ctx.query.order_id) ? Number(ctx.query.order_id) : undefined;

/**
 * The vendor's invoices and credit notes in the back office: the list (by order), each document
 * with what it prints and its PDF download, issuing an order's invoice, and the invoice settings;
 * all through the vendor API's own queries and commands.
 */
export function invoicePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/vendor/invoices',
    {
      summary: "Back-office page: the vendor's invoices and credit notes, newest first (`order_id`, `page`)",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
      if (!viewer) return;
      const l = viewer.language;
      const orderId = orderFilter(ctx);
      const page = await listInvoices(knex, viewer.vendor!.id, { order_id: orderId }, { page: pageNumber(ctx), limit: 25 });
      const issue =
        orderId && page.total === 0 && can(viewer, 'invoices.create')
          ? postButton(ctx, '/vendor/invoices', invt(l, 'issue', { order: orderId }), { tone: 'primary', fields: { order_id: orderId } })
          : undefined;
      await renderBackOffice(ctx, services, viewer, {
        title: invt(l, 'invoices'),
        nav: 'invoices',
        actions: html`${issue ?? ''} ${can(viewer, 'settings.edit') ? linkButton('/vendor/invoices/settings', invt(l, 'settings'), 'ghost', 'settings') : ''}`,
        body: card(
          null,
          html`${filters(ctx, l, [{ name: 'order_id', label: invt(l, 'order_filter'), type: 'number' }])}${dataTable(
            ctx,
            l,
            [
              { label: invt(l, 'number'), cell: (i) => html`<a href="/vendor/invoices/${i.id}"><strong>${i.invoice_number}</strong></a>` },
              {
                label: invt(l, 'type'),
                cell: (i) =>
                  pill(
                    invt(l, i.document_type === 'credit_note' ? 'type_credit_note' : 'type_invoice'),
                    i.document_type === 'credit_note' ? 'warn' : 'info',
                  ),
              },
              { label: invt(l, 'issued'), cell: (i) => formatDate(i.issue_date, l) },
              { label: invt(l, 'buyer'), cell: (i) => (i.buyer as Party | null)?.name ?? '—' },
              { label: invt(l, 'order'), cell: (i) => html`<a href="/vendor/orders/${i.order_id}">#${i.order_id}</a>`, narrowHide: true },
              { label: invt(l, 'regime'), cell: (i) => i.vat_regime, narrowHide: true },
              { label: invt(l, 'gross'), cell: (i) => formatMoney(i.gross_cents, i.currency, l), num: true },
              { label: 'PDF', cell: (i) => html`<a href="/vendor/invoices/${i.id}/pdf">${invt(l, 'download')}</a>`, narrowHide: true },
            ],
            page.items,
            { caption: invt(l, 'invoices') },
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  api.post(
    '/vendor/invoices',
    {
      summary: 'Back-office form: issue the invoice of an order (`order_id`), then its page',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'invoices.create', FEATURE);
      if (!viewer) return;
      const orderId = Number(field(ctx, 'order_id'));
      const back = `/vendor/invoices${Number.isInteger(orderId) && orderId > 0 ? `?order_id=${orderId}` : ''}`;
      let created: number | null = null;
      await act(ctx, back, async () => {
        const { invoiceId, done } = await createInvoiceFromOrder(
          { store: services.store, db: knex, clock: services.clock },
          viewer.vendor!.id,
          orderId,
          {},
          viesVerifier(),
          viewer.context,
        );
        await services.settle([done]);
        created = invoiceId;
        return invt(viewer.language, 'issued_done', { number: (await getInvoice(knex, invoiceId, viewer.vendor!.id)).invoice_number });
      });
      if (created) ctx.redirect(`/vendor/invoices/${created}`);
    },
  );

  invoiceSettingsPage(api, services);
  invoiceDocumentPage(api, services);

  return api.router;
}
