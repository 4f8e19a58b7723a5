/** Commands of the team aggregate (one per vendor). Hashes, ids and times are chosen before. */
export type InviteTeamMember = {
  type: 'InviteTeamMember';
  data: {
    vendor_id: number;
    invitation_id: number;
    email: string;
    role: string;
    permissions: string[];
    token_hash: string;
    invited_by: number;
    expires_at: string;
    /** The account already registered under this e-mail, if any (so a member is not invited twice). */
    existing_user_id: number | null;
    /** The plan's team-member limit (null = unlimited) and the refusal's upgrade hint. */
    limit: number | null;
    hint: Record<string, unknown>;
    at: string;
  };
};
export type AcceptTeamInvitation = {
  type: 'AcceptTeamInvitation';
  data: { invitation_id: number; token_hash: string; user_id: number; at: string };
};
export type CancelTeamInvitation = { type: 'CancelTeamInvitation'; data: { invitation_id: number; at: string } };
export type ChangeTeamMemberRole = {
  type: 'ChangeTeamMemberRole';
  data: { user_id: number; role: string; permissions: string[]; at: string };
};
export type RemoveTeamMember = { type: 'RemoveTeamMember'; data: { user_id: number; at: string } };

export type TeamCommand = InviteTeamMember | AcceptTeamInvitation | CancelTeamInvitation | ChangeTeamMemberRole | RemoveTeamMember;
