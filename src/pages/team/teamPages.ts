import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { cancelTeamInvitation, changeTeamMemberRole, removeTeamMember, type TeamDeps } from '../../../commands/team/handlers.ts';
import { getTeamInvitation, getTeamMember } from '../../../queries/team/listTeam.ts';
import { DomainException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import { Id, validBody } from '../../http/validation.ts';
import { InviteBody, inviteMember, RoleBody } from '../../http/vendor/teamCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { card } from '../backOffice/components.ts';
import { act, formViewer, pageViewer, refuse, refusalInWords } from '../backOffice/guard.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { invitationAcceptance } from './invitationAcceptance.ts';
import { renderTeamPage } from './teamView.ts';
import { tt } from './texts.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

const FEATURE = 'team_members';

export const teamBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'team',
      href: '/vendor/team',
      section: 'account',
      icon: 'users',
      order: 10,
      permission: 'team.view',
      feature: FEATURE,
      label: { en: 'Team', fr: 'Équipe', de: 'Team', lb: 'Team' },
    },
  ],
};

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

  const teamPage = (ctx: Context, viewer: Viewer, extra: Html | '' = '', status = 200, error: string | null = null) =>
    renderTeamPage(services, ctx, viewer, extra, status, error);

  api.get(
    '/vendor/team',
    {
      summary: "Back-office page: the vendor's team, its invitations and (owner) their management",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'team.view', FEATURE);
      if (viewer) await teamPage(ctx, viewer);
    },
  );

  api.post(
    '/vendor/team/invitations',
    {
      summary: 'Back-office form: invite someone by e-mail with a role (owner); the answer shows the invitation link once',
      responses: { 201: HTML, 303: SEE_OTHER, 403: HTML, 409: HTML, 422: HTML },
    },
    async (ctx) => {
      const viewer = await ownerViewer(services, ctx);
      if (!viewer) return;
      const l = viewer.language;
      try {
        const body = validBody(InviteBody, { email: field(ctx, 'email').trim(), role: field(ctx, 'role') });
        const { token, done } = await inviteMember(services, viewer.vendor!.id, viewer.userId, body, viewer.context);
        await services.settle(done);
        // The address the client used (ctx.origin is the Origin header, absent on a plain form post).
        const link = `${ctx.host ? `${ctx.protocol}://${ctx.host}` : ''}/vendor/team/accept?token=${encodeURIComponent(token)}`;
        await teamPage(
          ctx,
          viewer,
          card(
            tt(l, 'invited_title', { email: body.email }),
            html`<p>${tt(l, 'invite_link', { email: body.email })}</p>
<p><input id="invitation-link" class="secret" readonly value="${link}" aria-label="${tt(l, 'invited_title', { email: body.email })}"></p>`,
          ),
          201,
        );
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        await teamPage(ctx, viewer, '', err.status, refusalInWords(err));
      }
    },
  );

  api.post(
    '/vendor/team/invitations/:invitation_id/cancel',
    {
      summary: 'Back-office form: cancel an invitation (owner)',
      params: Type.Object({ invitation_id: Id }),
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await ownerViewer(services, ctx);
      if (!viewer) return;
      await act(ctx, '/vendor/team', async () => {
        await getTeamInvitation(knex, viewer.vendor!.id, params.invitation_id, services.clock.now());
        await services.settle(await cancelTeamInvitation(deps(), viewer.vendor!.id, params.invitation_id, viewer.context));
        return tt(viewer.language, 'cancelled');
      });
    },
  );

  api.post(
    '/vendor/team/members/:user_id/role',
    {
      summary: "Back-office form: change a member's role (owner)",
      params: Type.Object({ user_id: Id }),
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await ownerViewer(services, ctx, 'roles_permissions');
      if (!viewer) return;
      await act(ctx, '/vendor/team', async () => {
        const body = validBody(RoleBody, { role: field(ctx, 'role') });
        await getTeamMember(knex, viewer.vendor!.id, params.user_id);
        await services.settle(
          await changeTeamMemberRole(deps(), viewer.vendor!.id, params.user_id, body.role, body.permissions, viewer.context),
        );
        return tt(viewer.language, 'role_changed');
      });
    },
  );

  api.post(
    '/vendor/team/members/:user_id/remove',
    {
      summary: 'Back-office form: remove a member; their access ends at once (owner)',
      params: Type.Object({ user_id: Id }),
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await ownerViewer(services, ctx);
      if (!viewer) return;
      await act(ctx, '/vendor/team', async () => {
        await getTeamMember(knex, viewer.vendor!.id, params.user_id);
        await services.settle(await removeTeamMember(deps(), viewer.vendor!.id, params.user_id, viewer.context));
        return tt(viewer.language, 'removed');
      });
    },
  );

  invitationAcceptance(api, services);

  return api.router;
}
