import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../src/core/clock.ts';
import { ValidationException } from '../../src/core/errors.ts';
import { InvalidCredentialsException } from '../users/errors.ts';
import { verifyPassword } from '../../src/core/passwords.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { createUser, user } from '../../src/modules/users.ts';
import { team } from './team.ts';
import { MEMBER_ROLES, permissionsOf } from './permissions.ts';

export interface TeamDeps {
  store: EventStore;
  db: Executor;
  /** The service's clock (invitation times and expiry). */
  clock: Clock;
}

type Done = Handled<unknown, any>[];
const now = (deps: TeamDeps) => deps.clock.now().toISOString();

/** Invitations are valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Only this hash of an invitation secret is stored; the secret itself is shown once. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A member role's stored permissions: the preset of the role, or the explicit list of `custom`. */
function rolePermissions(role: string, permissions: string[] | undefined): string[] {
  if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
    throw new ValidationException(`Unknown role '${role}'`, [
      { pointer: '/body/role', message: `must be one of ${MEMBER_ROLES.join(', ')}` },
    ]);
  }
  if (role === 'custom' && (!permissions || permissions.length === 0)) {
    throw new ValidationException('A custom role needs a permission list', [
      { pointer: '/body/permissions', message: 'must list at least one permission' },
    ]);
  }
  return permissionsOf(role, permissions);
}

export interface Invite {
  email: string;
  role: string;
  permissions?: string[];
  existing_user_id: number | null;
  /** The plan's team-member limit (src/http/planLimits.ts teamMemberQuota). */
  quota: { limit: number | null; hint: Record<string, unknown> };
}

/**
 * Invites someone into the team. The team stream counts the seats (commands/team/team.ts
 * teamSeats), so concurrent invitations are decided one after the other: a conflict reloads and
 * decides again on the seats the winner left, and 10 parallel invitations for the last seat give
 * one invitation and nine refusals.
 */
export async function inviteTeamMember(deps: TeamDeps, vendorId: number, invitedBy: number, input: Invite, ctx: CommandContext) {
  const permissions = rolePermissions(input.role, input.permissions);
  const token = randomBytes(32).toString('base64url');
  const invitationId = await nextId(deps.db, 'team_invitation');
  const at = now(deps);
  const expires_at = new Date(Date.parse(at) + INVITATION_TTL_MS).toISOString();
  const command = {
    type: 'InviteTeamMember' as const,
    data: {
      vendor_id: vendorId,
      invitation_id: invitationId,
      email: input.email.trim().toLowerCase(),
      role: input.role,
      permissions,
      token_hash: hashInvitationToken(token),
      invited_by: invitedBy,
      expires_at,
      existing_user_id: input.existing_user_id,
      limit: input.quota.limit,
      hint: input.quota.hint,
      at,
    },
  };
  const done: Done = [
    await retryOnConflict(() => handleCommand(deps.store, team, vendorId, command, { ...ctx, vendorId }), { tx: ctx.tx }),
  ];
  return { invitationId, token, expires_at, done };
}

export interface Acceptance {
  vendor_id: number;
  invitation_id: number;
  email: string;
  token: string;
  password: string;
  existing_user_id: number | null;
  username?: string;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * Accepts an invitation. An existing account proves itself with its password; otherwise the
 * account is opened (role vendor) with the password the invitee chose, then the team records
 * the new member. The token is checked against the stored hash by the team decision.
 */
export async function acceptTeamInvitation(
  deps: TeamDeps,
  input: Acceptance,
  ctx: CommandContext,
): Promise<{ userId: number; done: Done }> {
  const done: Done = [];
  let userId = input.existing_user_id;
  // The team decision is checked first with a dry run, so a stale or wrong token opens no account.
  const { state } = await load(deps.store, team, input.vendor_id);
  team.decide(
    {
      type: 'AcceptTeamInvitation',
      data: { invitation_id: input.invitation_id, token_hash: hashInvitationToken(input.token), user_id: userId ?? 0, at: now(deps) },
    },
    state,
  );
  if (userId !== null) {
    const { state: account } = await load(deps.store, user, userId);
    if (account.status !== 'active' || !(await verifyPassword(account.password_hash, input.password))) {
      throw new InvalidCredentialsException('The password does not match the existing account of this e-mail');
    }
  } else {
    const local = input.email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '');
    const created = await createUser(
      deps,
      {
        email: input.email,
        username: input.username ?? `${local.length >= 3 ? local : `member-${local}`}-${randomBytes(2).toString('hex')}`,
        password: input.password,
        role: 'vendor',
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
      },
      ctx,
    );
    userId = created.id;
    done.push(...created.done);
  }
  done.push(
    await handleCommand(
      deps.store,
      team,
      input.vendor_id,
      {
        type: 'AcceptTeamInvitation',
        data: { invitation_id: input.invitation_id, token_hash: hashInvitationToken(input.token), user_id: userId, at: now(deps) },
      },
      { ...ctx, userId, vendorId: input.vendor_id },
    ),
  );
  return { userId, done };
}

export async function cancelTeamInvitation(deps: TeamDeps, vendorId: number, invitationId: number, ctx: CommandContext): Promise<Done> {
  return [
    await handleCommand(
      deps.store,
      team,
      vendorId,
      { type: 'CancelTeamInvitation', data: { invitation_id: invitationId, at: now(deps) } },
      { ...ctx, vendorId },
    ),
  ];
}

export async function changeTeamMemberRole(
  deps: TeamDeps,
  vendorId: number,
  userId: number,
  role: string,
  permissions: string[] | undefined,
  ctx: CommandContext,
): Promise<Done> {
  const list = rolePermissions(role, permissions);
  return [
    await handleCommand(
      deps.store,
      team,
      vendorId,
      { type: 'ChangeTeamMemberRole', data: { user_id: userId, role, permissions: list, at: now(deps) } },
      { ...ctx, vendorId },
    ),
  ];
}

export async function removeTeamMember(deps: TeamDeps, vendorId: number, userId: number, ctx: CommandContext): Promise<Done> {
  return [
    await handleCommand(
      deps.store,
      team,
      vendorId,
      { type: 'RemoveTeamMember', data: { user_id: userId, at: now(deps) } },
      { ...ctx, vendorId },
    ),
  ];
}
