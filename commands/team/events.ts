/**
 * Vendor teams (SPEC.md part 5 rule 5): members with a role and permissions, and invitations
 * accepted by a secret token of which only the SHA-256 hash is ever stored. The vendor's owner is
 * not a member: ownership comes from the company (commands/companies).
 */
/** The owner invited someone by e-mail with a role; the secret link is shown to the owner once. */
export type TeamMemberInvited = {
  type: 'TeamMemberInvited';
  data: {
    vendor_id: number;
    invitation_id: number;
    email: string;
    role: string;
    permissions: string[];
    token_hash: string;
    invited_by: number;
    expires_at: string;
    at: string;
  };
};
/** The invitee proved the token and joined the team with the invitation's role. */
export type TeamInvitationAccepted = {
  type: 'TeamInvitationAccepted';
  data: { vendor_id: number; invitation_id: number; user_id: number; role: string; permissions: string[]; invited_by: number; at: string };
};
/** The owner withdrew a pending invitation; its token no longer works. */
export type TeamInvitationCancelled = { type: 'TeamInvitationCancelled'; data: { vendor_id: number; invitation_id: number; at: string } };
/** The owner gave a member another role or permission list. */
export type TeamMemberRoleChanged = {
  type: 'TeamMemberRoleChanged';
  data: { vendor_id: number; user_id: number; role: string; permissions: string[]; at: string };
};
/** The member left the team; their vendor tokens stop working at once. */
export type TeamMemberRemoved = { type: 'TeamMemberRemoved'; data: { vendor_id: number; user_id: number; at: string } };

export type TeamEvent = TeamMemberInvited | TeamInvitationAccepted | TeamInvitationCancelled | TeamMemberRoleChanged | TeamMemberRemoved;

export const TEAM_MEMBER_EVENT_TYPES = ['TeamInvitationAccepted', 'TeamMemberRoleChanged', 'TeamMemberRemoved', 'VendorDeleted'] as const;
export const TEAM_INVITATION_EVENT_TYPES = [
  'TeamMemberInvited',
  'TeamInvitationAccepted',
  'TeamInvitationCancelled',
  'VendorDeleted',
] as const;
