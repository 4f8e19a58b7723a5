import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { USER_EVENT_TYPES, type UserEvent } from '../../commands/users/events.ts';

/**
 * user_list: one row per live user, for GET /admin/users and the login lookup.
 * The batch is folded in memory per user, then written with one upsert and one delete.
 */
export const userList: Projection = {
  kind: 'projection',
  name: 'user_list',
  eventTypes: USER_EVENT_TYPES,
  tables: ['user_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { user_id: number }).user_id))];
    const existing = await trx('user_list').whereIn('id', ids);
    const rows = new Map<number, any>(existing.map((r: any) => [r.id, r]));
    const deleted = new Set<number>();
    for (const raw of events) {
      const e = raw as unknown as UserEvent & { recorded_at: string };
      const id = e.data.user_id;
      if (e.type === 'UserCreated') {
        const d = e.data;
        rows.set(id, {
          id, email: d.email, username: d.username, role: d.role, first_name: d.first_name, last_name: d.last_name,
          preferred_language: d.preferred_language, is_active: true, must_change_password: d.must_change_password,
          created_at: d.created_at, updated_at: d.created_at,
        });
        deleted.delete(id);
        continue;
      }
      if (e.type === 'UserDeleted') { rows.delete(id); deleted.add(id); continue; }
      const row = rows.get(id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'UserProfileChanged': Object.assign(row, e.data.changes); break;
        case 'UserRoleChanged': row.role = e.data.role; break;
        case 'UserActivated': row.is_active = true; break;
        case 'UserDeactivated': row.is_active = false; break;
        case 'UserPasswordChanged': row.must_change_password = e.data.must_change_password; break;
      }
    }
    if (deleted.size > 0) await trx('user_list').whereIn('id', [...deleted]).delete();
    if (rows.size > 0) await trx('user_list').insert([...rows.values()]).onConflict('id').merge();
  },
};
