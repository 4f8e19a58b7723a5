import type Router from '@koa/router';
import type { Context } from 'koa';
import { changeUserPassword, changeUserProfile, changeUserRole, createUser, setUserActive, type UserDeps } from '../../../commands/users/handlers.ts';
import { getUser } from '../../../queries/users/getUser.ts';
import { listUsers, type UserListItem } from '../../../queries/users/listUsers.ts';
import { DomainException } from '../../core/errors.ts';
import { CannotModifySelfException } from '../../../commands/users/errors.ts';
import { LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { temporaryPassword } from '../../core/passwords.ts';
import { UserCreate, UserUpdate } from '../../http/admin/users.ts';
import { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card, dataTable, facts, filters, formatDateTime, input, linkButton, pager, pill, postButton, postForm, select,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field, postedFields, seeOther } from '../forms.ts';
import { setFlash } from '../backOffice/flash.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryFlag, queryText } from '../pageRoutes.ts';
import { ut } from './texts.ts';

export const usersBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'admin', key: 'users', href: '/admin/users', section: 'platform', icon: 'users', order: 5,
    label: { en: 'Users', fr: 'Utilisateurs', de: 'Benutzer', lb: 'Benotzer' },
  }],
};

const SORTS = ['id', '-id', 'email', '-email', 'username', '-username', 'created_at', '-created_at'] as const;
const PROFILE = ['email', 'username', 'first_name', 'last_name', 'preferred_language', 'role'] as const;
const ROLES = ['admin', 'vendor'] as const;

const rolePill = (l: LanguageCode, role: string) => pill(role === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor'), role === 'admin' ? 'accent' : 'neutral');
const statePills = (l: LanguageCode, u: UserListItem) =>
  html`${u.is_active ? pill(ut(l, 'active'), 'ok') : pill(ut(l, 'inactive'), 'bad')}${u.must_change_password ? html` ${pill(ut(l, 'must_change'), 'warn')}` : ''}`;

/** The profile fields as the API's schema reads them: a blank optional name is no name. */
function profileOf(values: Record<string, string>, names: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const n of names) {
    if (!(n in values)) continue;
    const v = values[n].trim();
    if (n === 'first_name' || n === 'last_name') out[n] = v === '' ? null : v;
    else if (v !== '') out[n] = v;
  }
  return out;
}

function profileFields(l: LanguageCode, v: Record<string, string | null | undefined>, creating: boolean): Html {
  const value = (k: string) => v[k] ?? '';
  return html`${input(l, { label: ut(l, 'email'), name: 'email', type: 'email', value: value('email'), required: true })}
${input(l, { label: ut(l, 'username'), name: 'username', value: value('username'), required: true, attrs: html` autocomplete="off"` })}
${input(l, { label: ut(l, 'first_name'), name: 'first_name', value: value('first_name') })}
${input(l, { label: ut(l, 'last_name'), name: 'last_name', value: value('last_name') })}
${select(l, { label: ut(l, 'role'), name: 'role', value: value('role') || 'admin', options: ROLES.map((r) => [r, r === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor')]) })}
${select(l, { label: ut(l, 'language'), name: 'preferred_language', value: value('preferred_language') || 'en', options: LANGUAGES.map((c) => [c, LANGUAGE_INFO[c].native_name]) })}
${creating ? input(l, { label: ut(l, 'password'), name: 'password', type: 'password', hint: ut(l, 'password_hint'), attrs: html` autocomplete="new-password"` }) : ''}`;
}

const createForm = (ctx: Context, l: LanguageCode, values: Record<string, string>) => postForm(ctx, '/admin/users', html`<div class="form-grid">
${profileFields(l, values, true)}</div><div class="form-actions"><button type="submit" class="primary">${ut(l, 'create')}</button></div>`);

/** The temporary password, on the answer only (never in a cookie or a later page). */
const shownOnce = (l: LanguageCode, password: string) =>
  html`<p>${ut(l, 'temporary_password')}</p><p><code class="secret" id="temporary-password">${password}</code></p>`;

/**
 * The admins' user pages (/admin/users…): the API's list with its search, role and status filters
 * and sorts; creating a user (an admin unless the role says otherwise; an empty password makes a
 * temporary one shown once); a user's profile, related records and history tab; editing the
 * profile and role, deactivating and reactivating, and resetting the password (the user must
 * change it at the next sign-in) — the API's own commands and refusals.
 */
