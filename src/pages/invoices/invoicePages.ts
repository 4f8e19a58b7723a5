import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { createInvoiceFromOrder } from '../../../commands/invoices/handlers.ts';
import { getInvoice, getInvoiceSettings, listInvoices } from '../../../queries/invoices/listInvoices.ts';
import { viesVerifier } from '../../adapters/vies/viesClient.ts';
import { InvoiceNotFoundException } from '../../../commands/invoices/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { EU_MEMBER_STATES } from '../../core/vat/index.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { renderInvoicePdf, saveInvoiceSettings, VendorInvoiceSettingsUpdate } from '../../http/vendor/invoiceCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { card, checkbox, dataTable, facts, filters, formatDate, formatMoney, input, linkButton, pager, pill, postButton, postForm, select, textarea } from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refuse } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution } from '../backOffice/registry.ts';
import { bt } from '../backOffice/texts.ts';
import { field } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { invt } from './texts.ts';
import { HTML, pageNumber } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'Post/Redirect/Get, the sign-in page without a session, or the plan feature\'s page without the feature (Location)' };
const FEATURE = 'pdf_invoices';
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
type Party = { name: string; company: string | null; address: string | null; postal_code: string | null; city: string | null; country_iso: string | null; vat_number: string | null };

export const invoicesBackOffice: BackOfficeContribution = {
  navigation: [
    { area: 'vendor', key: 'invoices', href: '/vendor/invoices', section: 'sales', icon: 'invoice', order: 20, permission: 'invoices.view', feature: FEATURE,
      label: { en: 'Invoices', fr: 'Factures', de: 'Rechnungen', lb: 'Rechnungen' } },
  ],
};

const party = (p: Party | null): Html => (p
  ? html`<address style="font-style:normal"><strong>${p.name}</strong>${p.company ? html`<br>${p.company}` : ''}<br>${p.address ?? ''}<br>${p.postal_code ?? ''} ${p.city ?? ''} ${p.country_iso ?? ''}${p.vat_number ? html`<br>${p.vat_number}` : ''}</address>`
  : html`—`);
const docTitle = (l: LanguageCode, i: { document_type: string; invoice_number: string }) => invt(l, i.document_type === 'credit_note' ? 'credit_note' : 'invoice', { number: i.invoice_number });
const orderFilter = (ctx: Context) => (typeof ctx.query.order_id === 'string' && /^\d{1,9}$/.test(ctx.query.order_id) ? Number(ctx.query.order_id) : undefined);

/** The settings form's fields from a post, as the API's PUT takes them (blank optional text is null). */
function settingsOf(ctx: Context) {
  const text = (name: string) => field(ctx, name).trim();
  const optional = (name: string) => text(name) || null;
  return {
    company_name: text('company_name'), company_address: text('company_address'), company_postal_code: text('company_postal_code'),
    company_city: text('company_city'), company_country_iso: text('company_country_iso'), vat_number: optional('vat_number'),
    invoice_prefix: text('invoice_prefix') || 'INV-', payment_terms: optional('payment_terms'), bank_name: optional('bank_name'),
    bank_iban: optional('bank_iban')?.toUpperCase() ?? null, bank_bic: optional('bank_bic')?.toUpperCase() ?? null, footer_text: optional('footer_text'),
    oss_opted_for_destination: field(ctx, 'oss_opted_for_destination') === 'on',
  };
}

/**
 * The vendor's invoices and credit notes in the back office: the list (by order), each document
 * with what it prints and its PDF download, issuing an order's invoice, and the invoice settings;
 * all through the vendor API's own queries and commands.
 */
