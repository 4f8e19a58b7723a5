/**
 * The POST handlers of a user's forms for admins: the profile and role, deactivating or
 * reactivating (never oneself), and resetting the password (an empty one makes a temporary
 * password, shown once; the user must change it at the next sign-in) — the API's own commands
 * and refusals.
 */
import type { Context } from 'koa';
import { changeUserPassword, changeUserProfile, changeUserRole, setUserActive, type UserDeps } from '../../../commands/users/handlers.ts';
import { getUser } from '../../../queries/users/getUser.ts';
import { DomainException } from '../../core/errors.ts';
import { CannotModifySelfException } from '../../../commands/users/errors.ts';
import { temporaryPassword } from '../../core/passwords.ts';
import { UserUpdate } from '../../http/admin/users.ts';
import type { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, linkButton } from '../backOffice/components.ts';
import { act, formViewer, refusalInWords } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { field, postedFields, seeOther } from '../forms.ts';
import { setFlash } from '../backOffice/flash.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { ut } from './texts.ts';
import { PROFILE, profileOf, shownOnce } from './userProfileFields.ts';

/** The POST handlers of a user's forms (`/admin/users/:id…`), in the order the API registers them. */
export function userForms(api: Api, services: Services) {
  const knex = services.db.knex;
  const deps = (): UserDeps => ({ store: services.store, db: knex, clock: services.clock });

  const form = (path: string, summary: string, run: (ctx: Context, viewer: Viewer, id: number) => Promise<string | null>) =>
    api.post(path, { summary, params: IdParams, responses: { 303: SEE_OTHER, 403: HTML } }, async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/users/${params.id}`, () => run(ctx, viewer, params.id));
    });

  form('/admin/users/:id', "Back-office form: change a user's profile or role (as PUT /users/{id})", async (ctx, viewer, id) => {
    const { role, ...profile } = validBody(UserUpdate, profileOf(postedFields(ctx, PROFILE), PROFILE));
    await getUser(knex, id);
    if (role !== undefined && id === viewer.userId && role !== 'admin')
      throw new CannotModifySelfException('You cannot remove your own administrator role');
    const done = [];
    if (Object.keys(profile).length > 0) done.push(...(await changeUserProfile(deps(), id, profile, viewer.context)));
    if (role !== undefined) done.push(...(await changeUserRole(deps(), id, role, viewer.context)));
    await services.settle(done);
    return ut(viewer.language, 'saved');
  });

  form(
    '/admin/users/:id/status',
    'Back-office form: deactivate or reactivate a user (`is_active`; never oneself)',
    async (ctx, viewer, id) => {
      if (id === viewer.userId) throw new CannotModifySelfException(ut(viewer.language, 'self_refused'));
      await getUser(knex, id);
      const active = field(ctx, 'is_active') === 'true';
      await services.settle(await setUserActive(deps(), id, active, viewer.context));
      return ut(viewer.language, active ? 'reactivated' : 'deactivated');
    },
  );

  api.post(
    '/admin/users/:id/password',
    {
      summary:
        "Back-office form: reset a user's password (an empty one makes a temporary password, shown once); the user must change it at the next sign-in",
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
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
        title: ut(l, 'reset_password'),
        nav: 'users',
        crumbs: [
          { label: ut(l, 'title'), href: '/admin/users' },
          { label: user.username, href: back },
        ],
        body: card(null, html`${shownOnce(l, password)}<div class="form-actions">${linkButton(back, ut(l, 'open_user'), 'primary')}</div>`),
      });
    },
  );
}
