import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  changeCompanyDetails, createCompany, deleteCompany, setCompanyActive, setCompanyVerified, transferCompanyOwnership, type CompanyDeps,
} from '../../../commands/companies/handlers.ts';
import { getCompany, type CompanyDetail } from '../../../queries/companies/getCompany.ts';
import { listCompanies, type CompanyItem } from '../../../queries/companies/listCompanies.ts';
import { findUserIdByLogin } from '../../modules/users.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { CompanyCreate, CompanyUpdate } from '../../http/admin/companies.ts';
import { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { contactChanges, blankToNull } from '../../http/tenancySchemas.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card, dataTable, facts, filters, formatDate, formatDateTime, input, linkButton, pager, pill, postButton, postForm, tabs, textarea,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field, postedFields } from '../forms.ts';
import { recordHistory } from '../../modules/history.ts';
import { html, type Html } from '../html.ts';
import { ct } from './texts.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag } from '../pageRoutes.ts';

const CONTACT = ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number'] as const;

export const companiesBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'admin', key: 'companies', href: '/admin/companies', section: 'platform', icon: 'building', order: 10,
    label: { en: 'Companies', fr: 'Sociétés', de: 'Unternehmen', lb: 'Entreprisen' },
  }],
};

const text = (ctx: Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 100) : '');
const SORTS = ['id', '-id', 'name', '-name', 'created_at', '-created_at'];

const statePills = (l: LanguageCode, c: { is_active: boolean; is_verified: boolean }) =>
  html`${c.is_verified ? pill(ct(l, 'verified'), 'ok') : pill(ct(l, 'unverified'), 'warn')} ${c.is_active ? '' : pill(ct(l, 'inactive'), 'bad')}`;

function companyForm(ctx: Context, l: LanguageCode, action: string, values: Partial<Record<string, string | null>>, creating: boolean): Html {
  const v = (k: string) => values[k] ?? '';
  const owner = creating ? html`<h3 class="span-2">${ct(l, 'owner')}</h3>
${input(l, { label: ct(l, 'owner_email'), name: 'owner_email', type: 'email', value: v('owner_email'), required: true, hint: ct(l, 'owner_hint') })}
${input(l, { label: ct(l, 'owner_username'), name: 'owner_username', value: v('owner_username') })}
${input(l, { label: ct(l, 'owner_first_name'), name: 'owner_first_name', value: v('owner_first_name') })}
${input(l, { label: ct(l, 'owner_last_name'), name: 'owner_last_name', value: v('owner_last_name') })}` : '';
  return postForm(ctx, action, html`<div class="form-grid">
${input(l, { label: ct(l, 'name'), name: 'name', value: v('name'), required: true, span2: true })}
${textarea(l, { label: ct(l, 'description'), name: 'description', value: v('description'), span2: true })}
${owner}
<h3 class="span-2">${ct(l, 'contact')}</h3><p class="hint span-2">${ct(l, 'contact_hint')}</p>
${input(l, { label: ct(l, 'contact_email'), name: 'contact_email', type: 'email', value: v('contact_email') })}
${input(l, { label: ct(l, 'contact_phone'), name: 'contact_phone', type: 'tel', value: v('contact_phone') })}
${input(l, { label: ct(l, 'website'), name: 'website', type: 'url', value: v('website') })}
${input(l, { label: ct(l, 'tax_number'), name: 'tax_number', value: v('tax_number') })}
${textarea(l, { label: ct(l, 'business_address'), name: 'business_address', value: v('business_address'), span2: true })}
</div><div class="form-actions"><button type="submit" class="primary">${creating ? ct(l, 'create') : ct(l, 'save')}</button></div>`);
}


function vendorsTable(ctx: Context, l: LanguageCode, c: CompanyDetail): Html {
  return dataTable(ctx, l, [
    { label: ct(l, 'name'), cell: (v) => html`<a href="/admin/vendors/${v.id}">${v.name}</a> <code class="muted">${v.vendor_code}</code>` },
    { label: 'Subdomain', cell: (v) => v.subdomain, narrowHide: true },
    { label: ct(l, 'status'), cell: (v) => statePills(l, v) },
  ], c.vendors, { empty: html`<p class="muted">${ct(l, 'no_vendors')}</p>` });
}

/**
 * The admins' company pages (/admin/companies…): the API's list with its search and flags, a
 * company's details, owner, vendors and history, and forms that run the API's own commands —
 * create (the owner's temporary password shown once, on the answer itself, never stored in a
 * cookie), edit, verify, activate, transfer the ownership, delete (refused while vendors exist).
 */