export function invoicePageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get('/vendor/invoices', {
    summary: 'Back-office page: the vendor\'s invoices and credit notes, newest first (`order_id`, `page`)',
    responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
    if (!viewer) return;
    const l = viewer.language;
    const orderId = orderFilter(ctx);
    const page = await listInvoices(knex, viewer.vendor!.id, { order_id: orderId }, { page: pageNumber(ctx), limit: 25 });
    const issue = orderId && page.total === 0 && can(viewer, 'invoices.create')
      ? postButton(ctx, '/vendor/invoices', invt(l, 'issue', { order: orderId }), { tone: 'primary', fields: { order_id: orderId } }) : undefined;
    await renderBackOffice(ctx, services, viewer, {
      title: invt(l, 'invoices'), nav: 'invoices',
      actions: html`${issue ?? ''} ${can(viewer, 'settings.edit') ? linkButton('/vendor/invoices/settings', invt(l, 'settings'), 'ghost', 'settings') : ''}`,
      body: card(null, html`${filters(ctx, l, [{ name: 'order_id', label: invt(l, 'order_filter'), type: 'number' }])}${dataTable(ctx, l, [
        { label: invt(l, 'number'), cell: (i) => html`<a href="/vendor/invoices/${i.id}"><strong>${i.invoice_number}</strong></a>` },
        { label: invt(l, 'type'), cell: (i) => pill(invt(l, i.document_type === 'credit_note' ? 'type_credit_note' : 'type_invoice'), i.document_type === 'credit_note' ? 'warn' : 'info') },
        { label: invt(l, 'issued'), cell: (i) => formatDate(i.issue_date, l) },
        { label: invt(l, 'buyer'), cell: (i) => (i.buyer as Party | null)?.name ?? '—' },
        { label: invt(l, 'order'), cell: (i) => html`<a href="/vendor/orders/${i.order_id}">#${i.order_id}</a>`, narrowHide: true },
        { label: invt(l, 'regime'), cell: (i) => i.vat_regime, narrowHide: true },
        { label: invt(l, 'gross'), cell: (i) => formatMoney(i.gross_cents, i.currency, l), num: true },
        { label: 'PDF', cell: (i) => html`<a href="/vendor/invoices/${i.id}/pdf">${invt(l, 'download')}</a>`, narrowHide: true },
      ], page.items, { caption: invt(l, 'invoices') })}${pager(ctx, l, page)}`, { flush: true }),
    });
  });

  api.post('/vendor/invoices', {
    summary: 'Back-office form: issue the invoice of an order (`order_id`), then its page',
    responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'invoices.create', FEATURE);
    if (!viewer) return;
    const orderId = Number(field(ctx, 'order_id'));
    const back = `/vendor/invoices${Number.isInteger(orderId) && orderId > 0 ? `?order_id=${orderId}` : ''}`;
    let created: number | null = null;
    await act(ctx, back, async () => {
      const { invoiceId, done } = await createInvoiceFromOrder({ store: services.store, db: knex, clock: services.clock }, viewer.vendor!.id, orderId, {}, viesVerifier(), viewer.context);
      await services.settle([done]);
      created = invoiceId;
      return invt(viewer.language, 'issued_done', { number: (await getInvoice(knex, invoiceId, viewer.vendor!.id)).invoice_number });
    });
    if (created) ctx.redirect(`/vendor/invoices/${created}`);
  });

  api.get('/vendor/invoices/settings', {
    summary: 'Back-office page: the vendor\'s invoice settings (seller identity, VAT number, numbering, bank, OSS)',
    responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
    if (!viewer) return;
    const l = viewer.language;
    const s = (await getInvoiceSettings(knex, viewer.vendor!.id)) as Record<string, unknown>;
    const v = (name: string) => (s[name] == null ? '' : String(s[name]));
    const text = (name: string, required = false) => input(l, { label: invt(l, name as 'company_name'), name, value: v(name), required });
    await renderBackOffice(ctx, services, viewer, {
      title: invt(l, 'settings'), nav: 'invoices', subtitle: invt(l, 'settings_lead'),
      crumbs: [{ label: invt(l, 'invoices'), href: '/vendor/invoices' }],
      body: card(null, postForm(ctx, '/vendor/invoices/settings', html`<div class="form-grid">
${text('company_name', true)}${text('company_address', true)}${text('company_postal_code', true)}${text('company_city', true)}
${select(l, { label: invt(l, 'company_country_iso'), name: 'company_country_iso', value: v('company_country_iso') || 'LU', required: true, options: EU_MEMBER_STATES.map((c) => [c, c]) })}
${text('vat_number')}${input(l, { label: invt(l, 'invoice_prefix'), name: 'invoice_prefix', value: v('invoice_prefix') || 'INV-' })}${text('bank_name')}${text('bank_iban')}${text('bank_bic')}
${textarea(l, { label: invt(l, 'payment_terms'), name: 'payment_terms', value: v('payment_terms'), span2: true })}${textarea(l, { label: invt(l, 'footer_text'), name: 'footer_text', value: v('footer_text'), span2: true })}
${checkbox({ label: invt(l, 'oss'), name: 'oss_opted_for_destination', checked: s.oss_opted_for_destination === true })}</div>
<div class="form-actions"><button type="submit" class="primary">${bt(l, 'save')}</button></div>`)),
    });
  });

  api.post('/vendor/invoices/settings', {
    summary: 'Back-office form: save the vendor\'s invoice settings, checked against the API\'s own schema',
    responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
    if (!viewer) return;
    await act(ctx, '/vendor/invoices/settings', async () => {
      await saveInvoiceSettings(services, viewer.vendor!.id, validBody(VendorInvoiceSettingsUpdate, settingsOf(ctx)), viewer.context);
      return invt(viewer.language, 'saved');
    });
  });

  api.get('/vendor/invoices/:id', {
    summary: 'Back-office page: one invoice or credit note with what it prints, and its PDF download',
    params: Params, responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
    if (!viewer) return;
    const l = viewer.language;
    const i = await getInvoice(knex, params.id, viewer.vendor!.id).catch((err) => { if (err instanceof InvoiceNotFoundException) return null; throw err; });
    if (!i) return refuse(ctx, services, viewer, 404, bt(l, 'not_found_title'), bt(l, 'not_found_text'));
    const money = (c: number) => formatMoney(c, i.currency, l);
    const lines = dataTable(ctx, l, [
      { label: invt(l, 'description'), cell: (x) => html`${x.description} <span class="muted">${x.sku ?? ''}</span>` },
      { label: invt(l, 'qty'), cell: (x) => x.quantity, num: true },
      { label: invt(l, 'unit_net'), cell: (x) => money(x.unit_price_net_cents), num: true, narrowHide: true },
      { label: invt(l, 'rate'), cell: (x) => `${x.vat_rate} %`, num: true },
      { label: invt(l, 'line_net'), cell: (x) => money(x.line_net_cents), num: true },
    ], i.lines as { description: string; sku: string | null; quantity: number; unit_price_net_cents: number; vat_rate: number; line_net_cents: number }[]);
    const groups = (i.vat_groups as { rate_percent: number; net_cents: number; vat_cents: number; gross_cents: number }[])
      .map((g) => [`${invt(l, 'vat')} ${g.rate_percent} %`, `${money(g.net_cents)} + ${money(g.vat_cents)} = ${money(g.gross_cents)}`] as [string, string]);
    await renderBackOffice(ctx, services, viewer, {
      title: docTitle(l, i), nav: 'invoices',
      crumbs: [{ label: invt(l, 'invoices'), href: '/vendor/invoices' }],
      actions: linkButton(`/vendor/invoices/${i.id}/pdf`, invt(l, 'download'), 'primary', 'download'),
      body: html`<div class="grid sidebar"><div class="grid">${card(invt(l, 'lines'), lines, { flush: true })}
${card(null, html`<div class="grid cols-2"><div><h3>${invt(l, 'seller')}</h3>${party(i.seller as Party)}</div><div><h3>${invt(l, 'buyer')}</h3>${party(i.buyer as Party)}</div></div>`)}</div>
<div class="grid">${card(docTitle(l, i), facts([
        [invt(l, 'issued'), formatDate(i.issue_date, l)], [invt(l, 'supplied'), formatDate(i.supply_date, l)],
        [invt(l, 'order'), html`<a href="/vendor/orders/${i.order_id}">#${i.order_id}</a>`], [invt(l, 'regime'), i.vat_regime],
        ...(i.credited_invoice_id ? [[invt(l, 'credits'), html`<a href="/vendor/invoices/${i.credited_invoice_id}">#${i.credited_invoice_id}</a>`] as [string, Html]] : []),
        [invt(l, 'net'), money(i.net_cents)], [invt(l, 'vat'), money(i.vat_cents)], [invt(l, 'gross'), html`<strong>${money(i.gross_cents)}</strong>`],
        ...groups, [invt(l, 'mentions'), (i.mentions as string[]).join(' · ') || null], ['PDF', i.pdf_bytes ? `${Math.round(Number(i.pdf_bytes) / 1024)} KB` : invt(l, 'no_pdf')],
      ]))}</div></div>`,
    });
  });

  api.get('/vendor/invoices/:id/pdf', {
    summary: 'Back-office download: the invoice\'s PDF (rendered from what was issued and recorded on the way)',
    params: Params,
    responses: { 200: { description: 'The invoice PDF, as an attachment named after the invoice number', contentType: 'application/pdf' }, 303: SEE_OTHER, 403: HTML },
    errors: [InvoiceNotFoundException],
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'invoices.view', FEATURE);
    if (!viewer) return;
    const { invoice, file } = await renderInvoicePdf(services, viewer.vendor!.id, params.id, viewer.context);
    ctx.set('Content-Disposition', `attachment; filename="${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/pdf';
    ctx.body = file.pdf;
  });

  return api.router;
}
