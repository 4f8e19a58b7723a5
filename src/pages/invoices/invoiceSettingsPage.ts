/**
 * The vendor's invoice settings (/vendor/invoices/settings): the seller's identity and VAT
 * number, the numbering prefix, the payment terms, the bank and the OSS choice, saved through the
 * vendor API's own schema and command.
 */
import type { Context } from 'koa';
import { getInvoiceSettings } from '../../../queries/invoices/listInvoices.ts';
import { EU_MEMBER_STATES } from '../../core/vat/index.ts';
import type { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { saveInvoiceSettings, VendorInvoiceSettingsUpdate } from '../../http/vendor/invoiceCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { card, checkbox, input, postForm, select, textarea } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { bt } from '../backOffice/texts.ts';
import { field } from '../forms.ts';
import { html } from '../html.ts';
import { FEATURE, SEE_OTHER } from './invoiceFeature.ts';
import { invt } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

/** The settings form's fields from a post, as the API's PUT takes them (blank optional text is null). */
function settingsOf(ctx: Context) {
  const text = (name: string) => field(ctx, name).trim();
  const optional = (name: string) => text(name) || null;
  return {
    company_name: text('company_name'),
    company_address: text('company_address'),
    company_postal_code: text('company_postal_code'),
    company_city: text('company_city'),
    company_country_iso: text('company_country_iso'),
    vat_number: optional('vat_number'),
    invoice_prefix: text('invoice_prefix') || 'INV-',
    payment_terms: optional('payment_terms'),
    bank_name: optional('bank_name'),
    bank_iban: optional('bank_iban')?.toUpperCase() ?? null,
    bank_bic: optional('bank_bic')?.toUpperCase() ?? null,
    footer_text: optional('footer_text'),
    oss_opted_for_destination: field(ctx, 'oss_opted_for_destination') === 'on',
  };
}

/** The settings page and its form (GET and POST /vendor/invoices/settings). */
export function invoiceSettingsPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/vendor/invoices/settings',
    {
      summary: "Back-office page: the vendor's invoice settings (seller identity, VAT number, numbering, bank, OSS)",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
      if (!viewer) return;
      const l = viewer.language;
      const s = (await getInvoiceSettings(knex, viewer.vendor!.id)) as Record<string, unknown>;
      const v = (name: string) => (s[name] == null ? '' : String(s[name]));
      const text = (name: string, required = false) => input(l, { label: invt(l, name as 'company_name'), name, value: v(name), required });
      await renderBackOffice(ctx, services, viewer, {
        title: invt(l, 'settings'),
        nav: 'invoices',
        subtitle: invt(l, 'settings_lead'),
        crumbs: [{ label: invt(l, 'invoices'), href: '/vendor/invoices' }],
        body: card(
          null,
          postForm(
            ctx,
            '/vendor/invoices/settings',
            html`<div class="form-grid">
${text('company_name', true)}${text('company_address', true)}${text('company_postal_code', true)}${text('company_city', true)}
${select(l, { label: invt(l, 'company_country_iso'), name: 'company_country_iso', value: v('company_country_iso') || 'LU', required: true, options: EU_MEMBER_STATES.map((c) => [c, c]) })}
${text('vat_number')}${input(l, { label: invt(l, 'invoice_prefix'), name: 'invoice_prefix', value: v('invoice_prefix') || 'INV-' })}${text('bank_name')}${text('bank_iban')}${text('bank_bic')}
${textarea(l, { label: invt(l, 'payment_terms'), name: 'payment_terms', value: v('payment_terms'), span2: true })}${textarea(l, { label: invt(l, 'footer_text'), name: 'footer_text', value: v('footer_text'), span2: true })}
${checkbox({ label: invt(l, 'oss'), name: 'oss_opted_for_destination', checked: s.oss_opted_for_destination === true })}</div>
<div class="form-actions"><button type="submit" class="primary">${bt(l, 'save')}</button></div>`,
          ),
        ),
      });
    },
  );

  api.post(
    '/vendor/invoices/settings',
    {
      summary: "Back-office form: save the vendor's invoice settings, checked against the API's own schema",
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'vendor', 'settings.edit', FEATURE);
      if (!viewer) return;
      await act(ctx, '/vendor/invoices/settings', async () => {
        await saveInvoiceSettings(services, viewer.vendor!.id, validBody(VendorInvoiceSettingsUpdate, settingsOf(ctx)), viewer.context);
        return invt(viewer.language, 'saved');
      });
    },
  );
}
