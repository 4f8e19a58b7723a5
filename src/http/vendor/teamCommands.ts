/**
 * The team's commands as the vendor API and the team pages both give them, with the bodies they
 * take: inviting someone (the owner refused, the plan's member limit applied), changing a
 * member's role, and accepting an invitation by its secret.
 */
import { Type, type Static } from '@sinclair/typebox';
import { acceptTeamInvitation, hashInvitationToken, inviteTeamMember } from '../../../commands/team/handlers.ts';
import { TeamInvitationNotFoundException } from '../../../commands/team/errors.ts';
import { MEMBER_ROLES, PERMISSIONS } from '../../../commands/team/permissions.ts';
import { findInvitationByTokenHash } from '../../../queries/team/listTeam.ts';
import { findUserIdByLogin } from '../../modules/users.ts';
import { ConflictException } from '../../core/errors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { teamMemberQuota } from '../planLimits.ts';
import { Email } from '../validation.ts';

const Role = Type.Union(
  MEMBER_ROLES.map((r) => Type.Literal(r)),
  { $id: 'TeamRole' },
);
const PermissionList = Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p))), { uniqueItems: true, maxItems: PERMISSIONS.length });

export const InviteBody = Type.Object(
  { email: Email, role: Role, permissions: Type.Optional(PermissionList) },
  { $id: 'TeamInvitationCreate', additionalProperties: false },
);
export const RoleBody = Type.Object(
  { role: Role, permissions: Type.Optional(PermissionList) },
  { $id: 'TeamMemberUpdate', additionalProperties: false },
);
export const AcceptBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200 }),
    password: Type.String({ minLength: 10, maxLength: 1024 }),
    username: Type.Optional(Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' })),
    first_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    last_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  },
  { $id: 'TeamInvitationAccept', additionalProperties: false },
);
/** Invites someone to a vendor's team (the vendor API and the team page): the owner is refused, the plan's member limit applies. */
export async function inviteMember(
  services: Services,
  vendorId: number,
  ownerId: number,
  body: Static<typeof InviteBody>,
  c: CommandContext,
) {
  const knex = services.db.knex;
  const owner = await knex('user_list').select('email').where('id', ownerId).first();
  if (owner?.email === body.email.toLowerCase()) throw new ConflictException('The owner is already part of the team', { field: 'email' });
  const existing = await findUserIdByLogin(knex, body.email);
  return inviteTeamMember(
    { store: services.store, db: knex, clock: services.clock },
    vendorId,
    ownerId,
    {
      email: body.email,
      role: body.role,
      permissions: body.permissions,
      existing_user_id: existing,
      quota: await teamMemberQuota(services, vendorId),
    },
    c,
  );
}

/** Accepts an invitation by its secret (the vendor API and the accept page); a new account gets the chosen password. */
export async function acceptInvitation(services: Services, body: Static<typeof AcceptBody>, correlationId: string) {
  const knex = services.db.knex;
  const found = await findInvitationByTokenHash(knex, hashInvitationToken(body.token));
  if (!found || !found.vendor_active) throw new TeamInvitationNotFoundException('Invitation not found');
  const existing = await findUserIdByLogin(knex, found.email);
  const { userId, done } = await acceptTeamInvitation(
    { store: services.store, db: knex, clock: services.clock },
    {
      vendor_id: found.vendor_id,
      invitation_id: found.id,
      email: found.email,
      token: body.token,
      password: body.password,
      existing_user_id: existing,
      username: body.username,
      first_name: body.first_name,
      last_name: body.last_name,
    },
    { userId: existing, correlationId },
  );
  await services.settle(done);
  return { found, userId };
}
