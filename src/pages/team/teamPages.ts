import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { cancelTeamInvitation, changeTeamMemberRole, hashInvitationToken, removeTeamMember, type TeamDeps } from '../../../commands/team/handlers.ts';
import { MEMBER_ROLES } from '../../../commands/team/permissions.ts';
import { findInvitationByTokenHash, getTeamInvitation, getTeamMember, listTeamInvitations, listTeamMembers, type TeamMemberItem } from '../../../queries/team/listTeam.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { Id, validBody } from '../../http/validation.ts';
import { AcceptBody, acceptInvitation, InviteBody, inviteMember, RoleBody } from '../../http/vendor/teamCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, formatDate, formatDateTime, input, pill, postButton, postForm, select } from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refuse, refusalInWords } from '../backOffice/guard.ts';
import { renderAuthPage, renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { csrfInput, csrfValid, field } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { tt, type TeamKey } from './texts.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const FEATURE = 'team_members';

export const teamBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'vendor', key: 'team', href: '/vendor/team', section: 'account', icon: 'users', order: 10, permission: 'team.view', feature: FEATURE,
    label: { en: 'Team', fr: 'Équipe', de: 'Team', lb: 'Team' },
  }],
};

const roleLabel = (l: LanguageCode, role: string) => (role === 'owner' ? tt(l, 'owner') : tt(l, `role_${role}` as TeamKey));
const roleOptions = (l: LanguageCode): [string, string][] => MEMBER_ROLES.filter((r) => r !== 'custom').map((r) => [r, roleLabel(l, r)]);
const nameOf = (m: TeamMemberItem) => [m.first_name, m.last_name].filter(Boolean).join(' ') || m.username || m.email || `#${m.user_id}`;

/** Team management is the owner's (SPEC.md part 5 rule 5): a member's form is refused on the server, whatever the page showed. */
async function ownerViewer(services: Services, ctx: Context, feature = FEATURE): Promise<Viewer | null> {
  const viewer = await formViewer(services, ctx, 'vendor', 'team.view', feature);
  if (viewer && viewer.role !== 'owner') {
    await refuse(ctx, services, viewer, 403, tt(viewer.language, 'title'), tt(viewer.language, 'owner_only'));
    return null;
  }
  return viewer;
}

/**
 * The vendor's team (/vendor/team): members with their roles, the invitations, and for the owner
 * the invitation form (its link shown once, on the answer), role changes, removal and cancellation —
 * the vendor API's team commands. /vendor/team/accept is the invitee's page: the secret of the link
 * is the credential, the new account chooses its password.
 */
