import type Router from '@koa/router';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import { CONTACT_FIELDS } from '../../../commands/vendors/events.ts';
import { changeVendorDomain, deleteVendor, removeVendorDomain, type VendorDeps } from '../../../commands/vendors/handlers.ts';
import { getVendor } from '../../../queries/vendors/getVendor.ts';
import { getVendorDomain, listVendorDomains } from '../../../queries/vendors/listVendorDomains.ts';
import { listVendors } from '../../../queries/vendors/listVendors.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { AddBody, addDomain, checkDomain } from '../../http/admin/vendorDomains.ts';
import { createVendorFrom, updateVendor, VendorCreate, VendorUpdate } from '../../http/admin/vendors.ts';
import { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { VendorDetail } from '../../http/schemas/tenancy.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card, checkbox, dataTable, facts, filters, formatDate, formatDateTime, input, linkButton, pager, pill, postButton, postForm, select, tabs, textarea,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field, postedFields, seeOther } from '../forms.ts';
import { setFlash } from '../backOffice/flash.ts';
import { recordHistory } from '../../modules/history.ts';
import { html, type Html } from '../html.ts';
import { vt } from './texts.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag } from '../pageRoutes.ts';

const DomainParams = Type.Object({ id: IdParams.properties.id, domain_id: IdParams.properties.id });
const LANGUAGES: [string, string][] = [['en', 'English'], ['fr', 'Français'], ['de', 'Deutsch'], ['lb', 'Lëtzebuergesch']];

export const vendorsBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'admin', key: 'vendors', href: '/admin/vendors', section: 'platform', icon: 'store', order: 11,
    label: { en: 'Vendors', fr: 'Vendeurs', de: 'Händler', lb: 'Händler' },
  }],
};

/** The vendor as the admin API answers it (VendorDetailResponse). */
type VendorRow = Static<typeof VendorDetail>;
const vendorOf = async (knex: Services['db']['knex'], id: number) => (await getVendor(knex, id)) as VendorRow;

const text = (ctx: Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 100) : '');
const SORTS = ['id', '-id', 'name', '-name', 'vendor_code', '-vendor_code', 'created_at', '-created_at'];

const statePills = (l: LanguageCode, v: { is_active: boolean; is_verified: boolean }) =>
  html`${v.is_verified ? pill(vt(l, 'verified'), 'ok') : pill(vt(l, 'unverified'), 'warn')} ${v.is_active ? '' : pill(vt(l, 'inactive'), 'bad')}`;

const withoutBlanks = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

/** A contact value as the vendor shows it: its own, or the company's marked as inherited. */
function contactFacts(l: LanguageCode, v: VendorRow): [string, Html][] {
  // The vendor's row also carries each contact field's effective value and whether it is inherited; VendorDetail leaves them out.
  const row: Record<string, unknown> = v;
  return CONTACT_FIELDS.map((f) => {
    const value = row[`effective_${f}`];
    const tag = row[`${f}_inherited`] ? pill(vt(l, 'inherited', { company: v.company_name ?? '' }), 'info') : pill(vt(l, 'own_value'), 'accent');
    return [vt(l, f as 'website'), value ? html`${String(value)} ${tag}` : html`<span class="muted">—</span>`];
  });
}

