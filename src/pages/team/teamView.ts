/**
 * The vendor's team page (/vendor/team): the members with their roles, the invitations, and for
 * the owner the invitation form and each member's role change and removal; a form's answer is
 * drawn above them (the invitation link, shown once) or its refusal in words.
 */
import type { Context } from 'koa';
import { MEMBER_ROLES } from '../../../commands/team/permissions.ts';
import { listTeamInvitations, listTeamMembers, type TeamMemberItem } from '../../../queries/team/listTeam.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, formatDate, formatDateTime, input, pill, postButton, postForm, select } from '../backOffice/components.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { tt, type TeamKey } from './texts.ts';

const roleLabel = (l: LanguageCode, role: string) => (role === 'owner' ? tt(l, 'owner') : tt(l, `role_${role}` as TeamKey));
const roleOptions = (l: LanguageCode): [string, string][] => MEMBER_ROLES.filter((r) => r !== 'custom').map((r) => [r, roleLabel(l, r)]);
const nameOf = (m: TeamMemberItem) => [m.first_name, m.last_name].filter(Boolean).join(' ') || m.username || m.email || `#${m.user_id}`;

/** Draws the team page for the viewer, with a form's answer (`extra`) or its refusal (`error`) and the status to answer with. */
export async function renderTeamPage(
  services: Services,
  ctx: Context,
  viewer: Viewer,
  extra: Html | '' = '',
  status = 200,
  error: string | null = null,
) {
  const knex = services.db.knex;
  const l = viewer.language;
  const vendorId = viewer.vendor!.id;
  const owner = viewer.role === 'owner';
  const [members, invitations] = await Promise.all([
    listTeamMembers(knex, vendorId, { page: 1, limit: 100 }),
    listTeamInvitations(knex, vendorId, undefined, { page: 1, limit: 50 }, services.clock.now()),
  ]);
  const membersTable = dataTable<TeamMemberItem>(
    ctx,
    l,
    [
      {
        label: tt(l, 'members'),
        cell: (m) =>
          html`<strong>${nameOf(m)}</strong>${m.user_id === viewer.userId ? html` <span class="muted">(${tt(l, 'you')})</span>` : ''}<div class="muted">${m.email ?? ''}</div>`,
      },
      { label: tt(l, 'role'), cell: (m) => pill(roleLabel(l, m.role), m.is_owner ? 'accent' : 'neutral') },
      {
        label: tt(l, 'permissions'),
        cell: (m) => (m.permissions === 'all' ? '—' : tt(l, 'permission_count', { count: m.permissions.length })),
        narrowHide: true,
      },
      { label: tt(l, 'joined'), cell: (m) => formatDate(m.joined_at, l), narrowHide: true },
      {
        label: '',
        cell: (m) =>
          !owner || m.is_owner
            ? ''
            : html`${postForm(
                ctx,
                `/vendor/team/members/${m.user_id}/role`,
                html`<label class="visually-hidden" for="role-${m.user_id}">${tt(l, 'role')}</label>
<select id="role-${m.user_id}" name="role">${roleOptions(l).map(([v, label]) => html`<option value="${v}"${m.role === v ? html` selected` : ''}>${label}</option>`)}</select>
<button type="submit" class="small">${tt(l, 'change_role')}</button>`,
                { className: 'inline' },
              )}
${postButton(ctx, `/vendor/team/members/${m.user_id}/remove`, tt(l, 'remove'), { tone: 'small', confirm: tt(l, 'remove_confirm') })}`,
      },
    ],
    members.items,
  );
  const invitationsTable = dataTable(
    ctx,
    l,
    [
      { label: tt(l, 'email'), cell: (i) => i.email },
      { label: tt(l, 'role'), cell: (i) => roleLabel(l, i.role) },
      { label: tt(l, 'status'), cell: (i) => pill(i.status, i.status === 'pending' ? 'warn' : i.status === 'accepted' ? 'ok' : 'neutral') },
      { label: tt(l, 'expires'), cell: (i) => formatDateTime(i.expires_at, l), narrowHide: true },
      {
        label: '',
        cell: (i) =>
          owner && i.status === 'pending'
            ? postButton(ctx, `/vendor/team/invitations/${i.id}/cancel`, tt(l, 'cancel'), { tone: 'small' })
            : '',
      },
    ],
    invitations.items,
    { empty: html`<p class="muted">${tt(l, 'no_invitations')}</p>` },
  );
  const inviteForm = owner
    ? card(
        tt(l, 'invite'),
        postForm(
          ctx,
          '/vendor/team/invitations',
          html`<div class="form-grid">
${input(l, { label: tt(l, 'email'), name: 'email', type: 'email', required: true })}
${select(l, { label: tt(l, 'role'), name: 'role', value: 'staff', options: roleOptions(l) })}</div>
<div class="form-actions"><button type="submit" class="primary">${tt(l, 'send')}</button></div>`,
        ),
      )
    : card(null, html`<p class="muted">${tt(l, 'owner_only')}</p>`);
  await renderBackOffice(
    ctx,
    services,
    viewer,
    {
      title: tt(l, 'title'),
      nav: 'team',
      error,
      body: html`${extra}${card(tt(l, 'members'), membersTable, { flush: true })}<div class="grid-2">${card(tt(l, 'invitations'), invitationsTable, { flush: true })}${inviteForm}</div>`,
    },
    status,
  );
}
