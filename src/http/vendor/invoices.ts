import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { createInvoiceFromOrder, issueCreditNote, type InvoiceDeps } from '../../../commands/invoices/handlers.ts';
import { getInvoice, getInvoiceSettings, getInvoiceStats, listInvoices } from '../../../queries/invoices/listInvoices.ts';
import { viesVerifier } from '../../adapters/vies/viesClient.ts';
import { ConcurrencyException, ExchangeRateUnavailableException, VatNumberCheckUnavailableException } from '../../core/errors.ts';
import { InvoiceAlreadyExistsException, InvoiceException, InvoiceNotFoundException } from '../../../commands/invoices/errors.ts';
import { OrderNotFoundException } from '../../../commands/orders/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { InvoiceSettingsAnswer } from '../schemas/invoices.ts';
import { InvoiceDetail, InvoiceItem, InvoicePdfGenerated, InvoiceStats } from './invoiceSchemas.ts';
import { Id, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';
import { Plain, renderInvoicePdf, saveInvoiceSettings, VendorInvoiceSettings } from './invoiceCommands.ts';

const CreateInvoice = Type.Object(
  { order_id: Id, buyer_vat_number: Type.Optional(Type.Union([Plain(4, 20), Type.Null()])) },
  { $id: 'InvoiceCreate', additionalProperties: false },
);
const Params = Type.Object({ invoice_id: Id });
/** What a credit note credits (Art. 219): every line, quantities of lines, or per unit an amount too much charged. */
const CreditNoteCreate = Type.Object(
  {
    reason: Type.Union([Type.Literal('cancellation'), Type.Literal('refund'), Type.Literal('correction')]),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            item_id: Type.Integer({ minimum: 0, description: "The invoice line's item (0: the delivery charge)" }),
            quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
            unit_amount_cents: Type.Optional(
              Type.Integer({ minimum: 1, description: 'Corrections: the amount per unit charged too much, VAT included' }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 500 },
      ),
    ),
    note: Type.Optional(Type.Union([Plain(0, 500), Type.Null()])),
  },
  { $id: 'CreditNoteCreate', additionalProperties: false },
);

/**
 * Invoices of the token's vendor (SPEC.md 4.2 invoice endpoints): settings, creation
 * from an order (immutable, gapless number), list, stats (InvoiceStatsResponse), the PDF
 * (InvoicePDFGeneratedResponse) and its download.
 */
