/**
 * A user's page for admins (/admin/users/:id): the profile, the records related to the user, the
 * edit and password reset forms, the history tab, and the deactivation or reactivation button
 * (never for oneself).
 */
import { getUser } from '../../../queries/users/getUser.ts';
import { LANGUAGE_INFO, type LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { IdParams } from '../../http/validation.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, facts, formatDateTime, input, postButton, postForm } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { ut } from './texts.ts';
import { profileFields, rolePill, statePills } from './userProfileFields.ts';

/** A user's page (`/admin/users/:id`) with its record and history tabs. */
export function userPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/users/:id',
    {
      summary: 'Back-office page: a user with the profile, related records, actions and the history tab (`as_of`)',
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const u = await getUser(knex, params.id);
      const base = `/admin/users/${u.id}`;
      const self = u.id === viewer.userId;
      const related = Object.entries(u.counts);
      const record = () => html`<div class="grid cols-2">${card(
        ut(l, 'profile'),
        facts([
          [ut(l, 'email'), u.email],
          [ut(l, 'username'), u.username],
          [ut(l, 'name'), u.full_name],
          [ut(l, 'role'), rolePill(l, u.role)],
          [ut(l, 'status'), statePills(l, u)],
          [ut(l, 'language'), LANGUAGE_INFO[u.preferred_language as LanguageCode]?.native_name ?? u.preferred_language],
          [ut(l, 'created'), formatDateTime(u.created_at, l)],
          [ut(l, 'updated'), formatDateTime(u.updated_at, l)],
        ]),
      )}${card(
        ut(l, 'related'),
        related.length === 0
          ? html`<p class="muted">${ut(l, 'no_related')}</p>`
          : facts(related.map(([name, n]) => [name.replace(/_/g, ' '), n])),
      )}</div>
${card(
  ut(l, 'edit'),
  postForm(
    ctx,
    base,
    html`<div class="form-grid">${profileFields(l, u, false)}</div>
<div class="form-actions"><button type="submit" class="primary">${ut(l, 'save')}</button></div>`,
  ),
)}
${card(
  ut(l, 'reset_password'),
  postForm(
    ctx,
    `${base}/password`,
    html`<p class="hint">${ut(l, 'reset_hint')}</p><div class="form-grid">
${input(l, { label: ut(l, 'new_password'), name: 'password', type: 'password', attrs: html` autocomplete="new-password"` })}</div>
<div class="form-actions"><button type="submit">${ut(l, 'reset_password')}</button></div>`,
  ),
)}`;
      await renderBackOffice(ctx, services, viewer, {
        title: u.full_name ? `${u.full_name} (${u.username})` : u.username,
        nav: 'users',
        crumbs: [{ label: ut(l, 'title'), href: '/admin/users' }],
        subtitle: html`${rolePill(l, u.role)} ${statePills(l, u)}`,
        actions: self
          ? undefined
          : u.is_active
            ? postButton(ctx, `${base}/status`, ut(l, 'deactivate'), {
                tone: 'danger',
                confirm: ut(l, 'deactivate_confirm'),
                fields: { is_active: 'false' },
              })
            : postButton(ctx, `${base}/status`, ut(l, 'reactivate'), { tone: 'primary', fields: { is_active: 'true' } }),
        body: await withHistoryTab(services, ctx, l, `user-${u.id}`, record),
      });
    },
  );
}
