/**
 * The admins' list of companies (/admin/companies) with the API's search, flags, sort and pages,
 * and the creation of a company with its owner: its form and the form's POST handler, whose answer
 * shows the owner's temporary password once (never stored in a cookie).
 */
import { createCompany, type CompanyDeps } from '../../../commands/companies/handlers.ts';
import { listCompanies, type CompanyItem } from '../../../queries/companies/listCompanies.ts';
import { findUserIdByLogin } from '../../modules/users.ts';
import { DomainException } from '../../core/errors.ts';
import { CompanyCreate } from '../../http/admin/companies.ts';
import type { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { contactChanges, blankToNull } from '../../http/tenancySchemas.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDate, linkButton, pager } from '../backOffice/components.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { postedFields } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag } from '../pageRoutes.ts';
import { companyForm, CONTACT, statePills, text } from './companyProfileForm.ts';
import { ct } from './texts.ts';

const SORTS = ['id', '-id', 'name', '-name', 'created_at', '-created_at'];

/** The list of companies, the creation form and its POST handler (`/admin/companies`, `/admin/companies/new`). */
export function companyListPages(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): CompanyDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get(
    '/admin/companies',
    {
      summary: "Back-office page: companies with the API's search, flags, sort and pages",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const sort = SORTS.includes(text(ctx, 'sort')) ? text(ctx, 'sort') : '-id';
      const page = await listCompanies(
        knex,
        { search: text(ctx, 'search') || undefined, is_active: queryFlag(ctx, 'is_active'), is_verified: queryFlag(ctx, 'is_verified') },
        { page: pageNumber(ctx), limit: 25 },
        sort as 'id',
      );
      const yesNo: [string, string][] = [
        ['true', ct(l, 'yes')],
        ['false', ct(l, 'no')],
      ];
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, 'title'),
        nav: 'companies',
        actions: linkButton('/admin/companies/new', ct(l, 'new_company'), 'primary', 'plus'),
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'search', label: ct(l, 'search'), type: 'search', grow: true },
            { name: 'is_verified', label: ct(l, 'verified'), type: 'select', options: yesNo },
            { name: 'is_active', label: ct(l, 'active'), type: 'select', options: yesNo },
          ])}${dataTable<CompanyItem>(
            ctx,
            l,
            [
              {
                label: ct(l, 'name'),
                sort: 'name',
                cell: (c) =>
                  html`<a href="/admin/companies/${c.id}"><strong>${c.name}</strong></a><div class="muted">${c.contact_email ?? ''}</div>`,
              },
              { label: ct(l, 'vendors'), cell: (c) => ct(l, 'vendor_count', { count: c.vendor_count }) },
              { label: ct(l, 'status'), cell: (c) => statePills(l, c) },
              { label: ct(l, 'created'), sort: 'created_at', cell: (c) => formatDate(c.created_at, l), narrowHide: true },
            ],
            page.items,
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  api.get(
    '/admin/companies/new',
    { summary: 'Back-office page: the form that creates a company and its owner', responses: { 200: HTML, 303: SEE_OTHER } },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      await renderBackOffice(ctx, services, viewer, {
        title: ct(l, 'new_company'),
        nav: 'companies',
        crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
        body: card(null, companyForm(ctx, l, '/admin/companies', {}, true)),
      });
    },
  );

  api.post(
    '/admin/companies',
    {
      summary: 'Back-office form: create a company and its owner; the answer shows the temporary password once',
      responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 422: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const values = postedFields(ctx, [
        'name',
        'description',
        'owner_email',
        'owner_username',
        'owner_first_name',
        'owner_last_name',
        ...CONTACT,
      ]);
      try {
        const body = validBody(
          CompanyCreate,
          Object.fromEntries(Object.entries(values).filter(([k, v]) => v.trim() !== '' || CONTACT.includes(k as 'website'))),
        );
        const existing = await findUserIdByLogin(knex, body.owner_email);
        const contact = {
          contact_email: null,
          contact_phone: null,
          website: null,
          business_address: null,
          tax_number: null,
          ...contactChanges(body),
        };
        const created = await createCompany(
          deps(),
          {
            name: body.name.trim(),
            description: blankToNull(body.description) ?? null,
            ...contact,
            owner: {
              email: body.owner_email,
              username: body.owner_username,
              first_name: body.owner_first_name,
              last_name: body.owner_last_name,
              existing_user_id: existing,
            },
          },
          viewer.context,
        );
        await services.settle(created.done);
        const secret = created.temporary_password
          ? html`<p>${ct(l, 'temporary_password')}</p><p><code class="secret" id="temporary-password">${created.temporary_password}</code></p><p class="hint">${ct(l, 'temporary_password_hint')}</p>`
          : html`<p>${ct(l, 'existing_owner', { email: body.owner_email })}</p>`;
        await renderBackOffice(
          ctx,
          services,
          viewer,
          {
            title: ct(l, 'created_title', { name: body.name.trim() }),
            nav: 'companies',
            crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
            body: card(
              null,
              html`${secret}<div class="form-actions">${linkButton(`/admin/companies/${created.id}`, ct(l, 'open_company'), 'primary')}
${linkButton(`/admin/vendors/new?company_id=${created.id}`, ct(l, 'add_vendor'))}</div>`,
            ),
          },
          201,
        );
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        await renderBackOffice(
          ctx,
          services,
          viewer,
          {
            title: ct(l, 'new_company'),
            nav: 'companies',
            crumbs: [{ label: ct(l, 'title'), href: '/admin/companies' }],
            error: refusalInWords(err),
            body: card(null, companyForm(ctx, l, '/admin/companies', values, true)),
          },
          err.status,
        );
      }
    },
  );
}