export function companyPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): CompanyDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get('/admin/companies', {
    summary: 'Back-office page: companies with the API\'s search, flags, sort and pages', responses: { 200: HTML, 303: SEE_OTHER },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const sort = SORTS.includes(text(ctx, 'sort')) ? text(ctx, 'sort') : '-id';
    const page = await listCompanies(knex, { search: text(ctx, 'search') || undefined, is_active: queryFlag(ctx, 'is_active'), is_verified: queryFlag(ctx, 'is_verified') },
      { page: pageNumber(ctx), limit: 25 }, sort as 'id');
    const yesNo: [string, string][] = [['true', ct(l, 'yes')], ['false', ct(l, 'no')]];
    await renderBackOffice(ctx, services, viewer, {
      title: ct(l, 'title'), nav: 'companies',
      actions: linkButton('/admin/companies/new', ct(l, 'new_company'), 'primary', 'plus'),
      body: card(null, html`${filters(ctx, l, [
        { name: 'search', label: ct(l, 'search'), type: 'search', grow: true },
        { name: 'is_verified', label: ct(l, 'verified'), type: 'select', options: yesNo },
        { name: 'is_active', label: ct(l, 'active'), type: 'select', options: yesNo },
      ])}${dataTable<CompanyItem>(ctx, l, [
        { label: ct(l, 'name'), sort: 'name', cell: (c) => html`<a href="/admin/companies/${c.id}"><strong>${c.name}</strong></a><div class="muted">${c.contact_email ?? ''}</div>` },
        { label: ct(l, 'vendors'), cell: (c) => ct(l, 'vendor_count', { count: c.vendor_count }) },
        { label: ct(l, 'status'), cell: (c) => statePills(l, c) },
        { label: ct(l, 'created'), sort: 'created_at', cell: (c) => formatDate(c.created_at, l), narrowHide: true },
      ], page.items)}${pager(ctx, l, page)}`, { flush: true }),
    });
  });

  api.get('/admin/companies/new', { summary: 'Back-office page: the form that creates a company and its owner', responses: { 200: HTML, 303: SEE_OTHER } }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    await renderBackOffice(ctx, services, viewer, {
      title: ct(l, 'new_company'), nav: 'companies', crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
      body: card(null, companyForm(ctx, l, '/admin/companies', {}, true)),
    });
  });

  api.post('/admin/companies', {
    summary: 'Back-office form: create a company and its owner; the answer shows the temporary password once',
    responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 422: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const values = postedFields(ctx, ['name', 'description', 'owner_email', 'owner_username', 'owner_first_name', 'owner_last_name', ...CONTACT]);
    try {
      const body = validBody(CompanyCreate, Object.fromEntries(Object.entries(values).filter(([k, v]) => v.trim() !== '' || CONTACT.includes(k as 'website'))));
      const existing = await findUserIdByLogin(knex, body.owner_email);
      const contact = { contact_email: null, contact_phone: null, website: null, business_address: null, tax_number: null, ...contactChanges(body) };
      const created = await createCompany(deps(), {
        name: body.name.trim(), description: blankToNull(body.description) ?? null, ...contact,
        owner: { email: body.owner_email, username: body.owner_username, first_name: body.owner_first_name, last_name: body.owner_last_name, existing_user_id: existing },
      }, viewer.context);
      await services.settle(created.done);
      const secret = created.temporary_password
        ? html`<p>${ct(l, 'temporary_password')}</p><p><code class="secret" id="temporary-password">${created.temporary_password}</code></p><p class="hint">${ct(l, 'temporary_password_hint')}</p>`
        : html`<p>${ct(l, 'existing_owner', { email: body.owner_email })}</p>`;
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, 'created_title', { name: body.name.trim() }), nav: 'companies', crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
        body: card(null, html`${secret}<div class="form-actions">${linkButton(`/admin/companies/${created.id}`, ct(l, 'open_company'), 'primary')}
${linkButton(`/admin/vendors/new?company_id=${created.id}`, ct(l, 'add_vendor'))}</div>`),
      }, 201);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, 'new_company'), nav: 'companies', crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }], error: refusalInWords(err),
        body: card(null, companyForm(ctx, l, '/admin/companies', values, true)),
      }, err.status);
    }
  });

  api.get('/admin/companies/:id', {
    summary: 'Back-office page: a company with its contact data, owner, vendors, actions and history (`as_of`)', params: IdParams,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const c = await getCompany(knex, params.id);
    const view = ctx.query.tab === 'history' ? 'history' : 'overview';
    const base = `/admin/companies/${c.id}`;
    const owner = c.owner ? html`<a href="/admin/users/${c.owner.id}">${c.owner.username}</a> <span class="muted">${c.owner.email}</span>` : '—';
    const overview = html`<div class="grid-2">${card(ct(l, 'overview'), facts([
      [ct(l, 'owner'), owner], [ct(l, 'status'), statePills(l, c)], [ct(l, 'description'), c.description],
      [ct(l, 'contact_email'), c.contact_email], [ct(l, 'contact_phone'), c.contact_phone], [ct(l, 'website'), c.website],
      [ct(l, 'business_address'), c.business_address], [ct(l, 'tax_number'), c.tax_number], [ct(l, 'created'), formatDateTime(c.created_at, l)],
    ]))}${card(ct(l, 'vendors'), vendorsTable(ctx, l, c), { flush: true, actions: linkButton(`/admin/vendors/new?company_id=${c.id}`, ct(l, 'add_vendor'), 'small') })}</div>
${card(ct(l, 'edit'), companyForm(ctx, l, base, { ...c, description: c.description ?? '' } as unknown as Record<string, string>, false))}
${card(ct(l, 'transfer'), postForm(ctx, `${base}/transfer`, html`<div class="form-grid">
${input(l, { label: ct(l, 'new_owner'), name: 'new_owner', required: true })}${input(l, { label: ct(l, 'transfer_reason'), name: 'transfer_reason' })}</div>
<div class="form-actions"><button type="submit">${ct(l, 'transfer')}</button></div>`, { confirm: ct(l, 'transfer_confirm') }))}`;
    await renderBackOffice(ctx, services, viewer, {
      title: c.name, nav: 'companies', crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }], subtitle: statePills(l, c),
      actions: html`${postButton(ctx, `${base}/verification`, c.is_verified ? ct(l, 'unverify') : ct(l, 'verify'), { fields: { is_verified: String(!c.is_verified) } })}
${postButton(ctx, `${base}/status`, c.is_active ? ct(l, 'deactivate') : ct(l, 'activate'), { fields: { is_active: String(!c.is_active) } })}
${postButton(ctx, `${base}/delete`, ct(l, 'delete'), { tone: 'danger', confirm: ct(l, 'delete_confirm') })}`,
      body: html`${tabs([{ href: base, label: ct(l, 'overview'), current: view === 'overview' }, { href: `${base}?tab=history`, label: ct(l, 'history'), current: view === 'history' }])}
${view === 'history' ? await recordHistory(services, ctx, l, `company-${c.id}`) : overview}`,
    });
  });

  const form = (path: string, summary: string, run: (ctx: Context, viewer: Viewer, id: number) => Promise<string | null>, done?: string) =>
    api.post(path, { summary, params: IdParams, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/companies/${params.id}`, () => run(ctx, viewer, params.id), { done });
    });

  form('/admin/companies/:id', 'Back-office form: change a company\'s name, description or contact data', async (ctx, viewer, id) => {
    const body = validBody(CompanyUpdate, postedFields(ctx, ['name', 'description', ...CONTACT]));
    const changes = { ...contactChanges(body), ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: blankToNull(body.description) ?? null } : {}) };
    await services.settle(await changeCompanyDetails(deps(), id, changes, viewer.context));
    return ct(viewer.language, 'saved');
  });
  form('/admin/companies/:id/verification', 'Back-office form: set a company\'s verified flag (`is_verified`)', async (ctx, viewer, id) => {
    await services.settle(await setCompanyVerified(deps(), id, field(ctx, 'is_verified') === 'true', viewer.context));
    return ct(viewer.language, 'flag_changed');
  });
  form('/admin/companies/:id/status', 'Back-office form: set a company\'s active flag (`is_active`)', async (ctx, viewer, id) => {
    await services.settle(await setCompanyActive(deps(), id, field(ctx, 'is_active') === 'true', viewer.context));
    return ct(viewer.language, 'flag_changed');
  });
  form('/admin/companies/:id/transfer', 'Back-office form: give a company to another user (`new_owner`: e-mail or user name)', async (ctx, viewer, id) => {
    const login = field(ctx, 'new_owner').trim();
    const userId = login ? await findUserIdByLogin(knex, login) : null;
    if (!userId) return Promise.reject(new UnknownLogin(ct(viewer.language, 'unknown_user', { login })));
    await services.settle(await transferCompanyOwnership(deps(), id, userId, field(ctx, 'transfer_reason').trim() || null, viewer.context));
    return ct(viewer.language, 'transferred');
  });
  form('/admin/companies/:id/delete', 'Back-office form: delete a company (refused while it has vendors)', async (_ctx, viewer, id) => {
    await services.settle(await deleteCompany(deps(), id, viewer.context));
    return ct(viewer.language, 'deleted');
  }, '/admin/companies');

  return api.router;
}

/** A transfer to a login no account has: said on the page like any refusal. */
class UnknownLogin extends DomainException {
  override readonly status = 422;
}
