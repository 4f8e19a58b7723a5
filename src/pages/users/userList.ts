/**
 * The admins' list of users (/admin/users) with the API's search, role and status filters, sorts
 * and pages, and the creation of a user: its form and the form's POST handler (an admin unless the
 * role says otherwise; an empty password makes a temporary one, shown once on the answer).
 */
import type { Context } from 'koa';
import { createUser, type UserDeps } from '../../../commands/users/handlers.ts';
import { listUsers, type UserListItem } from '../../../queries/users/listUsers.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { temporaryPassword } from '../../core/passwords.ts';
import { UserCreate } from '../../http/admin/users.ts';
import type { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDateTime, linkButton, pager, postForm } from '../backOffice/components.ts';
import { formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { postedFields } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag, queryText } from '../pageRoutes.ts';
import { ut } from './texts.ts';
import { PROFILE, profileFields, profileOf, rolePill, ROLES, shownOnce, statePills } from './userProfileFields.ts';

const SORTS = ['id', '-id', 'email', '-email', 'username', '-username', 'created_at', '-created_at'] as const;

const createForm = (ctx: Context, l: LanguageCode, values: Record<string, string>) =>
  postForm(
    ctx,
    '/admin/users',
    html`<div class="form-grid">
${profileFields(l, values, true)}</div><div class="form-actions"><button type="submit" class="primary">${ut(l, 'create')}</button></div>`,
  );

/** The list of users, the creation form and its POST handler (`/admin/users`, `/admin/users/new`). */
export function userListPages(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): UserDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get(
    '/admin/users',
    {
      summary: "Back-office page: users with the API's search, role and status filters, sorts and pages",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const sort = SORTS.find((s) => s === ctx.query.sort) ?? '-id';
      const role = ROLES.find((r) => r === ctx.query.role);
      const page = await listUsers(
        knex,
        { search: queryText(ctx, 'search'), role, is_active: queryFlag(ctx, 'is_active') },
        { page: pageNumber(ctx), limit: 25 },
        { sort },
      );
      await renderBackOffice(ctx, services, viewer, {
        title: ut(l, 'title'),
        nav: 'users',
        actions: linkButton('/admin/users/new', ut(l, 'new_user'), 'primary', 'plus'),
        body: card(
          null,
          html`${filters(ctx, l, [
            { name: 'search', label: ut(l, 'search'), type: 'search', grow: true },
            {
              name: 'role',
              label: ut(l, 'role'),
              type: 'select',
              options: ROLES.map((r) => [r, r === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor')]),
            },
            {
              name: 'is_active',
              label: ut(l, 'status'),
              type: 'select',
              options: [
                ['true', ut(l, 'active')],
                ['false', ut(l, 'inactive')],
              ],
            },
          ])}${dataTable<UserListItem>(
            ctx,
            l,
            [
              {
                label: ut(l, 'username'),
                sort: 'username',
                cell: (u) =>
                  html`<a href="/admin/users/${u.id}"><strong>${u.username}</strong></a>${u.id === viewer.userId ? html` <span class="muted">(${ut(l, 'you')})</span>` : ''}<div class="muted">${u.full_name ?? ''}</div>`,
              },
              { label: ut(l, 'email'), sort: 'email', cell: (u) => u.email },
              { label: ut(l, 'role'), cell: (u) => rolePill(l, u.role) },
              { label: ut(l, 'status'), cell: (u) => statePills(l, u) },
              { label: ut(l, 'created'), sort: 'created_at', cell: (u) => formatDateTime(u.created_at, l), narrowHide: true },
            ],
            page.items,
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );

  api.get(
    '/admin/users/new',
    { summary: 'Back-office page: the form that creates a user', responses: { 200: HTML, 303: SEE_OTHER } },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      await renderBackOffice(ctx, services, viewer, {
        title: ut(l, 'new_user'),
        nav: 'users',
        crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
        body: card(null, createForm(ctx, l, {})),
      });
    },
  );

  api.post(
    '/admin/users',
    {
      summary: 'Back-office form: create a user (an empty password makes a temporary one, shown once on the answer)',
      responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 409: HTML, 422: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const values = postedFields(ctx, [...PROFILE, 'password']);
      try {
        const given = (values.password ?? '') !== '';
        const password = given ? values.password : temporaryPassword();
        const body = validBody(UserCreate, { ...profileOf(values, PROFILE), password });
        const { id, done } = await createUser(
          deps(),
          { ...body, role: body.role ?? 'admin', must_change_password: !given },
          viewer.context,
        );
        await services.settle(done);
        await renderBackOffice(
          ctx,
          services,
          viewer,
          {
            title: ut(l, 'created_title', { name: body.username }),
            nav: 'users',
            crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
            body: card(
              null,
              html`${given ? '' : shownOnce(l, password)}<div class="form-actions">${linkButton(`/admin/users/${id}`, ut(l, 'open_user'), 'primary')}
${linkButton('/admin/users', ut(l, 'back_to_list'))}</div>`,
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
            title: ut(l, 'new_user'),
            nav: 'users',
            crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
            error: refusalInWords(err),
            body: card(null, createForm(ctx, l, { ...values, password: '' })),
          },
          err.status,
        );
      }
    },
  );
}
