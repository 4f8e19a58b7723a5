import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  acceptTeamInvitation, cancelTeamInvitation, changeTeamMemberRole, hashInvitationToken, inviteTeamMember, removeTeamMember, type TeamDeps,
} from '../../../commands/team/handlers.ts';
import { MEMBER_ROLES, PERMISSIONS, ROLE_PERMISSIONS } from '../../../commands/team/permissions.ts';
import {
  findInvitationByTokenHash, getTeamInvitation, getTeamMember, listTeamInvitations, listTeamMembers,
} from '../../../queries/team/listTeam.ts';
import { findUserIdByLogin } from '../../../queries/users/getUser.ts';
import { ConflictException, TeamInvitationNotFoundException } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Email, Id, input } from '../validation.ts';
import { requireVendor, requireVendorOwner, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const Role = Type.Union(MEMBER_ROLES.map((r) => Type.Literal(r)));
const PermissionList = Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p))), { uniqueItems: true, maxItems: PERMISSIONS.length });

const InviteBody = Type.Object({ email: Email, role: Role, permissions: Type.Optional(PermissionList) }, { additionalProperties: false });
const RoleBody = Type.Object({ role: Role, permissions: Type.Optional(PermissionList) }, { additionalProperties: false });
const AcceptBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 200 }),
  password: Type.String({ minLength: 10, maxLength: 1024 }),
  username: Type.Optional(Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' })),
  first_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  last_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
}, { additionalProperties: false });
const UserParams = Type.Object({ user_id: Id });
const InvitationParams = Type.Object({ invitation_id: Id });
const InvitationQuery = Type.Object({ status: Type.Optional(Type.Union(['pending', 'accepted', 'cancelled'].map((s) => Type.Literal(s)))) });

/**
 * The vendor's team (SPEC.md part 5 rule 5). Reading needs team.view; inviting, changing roles,
 * removing members and cancelling invitations are owner-only. Every id in a path is looked up
 * within the token's vendor, so another vendor's member or invitation is simply not found.
 */
export function vendorTeamRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const deps = (): TeamDeps => ({ store: services.store, db: knex });
  const caller = (ctx: any) => ctx.state.vendor as VendorCaller;

  router.get('/team/roles', requireVendor(services, 'team.view'), async (ctx) => {
    ctx.body = {
      permissions: PERMISSIONS,
      roles: [{ role: 'owner', permissions: 'all', owner_only: ['team.invite', 'team.change_role', 'team.remove', 'team.cancel_invitation'] },
        ...Object.entries(ROLE_PERMISSIONS).map(([role, permissions]) => ({ role, permissions })),
        { role: 'custom', permissions: 'explicit list' }],
    };
  });

  router.get('/team/members', requireVendor(services, 'team.view'), async (ctx) => {
    ctx.body = await listTeamMembers(knex, caller(ctx).id);
  });

  router.get('/team/members/:user_id', requireVendor(services, 'team.view'), async (ctx) => {
    const { params } = input(ctx, { params: UserParams });
    ctx.body = await getTeamMember(knex, caller(ctx).id, params.user_id);
  });

  router.put('/team/members/:user_id', requireVendor(services), requireVendorOwner(), async (ctx) => {
    const { params, body } = input(ctx, { params: UserParams, body: RoleBody });
    const v = caller(ctx);
    await services.settle(await changeTeamMemberRole(deps(), v.id, params.user_id, body.role, body.permissions, vendorCommandContext(ctx)));
    ctx.body = { message: t(requestLanguage(ctx), 'team.member_updated'), member: await getTeamMember(knex, v.id, params.user_id) };
  });

  router.delete('/team/members/:user_id', requireVendor(services), requireVendorOwner(), async (ctx) => {
    const { params } = input(ctx, { params: UserParams });
    await services.settle(await removeTeamMember(deps(), caller(ctx).id, params.user_id, vendorCommandContext(ctx)));
    ctx.body = { message: t(requestLanguage(ctx), 'team.member_removed'), user_id: params.user_id };
  });

  router.get('/team/invitations', requireVendor(services, 'team.view'), async (ctx) => {
    const { query } = input(ctx, { query: InvitationQuery });
    ctx.body = await listTeamInvitations(knex, caller(ctx).id, query.status);
  });

  // The secret token is in this answer only; the owner passes the link to the invitee.
  router.post('/team/invitations', requireVendor(services), requireVendorOwner(), async (ctx) => {
    const { body } = input(ctx, { body: InviteBody });
    const v = caller(ctx);
    const owner = await knex('user_list').select('email').where('id', v.userId).first();
    if (owner?.email === body.email.toLowerCase()) throw new ConflictException('The owner is already part of the team', { field: 'email' });
    const existing = await findUserIdByLogin(knex, body.email);
    const { invitationId, token, done } = await inviteTeamMember(deps(), v.id, v.userId,
      { email: body.email, role: body.role, permissions: body.permissions, existing_user_id: existing }, vendorCommandContext(ctx));
    await services.settle(done);
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      message: t(requestLanguage(ctx), 'team.invitation_sent', { email: body.email }),
      invitation: await getTeamInvitation(knex, v.id, invitationId),
      invitation_token: token,
      accept_path: '/api/v1/vendor/team/invitations/accept',
    };
  });

  router.delete('/team/invitations/:invitation_id', requireVendor(services), requireVendorOwner(), async (ctx) => {
    const { params } = input(ctx, { params: InvitationParams });
    const v = caller(ctx);
    await getTeamInvitation(knex, v.id, params.invitation_id);
    await services.settle(await cancelTeamInvitation(deps(), v.id, params.invitation_id, vendorCommandContext(ctx)));
    ctx.body = { message: t(requestLanguage(ctx), 'team.invitation_cancelled'), invitation: await getTeamInvitation(knex, v.id, params.invitation_id) };
  });

  // Open route: the invitation secret is the credential. A new account gets the chosen password.
  router.post('/team/invitations/accept', async (ctx) => {
    const { body } = input(ctx, { body: AcceptBody });
    const found = await findInvitationByTokenHash(knex, hashInvitationToken(body.token));
    if (!found || !found.vendor_active) throw new TeamInvitationNotFoundException('Invitation not found');
    const existing = await findUserIdByLogin(knex, found.email);
    const { userId, done } = await acceptTeamInvitation(deps(), {
      vendor_id: found.vendor_id, invitation_id: found.id, email: found.email, token: body.token, password: body.password,
      existing_user_id: existing, username: body.username, first_name: body.first_name, last_name: body.last_name,
    }, { userId: existing, correlationId: ctx.state.requestId as string });
    await services.settle(done);
    ctx.body = {
      message: t(requestLanguage(ctx), 'team.invitation_accepted', { vendor: found.vendor_name }),
      user_id: userId,
      vendor: { id: found.vendor_id, vendor_code: found.vendor_code, name: found.vendor_name },
      login_path: '/api/v1/vendor/auth/login',
    };
  });

  return router;
}
