import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { TEAM_INVITATION_EVENT_TYPES, type TeamEvent } from '../../commands/team/events.ts';
import type { VendorDeleted } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const VendorTeamInvitationRow = readModel('vendor_team_invitations', {
  id: column.int(),
  vendor_id: column.int(),
  email: column.text(),
  role: column.text(),
  permissions: column.json(Type.Array(Type.String())),
  /** SHA-256 of the invitation secret, the lookup of an acceptance. */
  token_hash: column.text(),
  status: column.oneOf(['pending', 'accepted', 'cancelled']),
  invited_by: column.nullable(column.int()),
  expires_at: column.time(),
  accepted_user_id: column.nullable(column.int()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type VendorTeamInvitationRow = RowOf<typeof VendorTeamInvitationRow>;

/**
 * vendor_team_invitations: one row per invitation with its status. The token hash column is the
 * lookup of an acceptance; the secret itself is nowhere.
 *
 * Not a row projection: a deleted vendor takes all its invitations with it, deleted by vendor in
 * SQL, and the deletion names none of them (the shared helper deletes only the rows an event names
 * by key, and a fold never reads the table to find them).
 */
export const vendorTeamInvitations: Projection = {
  kind: 'projection',
  name: 'vendor_team_invitations',
  eventTypes: TEAM_INVITATION_EVENT_TYPES,
  tables: ['vendor_team_invitations'],
  readModels: [VendorTeamInvitationRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = events.filter((e) => e.type !== 'VendorDeleted').map((e) => Number((e.data as { invitation_id: number }).invitation_id));
    const existing = ids.length > 0 ? await trx<VendorTeamInvitationRow>('vendor_team_invitations').whereIn('id', ids) : [];
    const rows = new Map<number, VendorTeamInvitationRow | JsonRow<VendorTeamInvitationRow>>(existing.map((r) => [r.id, r]));
    const removedVendors = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<TeamEvent | VendorDeleted>(raw);
      if (e.type === 'VendorDeleted') {
        removedVendors.add(e.data.vendor_id);
        for (const [k, r] of rows) if (r.vendor_id === e.data.vendor_id) rows.delete(k);
        continue;
      }
      if (e.type === 'TeamMemberInvited') {
        const d = e.data;
        rows.set(d.invitation_id, {
          id: d.invitation_id,
          vendor_id: d.vendor_id,
          email: d.email,
          role: d.role,
          permissions: d.permissions,
          token_hash: d.token_hash,
          status: 'pending',
          invited_by: d.invited_by,
          expires_at: d.expires_at,
          accepted_user_id: null,
          created_at: d.at,
          updated_at: d.at,
        });
        continue;
      }
      if (e.type !== 'TeamInvitationAccepted' && e.type !== 'TeamInvitationCancelled') continue;
      const row = rows.get(e.data.invitation_id);
      if (!row) continue;
      row.updated_at = e.data.at;
      if (e.type === 'TeamInvitationAccepted') {
        row.status = 'accepted';
        row.accepted_user_id = e.data.user_id;
      } else row.status = 'cancelled';
    }
    if (removedVendors.size > 0)
      await trx('vendor_team_invitations')
        .whereIn('vendor_id', [...removedVendors])
        .delete();
    if (rows.size > 0) {
      const values = [...rows.values()].map((r) => ({ ...r, permissions: JSON.stringify(r.permissions) }));
      await trx('vendor_team_invitations').insert(values).onConflict('id').merge();
    }
  },
};