export function vendorInvoiceRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const deps = (): InvoiceDeps => ({ store: services.store, db: knex, clock: services.clock });
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  const render = (ctx: Context, invoiceId: number) => renderInvoicePdf(services, vendorOf(ctx), invoiceId, vendorCommandContext(ctx));

  api.get(
    '/invoices/settings',
    {
      feature: 'pdf_invoices',
      summary: "The vendor's invoice settings (VendorInvoiceSettings), or configured false",
      permission: 'invoices.view',
      responses: { 200: InvoiceSettingsAnswer },
    },
    async (ctx) => {
      ctx.body = await getInvoiceSettings(knex, vendorOf(ctx));
    },
  );

  api.put(
    '/invoices/settings',
    {
      feature: 'pdf_invoices',
      summary: "Set the vendor's invoice settings: seller identity, VAT number of the same country, numbering prefix, OSS choice",
      permission: 'settings.edit',
      body: VendorInvoiceSettings,
      responses: { 200: InvoiceSettingsAnswer },
    },
    async (ctx, { body }) => {
      await saveInvoiceSettings(services, vendorOf(ctx), body, vendorCommandContext(ctx));
      ctx.body = await getInvoiceSettings(knex, vendorOf(ctx));
    },
  );

  api.post(
    '/invoices',
    {
      feature: 'pdf_invoices',
      summary: "Issue the invoice of an order (immutable, the next gapless number; the buyer's VAT number is checked with VIES)",
      permission: 'invoices.create',
      body: CreateInvoice,
      responses: { 201: InvoiceDetail },
      errors: [
        OrderNotFoundException,
        InvoiceException,
        InvoiceAlreadyExistsException,
        ExchangeRateUnavailableException,
        VatNumberCheckUnavailableException,
      ],
    },
    async (ctx, { body }) => {
      const { invoiceId, done } = await createInvoiceFromOrder(
        deps(),
        vendorOf(ctx),
        body.order_id,
        body,
        viesVerifier(),
        vendorCommandContext(ctx),
      );
      await services.settle([done]);
      ctx.status = 201;
      ctx.body = await getInvoice(knex, invoiceId, vendorOf(ctx));
    },
  );
  api.post(
    '/invoices/:invoice_id/credit-notes',
    {
      feature: 'credit_notes',
      summary:
        'Credit an issued invoice (Art. 219): a credit note with the next number of the same sequence, negative per rate, referencing it',
      description:
        'A cancellation credits every line; a refund the quantities named at their price; a correction, per unit, the amount charged too much. ' +
        'The invoice itself never changes; the credit notes of an invoice never credit more than it charged.',
      permission: 'invoices.create',
      params: Params,
      body: CreditNoteCreate,
      responses: { 201: InvoiceDetail },
      errors: [InvoiceNotFoundException, InvoiceException],
    },
    async (ctx, { params, body }) => {
      const { creditNoteId, done } = await issueCreditNote(deps(), vendorOf(ctx), params.invoice_id, body, vendorCommandContext(ctx));
      await services.settle([done]);
      ctx.status = 201;
      ctx.body = await getInvoice(knex, creditNoteId, vendorOf(ctx));
    },
  );
  api.get(
    '/invoices',
    {
      feature: 'pdf_invoices',
      summary: "The vendor's invoices and credit notes, newest number first, by order",
      permission: 'invoices.view',
      query: Type.Object({ ...PageQuery, order_id: Type.Optional(Id) }),
      responses: { 200: Page(InvoiceItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listInvoices(knex, vendorOf(ctx), { order_id: query.order_id }, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );
  api.get(
    '/invoices/stats',
    {
      feature: 'invoice_stats',
      summary: "Counts and totals of the vendor's invoices, by VAT regime (InvoiceStatsResponse)",
      permission: 'invoices.view',
      responses: { 200: InvoiceStats },
    },
    async (ctx) => {
      ctx.body = await getInvoiceStats(knex, vendorOf(ctx));
    },
  );
  api.get(
    '/invoices/:invoice_id',
    {
      feature: 'pdf_invoices',
      summary: "One of the vendor's invoices with everything it prints",
      permission: 'invoices.view',
      params: Params,
      responses: { 200: InvoiceDetail },
      errors: [InvoiceNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getInvoice(knex, params.invoice_id, vendorOf(ctx));
    },
  );
  api.post(
    '/invoices/:invoice_id/pdf',
    {
      feature: 'pdf_invoices',
      summary: "Render the invoice's PDF and store it (InvoicePDFGeneratedResponse)",
      permission: 'invoices.create',
      params: Params,
      responses: { 200: InvoicePdfGenerated },
      errors: [InvoiceNotFoundException],
    },
    async (ctx, { params }) => {
      const { invoice, file } = await render(ctx, params.invoice_id);
      ctx.body = {
        success: true,
        invoice_id: invoice.invoice_id,
        invoice_number: invoice.invoice_number,
        pdf_path: file.path,
        pdf_bytes: file.bytes,
        message: 'PDF generated',
      };
    },
  );
  api.get(
    '/invoices/:invoice_id/pdf',
    {
      feature: 'pdf_invoices',
      summary: "Download the invoice's PDF (rendered and recorded on the way)",
      permission: 'invoices.view',
      params: Params,
      responses: {
        200: { description: 'The invoice PDF, as an attachment named after the invoice number', contentType: 'application/pdf' },
      },
      errors: [InvoiceNotFoundException, ConcurrencyException],
    },
    async (ctx, { params }) => {
      const { invoice, file } = await render(ctx, params.invoice_id);
      ctx.set('Content-Disposition', `attachment; filename="${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`);
      ctx.type = 'application/pdf';
      ctx.body = file.pdf;
    },
  );
  return api.router;
}