export function userPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): UserDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get('/admin/users', {
    summary: 'Back-office page: users with the API\'s search, role and status filters, sorts and pages', responses: { 200: HTML, 303: SEE_OTHER },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const sort = SORTS.find((s) => s === ctx.query.sort) ?? '-id';
    const role = ROLES.find((r) => r === ctx.query.role);
    const page = await listUsers(knex, { search: queryText(ctx, 'search'), role, is_active: queryFlag(ctx, 'is_active') }, { page: pageNumber(ctx), limit: 25 }, { sort });
    await renderBackOffice(ctx, services, viewer, {
      title: ut(l, 'title'), nav: 'users',
      actions: linkButton('/admin/users/new', ut(l, 'new_user'), 'primary', 'plus'),
      body: card(null, html`${filters(ctx, l, [
        { name: 'search', label: ut(l, 'search'), type: 'search', grow: true },
        { name: 'role', label: ut(l, 'role'), type: 'select', options: ROLES.map((r) => [r, r === 'admin' ? ut(l, 'role_admin') : ut(l, 'role_vendor')]) },
        { name: 'is_active', label: ut(l, 'status'), type: 'select', options: [['true', ut(l, 'active')], ['false', ut(l, 'inactive')]] },
      ])}${dataTable<UserListItem>(ctx, l, [
        { label: ut(l, 'username'), sort: 'username', cell: (u) => html`<a href="/admin/users/${u.id}"><strong>${u.username}</strong></a>${u.id === viewer.userId ? html` <span class="muted">(${ut(l, 'you')})</span>` : ''}<div class="muted">${u.full_name ?? ''}</div>` },
        { label: ut(l, 'email'), sort: 'email', cell: (u) => u.email },
        { label: ut(l, 'role'), cell: (u) => rolePill(l, u.role) },
        { label: ut(l, 'status'), cell: (u) => statePills(l, u) },
        { label: ut(l, 'created'), sort: 'created_at', cell: (u) => formatDateTime(u.created_at, l), narrowHide: true },
      ], page.items)}${pager(ctx, l, page)}`, { flush: true }),
    });
  });

  api.get('/admin/users/new', { summary: 'Back-office page: the form that creates a user', responses: { 200: HTML, 303: SEE_OTHER } }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    await renderBackOffice(ctx, services, viewer, {
      title: ut(l, 'new_user'), nav: 'users', crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
      body: card(null, createForm(ctx, l, {})),
    });
  });

  api.post('/admin/users', {
    summary: 'Back-office form: create a user (an empty password makes a temporary one, shown once on the answer)',
    responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 409: HTML, 422: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const values = postedFields(ctx, [...PROFILE, 'password']);
    try {
      const given = (values.password ?? '') !== '';
      const password = given ? values.password : temporaryPassword();
      const body = validBody(UserCreate, { ...profileOf(values, PROFILE), password });
      const { id, done } = await createUser(deps(), { ...body, role: body.role ?? 'admin', must_change_password: !given }, viewer.context);
      await services.settle(done);
      await renderBackOffice(ctx, services, viewer, {
        title: ut(l, 'created_title', { name: body.username }), nav: 'users', crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
        body: card(null, html`${given ? '' : shownOnce(l, password)}<div class="form-actions">${linkButton(`/admin/users/${id}`, ut(l, 'open_user'), 'primary')}
${linkButton('/admin/users', ut(l, 'back_to_list'))}</div>`),
      }, 201);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      await renderBackOffice(ctx, services, viewer, {
        title: ut(l, 'new_user'), nav: 'users', crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }], error: refusalInWords(err),
        body: card(null, createForm(ctx, l, { ...values, password: '' })),
      }, err.status);
    }
  });

  api.get('/admin/users/:id', {
    summary: 'Back-office page: a user with the profile, related records, actions and the history tab (`as_of`)', params: IdParams,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const u = await getUser(knex, params.id);
    const base = `/admin/users/${u.id}`;
    const self = u.id === viewer.userId;
    const related = Object.entries(u.counts);
    const record = () => html`<div class="grid cols-2">${card(ut(l, 'profile'), facts([
      [ut(l, 'email'), u.email], [ut(l, 'username'), u.username], [ut(l, 'name'), u.full_name], [ut(l, 'role'), rolePill(l, u.role)],
      [ut(l, 'status'), statePills(l, u)], [ut(l, 'language'), LANGUAGE_INFO[u.preferred_language as LanguageCode]?.native_name ?? u.preferred_language],
      [ut(l, 'created'), formatDateTime(u.created_at, l)], [ut(l, 'updated'), formatDateTime(u.updated_at, l)],
    ]))}${card(ut(l, 'related'), related.length === 0 ? html`<p class="muted">${ut(l, 'no_related')}</p>`
      : facts(related.map(([name, n]) => [name.replace(/_/g, ' '), n])))}</div>
${card(ut(l, 'edit'), postForm(ctx, base, html`<div class="form-grid">${profileFields(l, u as unknown as Record<string, string>, false)}</div>
<div class="form-actions"><button type="submit" class="primary">${ut(l, 'save')}</button></div>`))}
${card(ut(l, 'reset_password'), postForm(ctx, `${base}/password`, html`<p class="hint">${ut(l, 'reset_hint')}</p><div class="form-grid">
${input(l, { label: ut(l, 'new_password'), name: 'password', type: 'password', attrs: html` autocomplete="new-password"` })}</div>
<div class="form-actions"><button type="submit">${ut(l, 'reset_password')}</button></div>`))}`;
    await renderBackOffice(ctx, services, viewer, {
      title: u.full_name ? `${u.full_name} (${u.username})` : u.username, nav: 'users', crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
      subtitle: html`${rolePill(l, u.role)} ${statePills(l, u)}`,
      actions: self ? undefined : u.is_active
        ? postButton(ctx, `${base}/status`, ut(l, 'deactivate'), { tone: 'danger', confirm: ut(l, 'deactivate_confirm'), fields: { is_active: 'false' } })
        : postButton(ctx, `${base}/status`, ut(l, 'reactivate'), { tone: 'primary', fields: { is_active: 'true' } }),
      body: await withHistoryTab(services, ctx, l, `user-${u.id}`, record),
    });
  });

  const form = (path: string, summary: string, run: (ctx: Context, viewer: Viewer, id: number) => Promise<string | null>) =>
    api.post(path, { summary, params: IdParams, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/users/${params.id}`, () => run(ctx, viewer, params.id));
    });

  form('/admin/users/:id', 'Back-office form: change a user\'s profile or role (as PUT /users/{id})', async (ctx, viewer, id) => {
    const { role, ...profile } = validBody(UserUpdate, profileOf(postedFields(ctx, PROFILE), PROFILE));
    await getUser(knex, id);
    if (role !== undefined && id === viewer.userId && role !== 'admin') throw new CannotModifySelfException('You cannot remove your own administrator role');
    const done = [];
    if (Object.keys(profile).length > 0) done.push(...await changeUserProfile(deps(), id, profile, viewer.context));
    if (role !== undefined) done.push(...await changeUserRole(deps(), id, role, viewer.context));
    await services.settle(done);
    return ut(viewer.language, 'saved');
  });

  form('/admin/users/:id/status', 'Back-office form: deactivate or reactivate a user (`is_active`; never oneself)', async (ctx, viewer, id) => {
    if (id === viewer.userId) throw new CannotModifySelfException(ut(viewer.language, 'self_refused'));
    await getUser(knex, id);
    const active = field(ctx, 'is_active') === 'true';
    await services.settle(await setUserActive(deps(), id, active, viewer.context));
    return ut(viewer.language, active ? 'reactivated' : 'deactivated');
  });

  api.post('/admin/users/:id/password', {
    summary: 'Back-office form: reset a user\'s password (an empty one makes a temporary password, shown once); the user must change it at the next sign-in',
    params: IdParams, responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
  }, async (ctx, { params }) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const given = field(ctx, 'password');
    const password = given === '' ? temporaryPassword() : given;
    const back = `/admin/users/${params.id}`;
    let user;
    try {
      validBody(UserUpdate, { password });
      user = await getUser(knex, params.id);
      await services.settle(await changeUserPassword(deps(), user.id, password, true, viewer.context));
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      setFlash(ctx, 'error', refusalInWords(err));
      return seeOther(ctx, back);
    }
    if (given !== '') {
      setFlash(ctx, 'notice', ut(l, 'password_set'));
      return seeOther(ctx, back);
    }
    await renderBackOffice(ctx, services, viewer, {
      title: ut(l, 'reset_password'), nav: 'users', crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }, { label: user.username, href: back }],
      body: card(null, html`${shownOnce(l, password)}<div class="form-actions">${linkButton(back, ut(l, 'open_user'), 'primary')}</div>`),
    });
  });

  return api.router;
}