export function teamPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): TeamDeps => ({ store: services.store, db: knex, clock: services.clock });

  const teamPage = async (ctx: Context, viewer: Viewer, extra: Html | '' = '', status = 200, error: string | null = null) => {
    const l = viewer.language;
    const vendorId = viewer.vendor!.id;
    const owner = viewer.role === 'owner';
    const [members, invitations] = await Promise.all([
      listTeamMembers(knex, vendorId, { page: 1, limit: 100 }), listTeamInvitations(knex, vendorId, undefined, { page: 1, limit: 50 }),
    ]);
    const membersTable = dataTable<TeamMemberItem>(ctx, l, [
      { label: tt(l, 'members'), cell: (m) => html`<strong>${nameOf(m)}</strong>${m.user_id === viewer.userId ? html` <span class="muted">(${tt(l, 'you')})</span>` : ''}<div class="muted">${m.email ?? ''}</div>` },
      { label: tt(l, 'role'), cell: (m) => pill(roleLabel(l, m.role), m.is_owner ? 'accent' : 'neutral') },
      { label: tt(l, 'permissions'), cell: (m) => (m.permissions === 'all' ? '—' : tt(l, 'permission_count', { count: m.permissions.length })), narrowHide: true },
      { label: tt(l, 'joined'), cell: (m) => formatDate(m.joined_at, l), narrowHide: true },
      {
        label: '', cell: (m) => (!owner || m.is_owner ? '' : html`${postForm(ctx, `/vendor/team/members/${m.user_id}/role`, html`<label class="visually-hidden" for="role-${m.user_id}">${tt(l, 'role')}</label>
<select id="role-${m.user_id}" name="role">${roleOptions(l).map(([v, label]) => html`<option value="${v}"${m.role === v ? html` selected` : ''}>${label}</option>`)}</select>
<button type="submit" class="small">${tt(l, 'change_role')}</button>`, { className: 'inline' })}
${postButton(ctx, `/vendor/team/members/${m.user_id}/remove`, tt(l, 'remove'), { tone: 'small', confirm: tt(l, 'remove_confirm') })}`),
      },
    ], members.items);
    const invitationsTable = dataTable<Record<string, any>>(ctx, l, [
      { label: tt(l, 'email'), cell: (i) => i.email },
      { label: tt(l, 'role'), cell: (i) => roleLabel(l, i.role) },
      { label: tt(l, 'status'), cell: (i) => pill(i.status, i.status === 'pending' ? 'warn' : i.status === 'accepted' ? 'ok' : 'neutral') },
      { label: tt(l, 'expires'), cell: (i) => formatDateTime(i.expires_at, l), narrowHide: true },
      { label: '', cell: (i) => (owner && i.status === 'pending' ? postButton(ctx, `/vendor/team/invitations/${i.id}/cancel`, tt(l, 'cancel'), { tone: 'small' }) : '') },
    ], invitations.items, { empty: html`<p class="muted">${tt(l, 'no_invitations')}</p>` });
    const inviteForm = owner ? card(tt(l, 'invite'), postForm(ctx, '/vendor/team/invitations', html`<div class="form-grid">
${input(l, { label: tt(l, 'email'), name: 'email', type: 'email', required: true })}
${select(l, { label: tt(l, 'role'), name: 'role', value: 'staff', options: roleOptions(l) })}</div>
<div class="form-actions"><button type="submit" class="primary">${tt(l, 'send')}</button></div>`)) : card(null, html`<p class="muted">${tt(l, 'owner_only')}</p>`);
    await renderBackOffice(ctx, services, viewer, {
      title: tt(l, 'title'), nav: 'team', error,
      body: html`${extra}${card(tt(l, 'members'), membersTable, { flush: true })}<div class="grid-2">${card(tt(l, 'invitations'), invitationsTable, { flush: true })}${inviteForm}</div>`,
    }, status);
  };

  api.get('/vendor/team', { summary: 'Back-office page: the vendor\'s team, its invitations and (owner) their management', responses: { 200: HTML, 303: SEE_OTHER, 403: HTML } }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'vendor', 'team.view', FEATURE);
    if (viewer) await teamPage(ctx, viewer);
  });

  api.post('/vendor/team/invitations', {
    summary: 'Back-office form: invite someone by e-mail with a role (owner); the answer shows the invitation link once', responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 409: HTML, 422: HTML },
  }, async (ctx) => {
    const viewer = await ownerViewer(services, ctx);
    if (!viewer) return;
    const l = viewer.language;
    try {
      const body = validBody(InviteBody, { email: field(ctx, 'email').trim(), role: field(ctx, 'role') });
      const { token, done } = await inviteMember(services, viewer.vendor!.id, viewer.userId, body, viewer.context);
      await services.settle(done);
      // The address the client used (ctx.origin is the Origin header, absent on a plain form post).
      const link = `${ctx.host ? `${ctx.protocol}://${ctx.host}` : ""}/vendor/team/accept?token=${encodeURIComponent(token)}`;
      await teamPage(ctx, viewer, card(tt(l, 'invited_title', { email: body.email }), html`<p>${tt(l, 'invite_link', { email: body.email })}</p>
<p><input id="invitation-link" class="secret" readonly value="${link}" aria-label="${tt(l, 'invited_title', { email: body.email })}"></p>`), 201);
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      await teamPage(ctx, viewer, '', err.status, refusalInWords(err));
    }
  });

  api.post('/vendor/team/invitations/:invitation_id/cancel', {
    summary: 'Back-office form: cancel an invitation (owner)', params: Type.Object({ invitation_id: Id }), responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx, { params }) => {
    const viewer = await ownerViewer(services, ctx);
    if (!viewer) return;
    await act(ctx, '/vendor/team', async () => {
      await getTeamInvitation(knex, viewer.vendor!.id, params.invitation_id);
      await services.settle(await cancelTeamInvitation(deps(), viewer.vendor!.id, params.invitation_id, viewer.context));
      return tt(viewer.language, 'cancelled');
    });
  });

  api.post('/vendor/team/members/:user_id/role', {
    summary: 'Back-office form: change a member\'s role (owner)', params: Type.Object({ user_id: Id }), responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx, { params }) => {
    const viewer = await ownerViewer(services, ctx, 'roles_permissions');
    if (!viewer) return;
    await act(ctx, '/vendor/team', async () => {
      const body = validBody(RoleBody, { role: field(ctx, 'role') });
      await getTeamMember(knex, viewer.vendor!.id, params.user_id);
      await services.settle(await changeTeamMemberRole(deps(), viewer.vendor!.id, params.user_id, body.role, body.permissions, viewer.context));
      return tt(viewer.language, 'role_changed');
    });
  });

  api.post('/vendor/team/members/:user_id/remove', {
    summary: 'Back-office form: remove a member; their access ends at once (owner)', params: Type.Object({ user_id: Id }), responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx, { params }) => {
    const viewer = await ownerViewer(services, ctx);
    if (!viewer) return;
    await act(ctx, '/vendor/team', async () => {
      await getTeamMember(knex, viewer.vendor!.id, params.user_id);
      await services.settle(await removeTeamMember(deps(), viewer.vendor!.id, params.user_id, viewer.context));
      return tt(viewer.language, 'removed');
    });
  });

  const acceptPage = async (ctx: Context, token: string, status = 200, error: string | null = null) => {
    const found = token.length >= 20 && token.length <= 200 ? await findInvitationByTokenHash(knex, hashInvitationToken(token)) : null;
    const l: LanguageCode = 'en';
    if (!found || found.status !== 'pending' || !found.vendor_active) {
      // The page is there; the link is what is no longer valid (used, cancelled, expired or mistyped): said in words.
      return renderAuthPage(ctx, { area: 'vendor', language: l, title: tt(l, 'title'), error: tt(l, 'invalid_link'), body: html`<p><a href="/vendor/login">${tt(l, 'sign_in')}</a></p>` });
    }
    renderAuthPage(ctx, {
      area: 'vendor', language: l, title: tt(l, 'accept_title', { vendor: found.vendor_name }), error,
      body: html`<p>${tt(l, 'accept_intro', { vendor: found.vendor_name })}</p><form method="post" action="/vendor/team/accept">${csrfInput(ctx)}
<input type="hidden" name="token" value="${token}">
${input(l, { label: tt(l, 'email'), name: 'email_shown', value: found.email, attrs: html` readonly` })}
${input(l, { label: tt(l, 'password'), name: 'password', type: 'password', required: true, hint: tt(l, 'password_hint'), attrs: html` autocomplete="new-password" minlength="10"` })}
${input(l, { label: tt(l, 'first_name'), name: 'first_name' })}${input(l, { label: tt(l, 'last_name'), name: 'last_name' })}
<div class="form-actions"><button type="submit" class="primary">${tt(l, 'accept')}</button></div></form>`,
    }, status);
  };

  api.get('/vendor/team/accept', {
    summary: 'Page: accept a team invitation (`token` of the invitation link)', query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 300 })) }),
    responses: { 200: HTML },
  }, async (ctx, { query }) => acceptPage(ctx, query.token ?? ''));

  api.post('/vendor/team/accept', {
    summary: 'Page form: accept a team invitation with its secret and a password; then the sign-in', responses: { 200: HTML, 403: HTML, 404: HTML, 409: HTML, 422: HTML },
  }, async (ctx) => {
    const token = field(ctx, 'token');
    if (!csrfValid(ctx)) return acceptPage(ctx, token, 403, 'The form expired; please submit it again.');
    try {
      const body = validBody(AcceptBody, Object.fromEntries(Object.entries({
        token, password: field(ctx, 'password'), first_name: field(ctx, 'first_name').trim(), last_name: field(ctx, 'last_name').trim(),
      }).filter(([, v]) => v !== '')));
      const { found } = await acceptInvitation(services, body, String(ctx.state.requestId ?? ''));
      renderAuthPage(ctx, {
        area: 'vendor', language: 'en', title: tt('en', 'accept_title', { vendor: found.vendor_name }), notice: tt('en', 'accepted', { vendor: found.vendor_name }),
        body: html`<p><a class="button primary" href="/vendor/login?vendor_code=${encodeURIComponent(found.vendor_code)}">${tt('en', 'sign_in')}</a></p>`,
      });
    } catch (err) {
      if (!(err instanceof DomainException) || err.status >= 500) throw err;
      await acceptPage(ctx, token, err.status, refusalInWords(err));
    }
  });

  return api.router;
}
