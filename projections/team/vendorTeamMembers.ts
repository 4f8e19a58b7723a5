import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import {
  TEAM_MEMBER_EVENT_TYPES,
  type TeamEvent,
  type TeamInvitationAccepted,
  type TeamMemberRemoved,
  type TeamMemberRoleChanged,
} from '../../commands/team/events.ts';
import type { VendorDeleted } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const VendorTeamMemberRow = readModel('vendor_team_members', {
  vendor_id: column.int(),
  user_id: column.int(),
  role: column.text(),
  permissions: column.json(Type.Array(Type.String())),
  /** False once the member was removed. */
  is_active: column.bool(),
  invited_by: column.nullable(column.int()),
  joined_at: column.time(),
  updated_at: column.time(),
});
export type VendorTeamMemberRow = RowOf<typeof VendorTeamMemberRow>;

/** The events of TEAM_MEMBER_EVENT_TYPES that name a member (all but VendorDeleted). */
type MemberEvent = TeamInvitationAccepted | TeamMemberRoleChanged | TeamMemberRemoved;

/**
 * vendor_team_members: one row per (vendor, user) who joined a team; is_active false once
 * removed. Read on every vendor request by the access check (queries/team/vendorAccess.ts).
 *
 * Not a row projection: its key is the vendor and the user together, and the shared helper keys a
 * row by one column.
 */
export const vendorTeamMembers: Projection = {
  kind: 'projection',
  name: 'vendor_team_members',
  eventTypes: TEAM_MEMBER_EVENT_TYPES,
  tables: ['vendor_team_members'],
  readModels: [VendorTeamMemberRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new Map<string, VendorTeamMemberRow | JsonRow<VendorTeamMemberRow>>();
    const key = (v: number, u: number) => `${v}:${u}`;
    const pairs = events
      .filter((e) => e.type !== 'VendorDeleted')
      .map((e) => domainEvent<MemberEvent>(e).data)
      .map((d) => [d.vendor_id, d.user_id] as [number, number]);
    if (pairs.length > 0) {
      const existing: VendorTeamMemberRow[] = await trx('vendor_team_members').whereIn(['vendor_id', 'user_id'], pairs);
      for (const r of existing) rows.set(key(r.vendor_id, r.user_id), r);
    }
    const removedVendors = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<TeamEvent | VendorDeleted>(raw);
      if (e.type === 'VendorDeleted') {
        removedVendors.add(e.data.vendor_id);
        for (const [k, r] of rows) if (r.vendor_id === e.data.vendor_id) rows.delete(k);
        continue;
      }
      if (e.type === 'TeamInvitationAccepted') {
        const d = e.data;
        rows.set(key(d.vendor_id, d.user_id), {
          vendor_id: d.vendor_id,
          user_id: d.user_id,
          role: d.role,
          permissions: d.permissions,
          is_active: true,
          invited_by: d.invited_by,
          joined_at: d.at,
          updated_at: d.at,
        });
        continue;
      }
      if (e.type !== 'TeamMemberRoleChanged' && e.type !== 'TeamMemberRemoved') continue;
      const row = rows.get(key(e.data.vendor_id, e.data.user_id));
      if (!row) continue;
      row.updated_at = e.data.at;
      if (e.type === 'TeamMemberRoleChanged') {
        row.role = e.data.role;
        row.permissions = e.data.permissions;
      } else row.is_active = false;
    }
    if (removedVendors.size > 0)
      await trx('vendor_team_members')
        .whereIn('vendor_id', [...removedVendors])
        .delete();
    if (rows.size > 0) {
      const values = [...rows.values()].map((r) => ({ ...r, permissions: JSON.stringify(r.permissions) }));
      await trx('vendor_team_members').insert(values).onConflict(['vendor_id', 'user_id']).merge();
    }
  },
};
