/**
 * A company's page for admins (/admin/companies/:id): its details and contact data, its owner, its
 * vendors, the edit and ownership transfer forms, its history, and the verification, status and
 * deletion buttons.
 */
import type { Context } from 'koa';
import { getCompany, type CompanyDetail } from '../../../queries/companies/getCompany.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, formatDateTime, input, linkButton, postButton, postForm, tabs } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { recordHistory } from '../../modules/history.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { companyForm, statePills } from './companyProfileForm.ts';
import { ct } from './texts.ts';

function vendorsTable(ctx: Context, l: LanguageCode, c: CompanyDetail): Html {
  return dataTable(
    ctx,
    l,
    [
      {
        label: ct(l, 'name'),
        cell: (v) => html`<a href="/admin/vendors/${v.id}">${v.name}</a> <code class="muted">${v.vendor_code}</code>`,
      },
      { label: 'Subdomain', cell: (v) => v.subdomain, narrowHide: true },
      { label: ct(l, 'status'), cell: (v) => statePills(l, v) },
    ],
    c.vendors,
    { empty: html`<p class="muted">${ct(l, 'no_vendors')}</p>` },
  );
}

/** A company's page (`/admin/companies/:id`) with its overview and history tabs. */
export function companyPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/companies/:id',
    {
      summary: 'Back-office page: a company with its contact data, owner, vendors, actions and history (`as_of`)',
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const c = await getCompany(knex, params.id);
      const view = ctx.query.tab === 'history' ? 'history' : 'overview';
      const base = `/admin/companies/${c.id}`;
      const owner = c.owner
        ? html`<a href="/admin/users/${c.owner.id}">${c.owner.username}</a> <span class="muted">${c.owner.email}</span>`
        : '—';
      const overview = html`<div class="grid-2">${card(
        ct(l, 'overview'),
        facts([
          [ct(l, 'owner'), owner],
          [ct(l, 'status'), statePills(l, c)],
          [ct(l, 'description'), c.description],
          [ct(l, 'contact_email'), c.contact_email],
          [ct(l, 'contact_phone'), c.contact_phone],
          [ct(l, 'website'), c.website],
          [ct(l, 'business_address'), c.business_address],
          [ct(l, 'tax_number'), c.tax_number],
          [ct(l, 'created'), formatDateTime(c.created_at, l)],
        ]),
      )}${card(ct(l, 'vendors'), vendorsTable(ctx, l, c), { flush: true, actions: linkButton(`/admin/vendors/new?company_id=${c.id}`, ct(l, 'add_vendor'), 'small') })}</div>
${card(ct(l, 'edit'), companyForm(ctx, l, base, { ...c, description: c.description ?? '' }, false))}
${card(
  ct(l, 'transfer'),
  postForm(
    ctx,
    `${base}/transfer`,
    html`<div class="form-grid">
${input(l, { label: ct(l, 'new_owner'), name: 'new_owner', required: true })}${input(l, { label: ct(l, 'transfer_reason'), name: 'transfer_reason' })}</div>
<div class="form-actions"><button type="submit">${ct(l, 'transfer')}</button></div>`,
    { confirm: ct(l, 'transfer_confirm') },
  ),
)}`;
      await renderBackOffice(ctx, services, viewer, {
        title: c.name,
        nav: 'companies',
        crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
        subtitle: statePills(l, c),
        actions: html`${postButton(ctx, `${base}/verification`, c.is_verified ? ct(l, 'unverify') : ct(l, 'verify'), { fields: { is_verified: String(!c.is_verified) } })}
${postButton(ctx, `${base}/status`, c.is_active ? ct(l, 'deactivate') : ct(l, 'activate'), { fields: { is_active: String(!c.is_active) } })}
${postButton(ctx, `${base}/delete`, ct(l, 'delete'), { tone: 'danger', confirm: ct(l, 'delete_confirm') })}`,
        body: html`${tabs([
          { href: base, label: ct(l, 'overview'), current: view === 'overview' },
          { href: `${base}?tab=history`, label: ct(l, 'history'), current: view === 'history' },
        ])}
${view === 'history' ? await recordHistory(services, ctx, l, `company-${c.id}`) : overview}`,
      });
    },
  );
}
