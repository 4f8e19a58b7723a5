/**
 * One invoice or credit note of the vendor (/vendor/invoices/:id): its lines, seller and buyer,
 * dates, VAT regime and totals by rate, the mentions it prints, and its PDF download.
 */
import { Type } from '@sinclair/typebox';
import { getInvoice } from '../../../queries/invoices/listInvoices.ts';
import { InvoiceNotFoundException } from '../../../commands/invoices/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { renderInvoicePdf } from '../../http/vendor/invoiceCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, formatDate, formatMoney, linkButton } from '../backOffice/components.ts';
import { pageViewer, refuse } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { bt } from '../backOffice/texts.ts';
import { html, type Html } from '../html.ts';
import { FEATURE, SEE_OTHER } from './invoiceFeature.ts';
import { invt } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type Party = {
  name: string;
  company: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country_iso: string | null;
  vat_number: string | null;
};

const party = (p: Party | null): Html =>
  p
    ? html`<address style="font-style:normal"><strong>${p.name}</strong>${p.company ? html`<br>${p.company}` : ''}<br>${p.address ?? ''}<br>${p.postal_code ?? ''} ${p.city ?? ''} ${p.country_iso ?? ''}${p.vat_number ? html`<br>${p.vat_number}` : ''}</address>`
    : html`—`;
const docTitle = (l: LanguageCode, i: { document_type: string; invoice_number: string }) =>
  invt(l, i.document_type === 'credit_note' ? 'credit_note' : 'invoice', { number: i.invoice_number });

/** A document's page and its PDF download (GET /vendor/invoices/:id and …/pdf). */
export function invoiceDocumentPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/vendor/invoices/:id',
    {
      summary: 'Back-office page: one invoice or credit note with what it prints, and its PDF download',
      params: Params,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
      if (!viewer) return;
      const l = viewer.language;
      const i = await getInvoice(knex, params.id, viewer.vendor!.id).catch((err) => {
        if (err instanceof InvoiceNotFoundException) return null;
        throw err;
      });
      if (!i) return refuse(ctx, services, viewer, 404, bt(l, 'not_found_title'), bt(l, 'not_found_text'));
      const money = (c: number) => formatMoney(c, i.currency, l);
      const lines = dataTable(
        ctx,
        l,
        [
          { label: invt(l, 'description'), cell: (x) => html`${x.description} <span class="muted">${x.sku ?? ''}</span>` },
          { label: invt(l, 'qty'), cell: (x) => x.quantity, num: true },
          { label: invt(l, 'unit_net'), cell: (x) => money(x.unit_price_net_cents), num: true, narrowHide: true },
          { label: invt(l, 'rate'), cell: (x) => `${x.vat_rate} %`, num: true },
          { label: invt(l, 'line_net'), cell: (x) => money(x.line_net_cents), num: true },
        ],
        i.lines as {
          description: string;
          sku: string | null;
          quantity: number;
          unit_price_net_cents: number;
          vat_rate: number;
          line_net_cents: number;
        }[],
      );
      const groups = (i.vat_groups as { rate_percent: number; net_cents: number; vat_cents: number; gross_cents: number }[]).map(
        (g) =>
          [`${invt(l, 'vat')} ${g.rate_percent} %`, `${money(g.net_cents)} + ${money(g.vat_cents)} = ${money(g.gross_cents)}`] as [
            string,
            string,
          ],
      );
      await renderBackOffice(ctx, services, viewer, {
        title: docTitle(l, i),
        nav: 'invoices',
        crumbs: [{ label: invt(l, 'invoices'), href: '/vendor/invoices' }],
        actions: linkButton(`/vendor/invoices/${i.id}/pdf`, invt(l, 'download'), 'primary', 'download'),
        body: html`<div class="grid sidebar"><div class="grid">${card(invt(l, 'lines'), lines, { flush: true })}
${card(null, html`<div class="grid cols-2"><div><h3>${invt(l, 'seller')}</h3>${party(i.seller as Party)}</div><div><h3>${invt(l, 'buyer')}</h3>${party(i.buyer as Party)}</div></div>`)}</div>
<div class="grid">${card(
          docTitle(l, i),
          facts([
            [invt(l, 'issued'), formatDate(i.issue_date, l)],
            [invt(l, 'supplied'), formatDate(i.supply_date, l)],
            [invt(l, 'order'), html`<a href="/vendor/orders/${i.order_id}">#${i.order_id}</a>`],
            [invt(l, 'regime'), i.vat_regime],
            ...(i.credited_invoice_id
              ? [
                  [invt(l, 'credits'), html`<a href="/vendor/invoices/${i.credited_invoice_id}">#${i.credited_invoice_id}</a>`] as [
                    string,
                    Html,
                  ],
                ]
              : []),
            [invt(l, 'net'), money(i.net_cents)],
            [invt(l, 'vat'), money(i.vat_cents)],
            [invt(l, 'gross'), html`<strong>${money(i.gross_cents)}</strong>`],
            ...groups,
            [invt(l, 'mentions'), (i.mentions as string[]).join(' · ') || null],
            ['PDF', i.pdf_bytes ? `${Math.round(Number(i.pdf_bytes) / 1024)} KB` : invt(l, 'no_pdf')],
          ]),
        )}</div></div>`,
      });
    },
  );

  api.get(
    '/vendor/invoices/:id/pdf',
    {
      summary: "Back-office download: the invoice's PDF (rendered from what was issued and recorded on the way)",
      params: Params,
      responses: {
        200: { description: 'The invoice PDF, as an attachment named after the invoice number', contentType: 'application/pdf' },
        303: SEE_OTHER,
        403: HTML,
      },
      errors: [InvoiceNotFoundException],
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
      if (!viewer) return;
      const { invoice, file } = await renderInvoicePdf(services, viewer.vendor!.id, params.id, viewer.context);
      ctx.set('Content-Disposition', `attachment; filename="${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/pdf';
      ctx.body = file.pdf;
    },
  );
}
