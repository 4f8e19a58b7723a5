import { timingSafeEqual } from 'node:crypto';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ConflictException, TierLimitExceededException } from '../../src/core/errors.ts';
import { TeamInvitationExpiredException, TeamInvitationNotFoundException, TeamMemberNotFoundException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { TeamCommand } from './commands.ts';
import type { TeamEvent } from './events.ts';
import { evolveTeam, initialTeamState, INVITATION_TRANSITIONS, MEMBER_TRANSITIONS, type Invitation, type TeamState } from './team.ts';

export type { TeamCommand } from './commands.ts';
export type { TeamState } from './team.ts';

function invitation(state: TeamState, id: number): Invitation {
  const inv = state.invitations[id];
  if (!inv) throw new TeamInvitationNotFoundException('Invitation not found');
  return inv;
}

/**
 * The seats the plan's team-member limit counts at `at`: the active members and the pending
 * invitations not yet expired (the owner holds none). A removed member, a cancelled or an
 * expired invitation frees its seat.
 */
export function teamSeats(state: TeamState, at: string): number {
  const members = Object.values(state.members).filter((m) => m.status === 'active').length;
  return members + Object.values(state.invitations).filter((i) => i.status === 'pending' && i.expires_at > at).length;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  switch (command.type) {
    case 'InviteTeamMember': {
      const { existing_user_id, limit, hint, at, ...d } = command.data;
      if (existing_user_id !== null && state.members[existing_user_id]?.status === 'active') {
        throw new ConflictException(`${d.email} is already a member of this team`, { field: 'email' });
      }
      const pending = Object.values(state.invitations).find((i) => i.status === 'pending' && i.email === d.email && i.expires_at > at);
      if (pending)
        throw new ConflictException(`${d.email} already has a pending invitation (id ${pending.id})`, {
          field: 'email',
          invitation_id: pending.id,
        });
      const seats = teamSeats(state, at);
      if (limit !== null && seats >= limit) {
        throw new TierLimitExceededException(
          `The plan allows ${limit} team members, pending invitations included; this vendor has ${seats}`,
          { limit_kind: 'team_members', limit, count: seats, ...hint },
        );
      }
      return [{ type: 'TeamMemberInvited', data: { ...d, at } }];
    }
    case 'AcceptTeamInvitation': {
      const { invitation_id, token_hash, user_id, at } = command.data;
      const inv = invitation(state, invitation_id);
      if (!sameHash(inv.token_hash, token_hash)) throw new TeamInvitationNotFoundException('Invitation not found');
      checkTransition('Invitation', INVITATION_TRANSITIONS, 'accept', inv.status);
      if (inv.expires_at <= at) throw new TeamInvitationExpiredException('The invitation has expired; ask the owner for a new one');
      checkTransition('Team member', MEMBER_TRANSITIONS, 'join', state.members[user_id]?.status ?? 'none');
      return [
        {
          type: 'TeamInvitationAccepted',
          data: {
            vendor_id: state.vendor_id!,
            invitation_id,
            user_id,
            role: inv.role,
            permissions: inv.permissions,
            invited_by: inv.invited_by,
            at,
          },
        },
      ];
    }
    case 'CancelTeamInvitation': {
      const inv = invitation(state, command.data.invitation_id);
      checkTransition('Invitation', INVITATION_TRANSITIONS, 'cancel', inv.status);
      return [{ type: 'TeamInvitationCancelled', data: { vendor_id: state.vendor_id!, invitation_id: inv.id, at: command.data.at } }];
    }
    case 'ChangeTeamMemberRole': {
      const { user_id, role, permissions, at } = command.data;
      const m = state.members[user_id];
      if (!m || m.status !== 'active') throw new TeamMemberNotFoundException(`User ${user_id} is not a member of this team`);
      checkTransition('Team member', MEMBER_TRANSITIONS, 'change_role', m.status);
      if (m.role === role && JSON.stringify(m.permissions) === JSON.stringify(permissions)) return [];
      return [{ type: 'TeamMemberRoleChanged', data: { vendor_id: state.vendor_id!, user_id, role, permissions, at } }];
    }
    case 'RemoveTeamMember': {
      const m = state.members[command.data.user_id];
      if (!m || m.status !== 'active') throw new TeamMemberNotFoundException(`User ${command.data.user_id} is not a member of this team`);
      checkTransition('Team member', MEMBER_TRANSITIONS, 'remove', m.status);
      return [{ type: 'TeamMemberRemoved', data: { vendor_id: state.vendor_id!, user_id: m.user_id, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const team: Decider<TeamState, TeamCommand, TeamEvent> = {
  aggregate: 'team',
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide: decideTeam,
};