function vendorForm(ctx: Context, l: LanguageCode, action: string, v: Partial<Record<string, unknown>>, creating: boolean): Html {
  const val = (k: string) => (v[k] === null || v[k] === undefined ? '' : String(v[k]));
  const inheritedHint = (f: string) => (!creating && v[`${f}_inherited`] ? `${vt(l, 'inherited', { company: String(v.company_name ?? '') })}: ${val(`effective_${f}`)}` : undefined);
  return postForm(ctx, action, html`<div class="form-grid">
${creating ? html`${input(l, { label: vt(l, 'company_id'), name: 'company_id', type: 'number', value: val('company_id'), required: true })}
${input(l, { label: vt(l, 'code'), name: 'vendor_code', value: val('vendor_code'), required: true, hint: 'A–Z, 0–9, - and _' })}` : ''}
${input(l, { label: vt(l, 'name'), name: 'name', value: val('name'), required: true })}
${input(l, { label: vt(l, 'subdomain'), name: 'subdomain', value: val('subdomain') })}
${textarea(l, { label: vt(l, 'description'), name: 'description', value: val('description'), span2: true })}
<h3 class="span-2">${vt(l, 'contact')}</h3><p class="hint span-2">${vt(l, 'contact_hint')}</p>
${CONTACT_FIELDS.map((f) => (f === 'business_address'
    ? textarea(l, { label: vt(l, f), name: f, value: val(f), hint: inheritedHint(f), span2: true })
    : input(l, { label: vt(l, f as 'website'), name: f, value: val(f), hint: inheritedHint(f), type: f === 'contact_email' ? 'email' : f === 'website' ? 'url' : 'text' })))}
${creating ? '' : html`<div class="span-2">${checkbox({ label: vt(l, 'reset_contact'), name: 'reset_contact_to_company', value: 'true' })}</div>`}
<h3 class="span-2">${vt(l, 'languages')}</h3>
${select(l, { label: vt(l, 'dashboard_language'), name: 'dashboard_language', value: val('dashboard_language') || 'en', options: LANGUAGES })}
${select(l, { label: vt(l, 'storefront_language'), name: 'storefront_language', value: val('storefront_language') || 'en', options: LANGUAGES })}
<h3 class="span-2">${vt(l, 'extmarket')}</h3>
${input(l, { label: vt(l, 'extmarket_vendor_id'), name: 'extmarket_vendor_id', value: val('extmarket_vendor_id') })}
${input(l, { label: vt(l, 'extmarket_vendor_slug'), name: 'extmarket_vendor_slug', value: val('extmarket_vendor_slug') })}
</div><div class="form-actions"><button type="submit" class="primary">${creating ? vt(l, 'create') : vt(l, 'save')}</button></div>`);
}

const FORM_FIELDS = ['name', 'subdomain', 'description', ...CONTACT_FIELDS, 'dashboard_language', 'storefront_language', 'extmarket_vendor_id', 'extmarket_vendor_slug'];

/**
 * The admins' vendor pages (/admin/vendors…): the API's list, creation for a company, a vendor's
 * profile with its contact data (own values, and the company's shown as inherited), verification
 * and status, custom domains with the steps and the live DNS check, and its history — every form
 * running the admin API's own commands.
 */
