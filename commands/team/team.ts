import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { TeamEvent } from './events.ts';
import { timingSafeEqual } from 'node:crypto';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ConflictException, TierLimitExceededException } from '../../src/core/errors.ts';
import { TeamInvitationExpiredException, TeamInvitationNotFoundException, TeamMemberNotFoundException } from './errors.ts';
import type { TeamCommand } from './commands.ts';

export type { TeamCommand } from './commands.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'cancelled';
export type MemberStatus = 'none' | 'active' | 'removed';

export interface Invitation {
  id: number;
  email: string;
  role: string;
  permissions: string[];
  token_hash: string;
  invited_by: number;
  expires_at: string;
  status: InvitationStatus;
}

export interface Member {
  user_id: number;
  status: MemberStatus;
  role: string;
  permissions: string[];
}

/** One vendor's team. The stream exists from the first invitation. */
export interface TeamState {
  vendor_id: number | null;
  members: Record<number, Member>;
  invitations: Record<number, Invitation>;
}

/** Invitation and membership lifecycles as data; checked by checkTransition in every decision. */
export const INVITATION_TRANSITIONS: TransitionTable<InvitationStatus, 'accept' | 'cancel'> = {
  accept: { from: ['pending'], to: 'accepted' },
  cancel: { from: ['pending'], to: 'cancelled' },
};
export const MEMBER_TRANSITIONS: TransitionTable<MemberStatus, 'join' | 'change_role' | 'remove'> = {
  join: { from: ['none', 'removed'], to: 'active' },
  change_role: { from: ['active'], to: 'active' },
  remove: { from: ['active'], to: 'removed' },
};

export const initialTeamState = (): TeamState => ({ vendor_id: null, members: {}, invitations: {} });

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  const d = event.data;
  const next = { ...state, vendor_id: d.vendor_id };
  switch (event.type) {
    case 'TeamMemberInvited': {
      const e = event.data;
      const inv: Invitation = {
        id: e.invitation_id,
        email: e.email,
        role: e.role,
        permissions: e.permissions,
        token_hash: e.token_hash,
        invited_by: e.invited_by,
        expires_at: e.expires_at,
        status: 'pending',
      };
      return { ...next, invitations: { ...state.invitations, [e.invitation_id]: inv } };
    }
    case 'TeamInvitationAccepted': {
      const e = event.data;
      return {
        ...next,
        invitations: { ...state.invitations, [e.invitation_id]: { ...state.invitations[e.invitation_id], status: 'accepted' } },
        members: { ...state.members, [e.user_id]: { user_id: e.user_id, status: 'active', role: e.role, permissions: e.permissions } },
      };
    }
    case 'TeamInvitationCancelled':
      return {
        ...next,
        invitations: {
          ...state.invitations,
          [event.data.invitation_id]: { ...state.invitations[event.data.invitation_id], status: 'cancelled' },
        },
      };
    case 'TeamMemberRoleChanged': {
      const e = event.data;
      return {
        ...next,
        members: { ...state.members, [e.user_id]: { ...state.members[e.user_id], role: e.role, permissions: e.permissions } },
      };
    }
    case 'TeamMemberRemoved':
      return { ...next, members: { ...state.members, [event.data.user_id]: { ...state.members[event.data.user_id], status: 'removed' } } };
  }
}

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
