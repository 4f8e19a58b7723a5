import { team } from '../../../commands/team/team.ts';
import type { TeamEvent } from '../../../commands/team/events.ts';
import { permissionsOf } from '../../../commands/team/permissions.ts';
import { expect } from 'chai';
import { ConflictException, InvalidTransitionException, TierLimitExceededException } from '../../../src/core/errors.ts';
import {
  TeamInvitationExpiredException,
  TeamInvitationNotFoundException,
  TeamMemberNotFoundException,
} from '../../../commands/team/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-12-01T10:00:00.000Z';
const invited: TeamEvent = {
  type: 'TeamMemberInvited',
  data: {
    vendor_id: 5,
    invitation_id: 1,
    email: 'sam@team.test',
    role: 'viewer',
    permissions: ['team.view'],
    token_hash: 'h'.repeat(64),
    invited_by: 7,
    expires_at: '2026-11-28T10:00:00.000Z',
    at,
  },
};
const accepted: TeamEvent = {
  type: 'TeamInvitationAccepted',
  data: { vendor_id: 5, invitation_id: 1, user_id: 20, role: 'viewer', permissions: ['team.view'], invited_by: 7, at },
};
const accept = (token_hash: string, when = at) => ({
  type: 'AcceptTeamInvitation' as const,
  data: { invitation_id: 1, token_hash, user_id: 20, at: when },
});

describe('team aggregate', () => {
  context('invitations', () => {
    it('is accepted with the right token hash, before it expires, once', () => {
      given(team, [invited])
        .when(accept('h'.repeat(64)))
        .then([accepted]);
      given(team, [invited])
        .when(accept('x'.repeat(64)))
        .thenThrows(TeamInvitationNotFoundException);
      given(team, [invited])
        .when(accept('h'.repeat(64), later))
        .thenThrows(TeamInvitationExpiredException);
      given(team, [invited, accepted])
        .when(accept('h'.repeat(64)))
        .thenThrows(InvalidTransitionException, /accepted/);
    });
    it('cannot be accepted after it was cancelled', () => {
      const cancelled: TeamEvent = { type: 'TeamInvitationCancelled', data: { vendor_id: 5, invitation_id: 1, at } };
      given(team, [invited, cancelled])
        .when(accept('h'.repeat(64)))
        .thenThrows(InvalidTransitionException, /cancelled/);
    });
    it('refuses a second pending invitation of one e-mail and an invitation of an active member', () => {
      const { at: _at, ...rest } = invited.data as Extract<TeamEvent, { type: 'TeamMemberInvited' }>['data'];
      const again = {
        type: 'InviteTeamMember' as const,
        data: { ...rest, invitation_id: 2, existing_user_id: null as number | null, limit: null, hint: {}, at },
      };
      given(team, [invited])
        .when(again)
        .thenThrows(ConflictException, /pending/);
      given(team, [invited, accepted])
        .when({ ...again, data: { ...again.data, email: 'other@team.test', existing_user_id: 20 } })
        .thenThrows(ConflictException, /already a member/);
    });
  });

  context("the plan's team-member limit", () => {
    const { at: _at, ...rest } = invited.data as Extract<TeamEvent, { type: 'TeamMemberInvited' }>['data'];
    const invite = (limit: number | null, when = at) => ({
      type: 'InviteTeamMember' as const,
      data: {
        ...rest,
        invitation_id: 3,
        email: 'third@team.test',
        existing_user_id: null as number | null,
        limit,
        hint: { current_tier: 'essential' },
        at: when,
      },
    });
    const third: TeamEvent = { type: 'TeamMemberInvited', data: { ...rest, invitation_id: 3, email: 'third@team.test', at } };
    const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { vendor_id: 5, user_id: 20, at } };
    const cancelled: TeamEvent = { type: 'TeamInvitationCancelled', data: { vendor_id: 5, invitation_id: 1, at } };

    it('counts active members and pending invitations, and refuses at the limit with the hint', () => {
      given(team, [invited]).when(invite(2)).then([third]);
      const err = given(team, [invited, accepted])
        .when(invite(1))
        .thenThrows(TierLimitExceededException, /allows 1 team members/);
      expect(err.extra).to.deep.include({ limit_kind: 'team_members', limit: 1, count: 1, current_tier: 'essential' });
      given(team, [invited]).when(invite(1)).thenThrows(TierLimitExceededException);
      given(team, [invited]).when(invite(null)).then([third]);
    });

    it('a removed member, a cancelled or an expired invitation frees its seat', () => {
      given(team, [invited, accepted, removed]).when(invite(1)).then([third]);
      given(team, [invited, cancelled]).when(invite(1)).then([third]);
      given(team, [invited])
        .when(invite(1, later))
        .then([{ ...third, data: { ...third.data, at: later } } as TeamEvent]);
    });
  });

  context('members', () => {
    it('changes a member role and removes a member; a removed member is not found', () => {
      given(team, [invited, accepted])
        .when({ type: 'ChangeTeamMemberRole', data: { user_id: 20, role: 'staff', permissions: ['orders.view'], at } })
        .then([{ type: 'TeamMemberRoleChanged', data: { vendor_id: 5, user_id: 20, role: 'staff', permissions: ['orders.view'], at } }]);
      const removed: TeamEvent = { type: 'TeamMemberRemoved', data: { vendor_id: 5, user_id: 20, at } };
      given(team, [invited, accepted])
        .when({ type: 'RemoveTeamMember', data: { user_id: 20, at } })
        .then([removed]);
      given(team, [invited, accepted, removed])
        .when({ type: 'RemoveTeamMember', data: { user_id: 20, at } })
        .thenThrows(TeamMemberNotFoundException);
    });
  });

  it('derives permissions from roles: owner all, presets, custom lists filtered to known permissions', () => {
    expect(permissionsOf('owner', null)).to.include.members(['billing.manage', 'team.view', 'settings.edit']);
    expect(permissionsOf('manager', null)).not.to.include('billing.manage');
    expect(permissionsOf('viewer', null)).not.to.include('settings.edit');
    expect(permissionsOf('custom', ['products.view', 'nonsense'])).to.deep.equal(['products.view']);
    expect(permissionsOf('unknown', null)).to.deep.equal([]);
  });
});