export function vendorPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): VendorDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get('/admin/vendors', { summary: 'Back-office page: vendors with the API\'s search, company filter, flags, sort and pages', responses: { 200: HTML, 303: SEE_OTHER } }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const sort = SORTS.includes(text(ctx, 'sort')) ? text(ctx, 'sort') : '-id';
    const companyId = Number(text(ctx, 'company_id'));
    const page = await listVendors(knex, {
      search: text(ctx, 'search') || undefined, is_active: queryFlag(ctx, 'is_active'), is_verified: queryFlag(ctx, 'is_verified'),
      company_id: Number.isInteger(companyId) && companyId > 0 && companyId < 2_147_483_647 ? companyId : undefined,
    }, { page: pageNumber(ctx), limit: 25 }, sort as 'id');
    const yesNo: [string, string][] = [['true', '✓'], ['false', '✗']];
    await renderBackOffice(ctx, services, viewer, {
      title: vt(l, 'title'), nav: 'vendors', actions: linkButton('/admin/vendors/new', vt(l, 'new_vendor'), 'primary', 'plus'),
      body: card(null, html`${filters(ctx, l, [
        { name: 'search', label: vt(l, 'search'), type: 'search', grow: true },
        { name: 'is_verified', label: vt(l, 'verified'), type: 'select', options: yesNo },
        { name: 'is_active', label: vt(l, 'active'), type: 'select', options: yesNo },
      ])}${dataTable<Record<string, any>>(ctx, l, [
        { label: vt(l, 'name'), sort: 'name', cell: (v) => html`<a href="/admin/vendors/${v.id}"><strong>${v.name}</strong></a> <code class="muted">${v.vendor_code}</code>` },
        { label: vt(l, 'company'), cell: (v) => html`<a href="/admin/companies/${v.company_id}">${v.company_name ?? v.company_id}</a>`, narrowHide: true },
        { label: vt(l, 'subdomain'), cell: (v) => v.subdomain, narrowHide: true },
        { label: vt(l, 'status'), cell: (v) => statePills(l, v as VendorRow) },
        { label: vt(l, 'created'), sort: 'created_at', cell: (v) => formatDate(v.created_at, l), narrowHide: true },
      ], page.items)}${pager(ctx, l, page)}`, { flush: true }),
    });
  });

  const newPage = async (ctx: Context, viewer: Viewer, values: Record<string, unknown>, error: string | null, status: number) => {
    const l = viewer.language;
    await renderBackOffice(ctx, services, viewer, {
      title: vt(l, 'new_vendor'), nav: 'vendors', crumbs: [{ label: vt(l, 'title'), href: '/admin/vendors' }], error,
      body: card(null, vendorForm(ctx, l, '/admin/vendors', values, true)),
    }, status);
  };

  api.get('/admin/vendors/new', { summary: 'Back-office page: the form that creates a vendor (`company_id` preselects its company)', responses: { 200: HTML, 303: SEE_OTHER } }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (viewer) await newPage(ctx, viewer, { company_id: text(ctx, 'company_id').replace(/\D/g, '') }, null, 200);
  });

  api.post('/admin/vendors', { summary: 'Back-office form: create a vendor of a company', responses: { 303: SEE_OTHER, 403: HTML, 404: HTML, 409: HTML, 422: HTML } }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const values = postedFields(ctx, ['company_id', 'vendor_code', ...FORM_FIELDS]);
    try {
      const body = validBody(VendorCreate, { ...withoutBlanks(values), company_id: Number(values.company_id) || 0 });
      const { id, done } = await createVendorFrom(services, body, viewer.context);
      await services.settle(done);
      setFlash(ctx, 'notice', vt(viewer.language, 'created_notice'));
      seeOther(ctx, `/admin/vendors/${id}`);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      await newPage(ctx, viewer, values, refusalInWords(err), err.status);
    }
  });

  api.get('/admin/vendors/:id', {
    summary: 'Back-office page: a vendor (`tab`: overview, domains or history; `as_of` for the history)', params: IdParams,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const v = await vendorOf(knex, params.id);
    const base = `/admin/vendors/${v.id}`;
    const tab = ['domains', 'history'].includes(text(ctx, 'tab')) ? text(ctx, 'tab') : 'overview';
    let body: Html;
    if (tab === 'history') body = await recordHistory(services, ctx, l, `vendor-${v.id}`);
    else if (tab === 'domains') body = await domainsTab(ctx, viewer, v);
    else {
      body = html`<div class="grid-2">${card(vt(l, 'overview'), facts([
        [vt(l, 'code'), html`<code>${v.vendor_code}</code>`], [vt(l, 'company'), html`<a href="/admin/companies/${v.company_id}">${v.company_name ?? ''}</a>`],
        [vt(l, 'subdomain'), v.subdomain], [vt(l, 'status'), statePills(l, v)], [vt(l, 'description'), v.description],
        [vt(l, 'languages'), `${v.dashboard_language} · ${v.storefront_languages.join(', ')}`],
        [vt(l, 'extmarket'), [v.extmarket_vendor_id, v.extmarket_vendor_slug].filter(Boolean).join(' · ') || null],
        [vt(l, 'created'), formatDateTime(v.created_at, l)],
      ]))}${card(vt(l, 'contact'), facts(contactFacts(l, v)))}</div>
${card(vt(l, 'save'), vendorForm(ctx, l, base, v, false))}`;
    }
    await renderBackOffice(ctx, services, viewer, {
      title: v.name, nav: 'vendors', subtitle: statePills(l, v), crumbs: [{ label: vt(l, 'title'), href: '/admin/vendors' }],
      actions: html`${linkButton(`/vendors/${encodeURIComponent(v.vendor_code)}/shop/`, vt(l, 'shop'), 'ghost')}
${postButton(ctx, `${base}/verification`, v.is_verified ? vt(l, 'unverify') : vt(l, 'verify'), { fields: { is_verified: String(!v.is_verified) } })}
${postButton(ctx, `${base}/status`, v.is_active ? vt(l, 'deactivate') : vt(l, 'activate'), { fields: { is_active: String(!v.is_active) } })}
${postButton(ctx, `${base}/delete`, vt(l, 'delete'), { tone: 'danger', confirm: vt(l, 'delete_confirm') })}`,
      body: html`${tabs([
        { href: base, label: vt(l, 'overview'), current: tab === 'overview' }, { href: `${base}?tab=domains`, label: vt(l, 'domains'), current: tab === 'domains' },
        { href: `${base}/theme`, label: vt(l, 'theme') }, { href: `${base}?tab=history`, label: vt(l, 'history'), current: tab === 'history' },
      ])}${body}`,
    });
  });

  async function domainsTab(ctx: Context, viewer: Viewer, v: VendorRow): Promise<Html> {
    const l = viewer.language;
    const base = `/admin/vendors/${v.id}/domains`;
    const { items } = await listVendorDomains(knex, v.id);
    const table = dataTable<(typeof items)[number]>(ctx, l, [
      { label: vt(l, 'domain'), cell: (d) => html`<strong>${d.domain}</strong> ${d.is_primary ? pill(vt(l, 'primary'), 'accent') : ''}` },
      { label: vt(l, 'status'), cell: (d) => html`${d.is_verified ? pill(vt(l, 'verified'), 'ok') : pill(d.verification_status, 'warn')} ${d.is_active ? '' : pill(vt(l, 'inactive'), 'bad')}${d.last_error ? html`<div class="muted">${d.last_error}</div>` : ''}` },
      { label: vt(l, 'record'), cell: (d) => html`<code>${d.verification.name}</code><br><code class="muted">${d.verification.value}</code>`, narrowHide: true },
      { label: vt(l, 'last_check'), cell: (d) => formatDateTime(d.last_checked_at, l), narrowHide: true },
      { label: '', cell: (d) => html`${postButton(ctx, `${base}/${d.id}/verify`, vt(l, 'verify_domain'), { tone: 'small' })}
${d.is_primary ? '' : postButton(ctx, `${base}/${d.id}/primary`, vt(l, 'make_primary'), { tone: 'small' })}
${postButton(ctx, `${base}/${d.id}/remove`, vt(l, 'remove'), { tone: 'small', confirm: vt(l, 'remove_confirm') })}` },
    ], items, { empty: html`<p class="muted">${vt(l, 'no_domains')}</p>` });
    const steps = html`<ol><li>${vt(l, 'step_1', { name: '_platform-verification.<domain>' })}</li><li>${vt(l, 'step_2')}</li><li>${vt(l, 'step_3')}</li></ol>`;
    return html`${card(vt(l, 'domains'), table, { flush: true })}<div class="grid-2">${card(vt(l, 'add_domain'), postForm(ctx, base, html`<div class="form-grid">
${input(l, { label: vt(l, 'domain'), name: 'domain', required: true, placeholder: 'shop.example.com' })}
<div>${checkbox({ label: vt(l, 'primary'), name: 'is_primary', value: 'true' })}</div></div>
<div class="form-actions"><button type="submit" class="primary">${vt(l, 'add_domain')}</button></div>`))}${card(vt(l, 'steps_title'), steps)}</div>`;
  }

  const form = (path: string, summary: string, params: TSchema,
    run: (ctx: Context, viewer: Viewer, p: { id: number; domain_id?: number }) => Promise<string | null>, back: (id: number) => string, done?: string) =>
    api.post(path, { summary, params, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, parsed: { params: unknown }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const p = parsed.params as { id: number; domain_id?: number };
      await act(ctx, back(p.id), () => run(ctx, viewer, p), { done });
    });
  const page = (id: number) => `/admin/vendors/${id}`;
  const domains = (id: number) => `/admin/vendors/${id}?tab=domains`;

  form('/admin/vendors/:id', 'Back-office form: change a vendor\'s profile, contact overrides, languages and marketplace identity', IdParams, async (ctx, viewer, { id }) => {
    const values = postedFields(ctx, FORM_FIELDS);
    const body = validBody(VendorUpdate, { ...values, ...(field(ctx, 'reset_contact_to_company') === 'true' ? { reset_contact_to_company: true } : {}) });
    await services.settle(await updateVendor(services, id, body, viewer.context));
    return vt(viewer.language, 'saved');
  }, page);
  form('/admin/vendors/:id/verification', 'Back-office form: set a vendor\'s verified flag (`is_verified`)', IdParams, async (ctx, viewer, { id }) => {
    await services.settle(await updateVendor(services, id, { is_verified: field(ctx, 'is_verified') === 'true' }, viewer.context));
    return vt(viewer.language, 'flag_changed');
  }, page);
  form('/admin/vendors/:id/status', 'Back-office form: set a vendor\'s active flag (`is_active`)', IdParams, async (ctx, viewer, { id }) => {
    await services.settle(await updateVendor(services, id, { is_active: field(ctx, 'is_active') === 'true' }, viewer.context));
    return vt(viewer.language, 'flag_changed');
  }, page);
  form('/admin/vendors/:id/delete', 'Back-office form: delete a vendor', IdParams, async (_ctx, viewer, { id }) => {
    await services.settle(await deleteVendor(deps(), id, viewer.context));
    return vt(viewer.language, 'deleted');
  }, page, '/admin/vendors');
  form('/admin/vendors/:id/domains', 'Back-office form: add a custom domain (`domain`, `is_primary`)', IdParams, async (ctx, viewer, { id }) => {
    const body = validBody(AddBody, { domain: field(ctx, 'domain').trim(), ...(field(ctx, 'is_primary') === 'true' ? { is_primary: true } : {}) });
    const { done } = await addDomain(services, id, body.domain, body.is_primary ?? false, viewer.context);
    await services.settle(done);
    return vt(viewer.language, 'domain_added');
  }, domains);
  form('/admin/vendors/:id/domains/:domain_id/verify', 'Back-office form: look a domain\'s TXT record up now', DomainParams, async (_ctx, viewer, { id, domain_id }) => {
    await getVendorDomain(knex, id, domain_id!);
    await services.settle(await checkDomain(services, id, domain_id!, viewer.context));
    const d = await getVendorDomain(knex, id, domain_id!);
    return d.is_verified ? vt(viewer.language, 'domain_verified', { domain: d.domain }) : vt(viewer.language, 'domain_failed', { domain: d.domain, error: d.last_error ?? '' });
  }, domains);
  form('/admin/vendors/:id/domains/:domain_id/primary', 'Back-office form: make a domain the vendor\'s primary one', DomainParams, async (_ctx, viewer, { id, domain_id }) => {
    await getVendorDomain(knex, id, domain_id!);
    await services.settle(await changeVendorDomain(deps(), id, domain_id!, { is_primary: true }, viewer.context));
    return vt(viewer.language, 'domain_changed');
  }, domains);
  form('/admin/vendors/:id/domains/:domain_id/remove', 'Back-office form: remove a custom domain', DomainParams, async (_ctx, viewer, { id, domain_id }) => {
    await getVendorDomain(knex, id, domain_id!);
    await services.settle(await removeVendorDomain(deps(), id, domain_id!, viewer.context));
    return vt(viewer.language, 'domain_removed');
  }, domains);

  return api.router;
}
