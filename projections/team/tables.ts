import type { TableOf } from '../../src/core/readModel.ts';
import type { VendorTeamInvitationRow } from './vendorTeamInvitations.ts';
import type { VendorTeamMemberRow } from './vendorTeamMembers.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('vendor_team_invitations')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    vendor_team_invitations: TableOf<VendorTeamInvitationRow>;
    vendor_team_members: TableOf<VendorTeamMemberRow>;
  }
}
