import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { cancelTeamInvitation, changeTeamMemberRole, removeTeamMember, type TeamDeps } from '../../../commands/team/handlers.ts';
import { PERMISSIONS, ROLE_PERMISSIONS } from '../../../commands/team/permissions.ts';
import { getTeamInvitation, getTeamMember, listTeamInvitations, listTeamMembers } from '../../../queries/team/listTeam.ts';
import { ConflictException, TierLimitExceededException, VendorOwnerOnlyException } from '../../core/errors.ts';
import {
  TeamInvitationExpiredException,
  TeamInvitationNotFoundException,
  TeamMemberNotFoundException,
} from '../../../commands/team/errors.ts';
import { InvalidCredentialsException } from '../../../commands/users/errors.ts';
import { t } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Api } from '../api.ts';
import { Nullable, NullableTimestamp, Page, rowFields } from '../responses.ts';
import { VendorTeamInvitationRow } from '../../../projections/team/vendorTeamInvitations.ts';
import { VendorTeamMemberRow } from '../../../projections/team/vendorTeamMembers.ts';
import { Id, PageQuery } from '../validation.ts';
import { requireVendorOwner, vendorCommandContext, vendorCaller } from '../vendorAuth.ts';
import { AcceptBody, acceptInvitation, InviteBody, inviteMember, RoleBody } from './teamCommands.ts';

const UserParams = Type.Object({ user_id: Id });
const InvitationParams = Type.Object({ invitation_id: Id });
const InvitationQuery = Type.Object({
  status: Type.Optional(Type.Union(['pending', 'accepted', 'cancelled'].map((s) => Type.Literal(s)))),
});

const TeamMember = Type.Object(
  {
    ...rowFields(VendorTeamMemberRow, ['user_id', 'role', 'is_active']),
    email: Nullable(Type.String()),
    username: Nullable(Type.String()),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    permissions: Type.Union([VendorTeamMemberRow.schema.properties.permissions, Type.Literal('all')]),
    is_owner: Type.Boolean(),
    joined_at: NullableTimestamp,
  },
  { $id: 'TeamMember' },
);
const TeamInvitation = Type.Object(
  {
    ...rowFields(VendorTeamInvitationRow, [
      'id',
      'email',
      'role',
      'permissions',
      'invited_by',
      'expires_at',
      'accepted_user_id',
      'created_at',
    ]),
    status: Type.Union(['pending', 'accepted', 'cancelled', 'expired'].map((x) => Type.Literal(x))),
  },
  { $id: 'TeamInvitation' },
);
const Roles = Type.Object(
  {
    permissions: Type.Array(Type.String()),
    roles: Type.Array(
      Type.Object(
        { role: Type.String(), permissions: Type.Union([Type.Array(Type.String()), Type.String()]) },
        { additionalProperties: true },
      ),
    ),
  },
  { $id: 'TeamRolesResponse' },
);

/**
 * The vendor's team (SPEC.md part 5 rule 5). Reading needs team.view; inviting, changing roles,
 * removing members and cancelling invitations are owner-only. Every id in a path is looked up
 * within the token's vendor, so another vendor's member or invitation is simply not found.
 */
