import type { TransitionTable } from '../../src/core/transitions.ts';
import type { TeamEvent } from './events.ts';

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
