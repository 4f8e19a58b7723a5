/**
 * A vendor's page for admins (/admin/vendors/:id): its overview with the contact data (its own
 * values, and the company's shown as inherited) and the edit form, its custom domains with the
 * steps to verify them and the form adding one, its history, and the verification, status and
 * deletion buttons.
 */
import type { Context } from 'koa';
import { CONTACT_FIELDS } from '../../../commands/vendors/events.ts';
import { getVendor } from '../../../queries/vendors/getVendor.ts';
import { listVendorDomains } from '../../../queries/vendors/listVendorDomains.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card,
  checkbox,
  dataTable,
  facts,
  formatDateTime,
  input,
  linkButton,
  pill,
  postButton,
  postForm,
  tabs,
} from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { recordHistory } from '../../modules/history.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { vt } from './texts.ts';
import { statePills, text, vendorForm, type VendorRow } from './vendorProfileForm.ts';

const vendorOf = async (knex: Services['db']['knex'], id: number) => (await getVendor(knex, id)) as VendorRow;

/** A contact value as the vendor shows it: its own, or the company's marked as inherited. */
function contactFacts(l: LanguageCode, v: VendorRow): [string, Html][] {
  // The vendor's row also carries each contact field's effective value and whether it is inherited; VendorDetail leaves them out.
  const row: Record<string, unknown> = v;
  return CONTACT_FIELDS.map((f) => {
    const value = row[`effective_${f}`];
    const tag = row[`${f}_inherited`]
      ? pill(vt(l, 'inherited', { company: v.company_name ?? '' }), 'info')
      : pill(vt(l, 'own_value'), 'accent');
    return [vt(l, f as 'website'), value ? html`${String(value)} ${tag}` : html`<span class="muted">—</span>`];
  });
}

/** A vendor's page (`/admin/vendors/:id`) with its overview, domains and history tabs. */
export function vendorPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/vendors/:id',
    {
      summary: 'Back-office page: a vendor (`tab`: overview, domains or history; `as_of` for the history)',
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
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
        body = html`<div class="grid-2">${card(
          vt(l, 'overview'),
          facts([
            [vt(l, 'code'), html`<code>${v.vendor_code}</code>`],
            [vt(l, 'company'), html`<a href="/admin/companies/${v.company_id}">${v.company_name ?? ''}</a>`],
            [vt(l, 'subdomain'), v.subdomain],
            [vt(l, 'status'), statePills(l, v)],
            [vt(l, 'description'), v.description],
            [vt(l, 'languages'), `${v.dashboard_language} · ${v.storefront_languages.join(', ')}`],
            [vt(l, 'extmarket'), [v.extmarket_vendor_id, v.extmarket_vendor_slug].filter(Boolean).join(' · ') || null],
            [vt(l, 'created'), formatDateTime(v.created_at, l)],
          ]),
        )}${card(vt(l, 'contact'), facts(contactFacts(l, v)))}</div>
${card(vt(l, 'save'), vendorForm(ctx, l, base, v, false))}`;
      }
      await renderBackOffice(ctx, services, viewer, {
        title: v.name,
        nav: 'vendors',
        subtitle: statePills(l, v),
        crumbs: [{ label: vt(l, 'title'), href: '/admin/vendors' }],
        actions: html`${linkButton(`/vendors/${encodeURIComponent(v.vendor_code)}/shop/`, vt(l, 'shop'), 'ghost')}
${postButton(ctx, `${base}/verification`, v.is_verified ? vt(l, 'unverify') : vt(l, 'verify'), { fields: { is_verified: String(!v.is_verified) } })}
${postButton(ctx, `${base}/status`, v.is_active ? vt(l, 'deactivate') : vt(l, 'activate'), { fields: { is_active: String(!v.is_active) } })}
${postButton(ctx, `${base}/delete`, vt(l, 'delete'), { tone: 'danger', confirm: vt(l, 'delete_confirm') })}`,
        body: html`${tabs([
          { href: base, label: vt(l, 'overview'), current: tab === 'overview' },
          { href: `${base}?tab=domains`, label: vt(l, 'domains'), current: tab === 'domains' },
          { href: `${base}/theme`, label: vt(l, 'theme') },
          { href: `${base}?tab=history`, label: vt(l, 'history'), current: tab === 'history' },
        ])}${body}`,
      });
    },
  );

  async function domainsTab(ctx: Context, viewer: Viewer, v: VendorRow): Promise<Html> {
    const l = viewer.language;
    const base = `/admin/vendors/${v.id}/domains`;
    const { items } = await listVendorDomains(knex, v.id);
    const table = dataTable<(typeof items)[number]>(
      ctx,
      l,
      [
        { label: vt(l, 'domain'), cell: (d) => html`<strong>${d.domain}</strong> ${d.is_primary ? pill(vt(l, 'primary'), 'accent') : ''}` },
        {
          label: vt(l, 'status'),
          cell: (d) =>
            html`${d.is_verified ? pill(vt(l, 'verified'), 'ok') : pill(d.verification_status, 'warn')} ${d.is_active ? '' : pill(vt(l, 'inactive'), 'bad')}${d.last_error ? html`<div class="muted">${d.last_error}</div>` : ''}`,
        },
        {
          label: vt(l, 'record'),
          cell: (d) => html`<code>${d.verification.name}</code><br><code class="muted">${d.verification.value}</code>`,
          narrowHide: true,
        },
        { label: vt(l, 'last_check'), cell: (d) => formatDateTime(d.last_checked_at, l), narrowHide: true },
        {
          label: '',
          cell: (d) => html`${postButton(ctx, `${base}/${d.id}/verify`, vt(l, 'verify_domain'), { tone: 'small' })}
${d.is_primary ? '' : postButton(ctx, `${base}/${d.id}/primary`, vt(l, 'make_primary'), { tone: 'small' })}
${postButton(ctx, `${base}/${d.id}/remove`, vt(l, 'remove'), { tone: 'small', confirm: vt(l, 'remove_confirm') })}`,
        },
      ],
      items,
      { empty: html`<p class="muted">${vt(l, 'no_domains')}</p>` },
    );
    const steps = html`<ol><li>${vt(l, 'step_1', { name: '_platform-verification.<domain>' })}</li><li>${vt(l, 'step_2')}</li><li>${vt(l, 'step_3')}</li></ol>`;
    return html`${card(vt(l, 'domains'), table, { flush: true })}<div class="grid-2">${card(
      vt(l, 'add_domain'),
      postForm(
        ctx,
        base,
        html`<div class="form-grid">
${input(l, { label: vt(l, 'domain'), name: 'domain', required: true, placeholder: 'shop.example.com' })}
<div>${checkbox({ label: vt(l, 'primary'), name: 'is_primary', value: 'true' })}</div></div>
<div class="form-actions"><button type="submit" class="primary">${vt(l, 'add_domain')}</button></div>`,
      ),
    )}${card(vt(l, 'steps_title'), steps)}</div>`;
  }
}