export function vendorTeamRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const deps = (): TeamDeps => ({ store: services.store, db: knex, clock: services.clock });
  const caller = vendorCaller;
  const ownerOnly = [requireVendorOwner()];

  api.get(
    '/team/roles',
    { feature: 'team_members', summary: 'The permissions and what each role grants', permission: 'team.view', responses: { 200: Roles } },
    async (ctx) => {
      ctx.body = {
        permissions: PERMISSIONS,
        roles: [
          { role: 'owner', permissions: 'all', owner_only: ['team.invite', 'team.change_role', 'team.remove', 'team.cancel_invitation'] },
          ...Object.entries(ROLE_PERMISSIONS).map(([role, permissions]) => ({ role, permissions })),
          { role: 'custom', permissions: 'explicit list' },
        ],
      };
    },
  );

  api.get(
    '/team/members',
    {
      feature: 'team_members',
      summary: 'The team: the owner first, then the active members in the order they joined',
      permission: 'team.view',
      query: Type.Object(PageQuery),
      responses: { 200: Page(TeamMember) },
    },
    async (ctx, { query }) => {
      ctx.body = await listTeamMembers(knex, caller(ctx).id, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.get(
    '/team/members/:user_id',
    {
      feature: 'team_members',
      summary: 'One member of the team',
      permission: 'team.view',
      params: UserParams,
      responses: { 200: TeamMember },
      errors: [TeamMemberNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getTeamMember(knex, caller(ctx).id, params.user_id);
    },
  );

  api.put(
    '/team/members/:user_id',
    {
      feature: 'roles_permissions',
      summary: "Change a member's role and permissions (owner only)",
      use: ownerOnly,
      params: UserParams,
      body: RoleBody,
      responses: { 200: Type.Object({ message: Type.String(), member: TeamMember }, { $id: 'TeamMemberUpdated' }) },
      errors: [TeamMemberNotFoundException, VendorOwnerOnlyException],
    },
    async (ctx, { params, body }) => {
      const v = caller(ctx);
      await services.settle(
        await changeTeamMemberRole(deps(), v.id, params.user_id, body.role, body.permissions, vendorCommandContext(ctx)),
      );
      ctx.body = { message: t(requestLanguage(ctx), 'team.member_updated'), member: await getTeamMember(knex, v.id, params.user_id) };
    },
  );

  api.delete(
    '/team/members/:user_id',
    {
      feature: 'team_members',
      summary: 'Remove a member from the team (owner only)',
      use: ownerOnly,
      params: UserParams,
      responses: { 200: Type.Object({ message: Type.String(), user_id: Type.Integer() }, { $id: 'TeamMemberRemoved' }) },
      errors: [TeamMemberNotFoundException, VendorOwnerOnlyException],
    },
    async (ctx, { params }) => {
      await services.settle(await removeTeamMember(deps(), caller(ctx).id, params.user_id, vendorCommandContext(ctx)));
      ctx.body = { message: t(requestLanguage(ctx), 'team.member_removed'), user_id: params.user_id };
    },
  );

  api.get(
    '/team/invitations',
    {
      feature: 'team_members',
      summary: "The team's invitations, newest first, filtered by status",
      permission: 'team.view',
      query: Type.Object({ ...PageQuery, ...InvitationQuery.properties }),
      responses: { 200: Page(TeamInvitation) },
    },
    async (ctx, { query }) => {
      ctx.body = await listTeamInvitations(
        knex,
        caller(ctx).id,
        query.status,
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        services.clock.now(),
      );
    },
  );

  // The secret token is in this answer only; the owner passes the link to the invitee.
  api.post(
    '/team/invitations',
    {
      feature: 'team_members',
      summary:
        "Invite someone by e-mail with a role (owner only); the answer holds the invitation secret, once. Members and pending invitations count in the plan's team-member limit",
      use: ownerOnly,
      body: InviteBody,
      responses: {
        201: Type.Object(
          { message: Type.String(), invitation: TeamInvitation, invitation_token: Type.String(), accept_path: Type.String() },
          { $id: 'TeamInvitationCreated' },
        ),
      },
      errors: [ConflictException, VendorOwnerOnlyException, TierLimitExceededException],
    },
    async (ctx, { body }) => {
      const v = caller(ctx);
      const { invitationId, token, done } = await inviteMember(services, v.id, v.userId, body, vendorCommandContext(ctx));
      await services.settle(done);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        message: t(requestLanguage(ctx), 'team.invitation_sent', { email: body.email }),
        invitation: await getTeamInvitation(knex, v.id, invitationId, services.clock.now()),
        invitation_token: token,
        accept_path: '/api/v1/vendor/team/invitations/accept',
      };
    },
  );

  api.delete(
    '/team/invitations/:invitation_id',
    {
      feature: 'team_members',
      summary: 'Cancel an invitation (owner only)',
      use: ownerOnly,
      params: InvitationParams,
      responses: { 200: Type.Object({ message: Type.String(), invitation: TeamInvitation }, { $id: 'TeamInvitationCancelled' }) },
      errors: [TeamInvitationNotFoundException, VendorOwnerOnlyException],
    },
    async (ctx, { params }) => {
      const v = caller(ctx);
      await getTeamInvitation(knex, v.id, params.invitation_id, services.clock.now());
      await services.settle(await cancelTeamInvitation(deps(), v.id, params.invitation_id, vendorCommandContext(ctx)));
      ctx.body = {
        message: t(requestLanguage(ctx), 'team.invitation_cancelled'),
        invitation: await getTeamInvitation(knex, v.id, params.invitation_id, services.clock.now()),
      };
    },
  );

  // Open route: the invitation secret is the credential. A new account gets the chosen password.
  api.post(
    '/team/invitations/accept',
    {
      summary: 'Accept an invitation with its secret (no sign-in: the secret is the credential); a new account gets the chosen password',
      caller: 'none',
      body: AcceptBody,
      responses: {
        200: Type.Object(
          {
            message: Type.String(),
            user_id: Type.Integer(),
            vendor: Type.Object({ id: Type.Integer(), vendor_code: Type.String(), name: Type.String() }),
            login_path: Type.String(),
          },
          { $id: 'TeamInvitationAccepted' },
        ),
      },
      errors: [TeamInvitationNotFoundException, TeamInvitationExpiredException, ConflictException, InvalidCredentialsException],
    },
    async (ctx, { body }) => {
      const { found, userId } = await acceptInvitation(services, body, ctx.state.requestId as string);
      ctx.body = {
        message: t(requestLanguage(ctx), 'team.invitation_accepted', { vendor: found.vendor_name }),
        user_id: userId,
        vendor: { id: found.vendor_id, vendor_code: found.vendor_code, name: found.vendor_name },
        login_path: '/api/v1/vendor/auth/login',
      };
    },
  );

  return api.router;
}
