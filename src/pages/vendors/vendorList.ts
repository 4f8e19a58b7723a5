/**
 * The admins' list of vendors (/admin/vendors) with the API's search, flags, sort and pages, and
 * the creation of a vendor for a company: its form and the form's POST handler.
 */
import type { Context } from 'koa';
import { listVendors } from '../../../queries/vendors/listVendors.ts';
import { DomainException } from '../../core/errors.ts';
import { createVendorFrom } from '../../http/admin/vendors.ts';
import { VendorCreate } from '../../http/admin/vendorSchemas.ts';
import type { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDate, linkButton, pager } from '../backOffice/components.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { postedFields, seeOther } from '../forms.ts';
import { setFlash } from '../backOffice/flash.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag } from '../pageRoutes.ts';
import { vt } from './texts.ts';
import { FORM_FIELDS, statePills, text, vendorForm, type VendorRow } from './vendorProfileForm.ts';

const SORTS = ['id', '-id', 'name', '-name', 'vendor_code', '-vendor_code', 'created_at', '-created_at'];

const withoutBlanks = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

/** The list of vendors, the creation form and its POST handler (`/admin/vendors`, `/admin/vendors/new`). */
export function vendorListPages(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/vendors',
    {
      summary: "Back-office page: vendors with the API's search, company filter, flags, sort and pages",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const sort = SORTS.includes(text(ctx, 'sort')) ? text(ctx, 'sort') : '-id';
      const companyId = Number(text(ctx, 'company_id'));
      const page = await listVendors(
        knex,
        {
          search: text(ctx, 'search') || undefined,
          is_active: queryFlag(ctx, 'is_active'),
          is_verified: queryFlag(ctx, 'is_verified'),
          company_id: Number.isInteger(companyId) && companyId > 0 && companyId < 2_147_483_647 ? companyId : undefined,
        },
        { page: pageNumber(ctx), limit: 25 },
        sort as 'id',
      );
      const yesNo: [string, string][] = [
        ['true', '✓'],
        ['false', '✗'],
      ];
      await renderBackOffice(ctx, services, viewer, {
        title: vt(l, 'title'),
        nav: 'vendors',
        actions: linkButton('/admin/vendors/new', vt(l, 'new_vendor'), 'primary', 'plus'),
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'search', label: vt(l, 'search'), type: 'search', grow: true },
            { name: 'is_verified', label: vt(l, 'verified'), type: 'select', options: yesNo },
            { name: 'is_active', label: vt(l, 'active'), type: 'select', options: yesNo },
          ])}${dataTable<VendorRow>(
            ctx,
            l,
            [
              {
                label: vt(l, 'name'),
                sort: 'name',
                cell: (v) =>
                  html`<a href="/admin/vendors/${v.id}"><strong>${v.name}</strong></a> <code class="muted">${v.vendor_code}</code>`,
              },
              {
                label: vt(l, 'company'),
                cell: (v) => html`<a href="/admin/companies/${v.company_id}">${v.company_name ?? v.company_id}</a>`,
                narrowHide: true,
              },
              { label: vt(l, 'subdomain'), cell: (v) => v.subdomain, narrowHide: true },
              { label: vt(l, 'status'), cell: (v) => statePills(l, v) },
              { label: vt(l, 'created'), sort: 'created_at', cell: (v) => formatDate(v.created_at, l), narrowHide: true },
            ],
            // The list's items are vendor details (the API's VendorDetailResponse), only typed as plain records.
            page.items as VendorRow[],
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  const newPage = async (ctx: Context, viewer: Viewer, values: Record<string, unknown>, error: string | null, status: number) => {
    const l = viewer.language;
    await renderBackOffice(
      ctx,
      services,
      viewer,
      {
        title: vt(l, 'new_vendor'),
        nav: 'vendors',
        crumbs: [{ label: vt(l, 'title'), href: '/admin/vendors' }],
        error,
        body: card(null, vendorForm(ctx, l, '/admin/vendors', values, true)),
      },
      status,
    );
  };

  api.get(
    '/admin/vendors/new',
    {
      summary: 'Back-office page: the form that creates a vendor (`company_id` preselects its company)',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (viewer) await newPage(ctx, viewer, { company_id: text(ctx, 'company_id').replace(/\D/g, '') }, null, 200);
    },
  );

  api.post(
    '/admin/vendors',
    {
      summary: 'Back-office form: create a vendor of a company',
      responses: { 303: SEE_OTHER, 403: HTML, 404: HTML, 409: HTML, 422: HTML },
    },
    async (ctx) => {
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
    },
  );
}
