import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { USER_EVENT_TYPES, type UserEvent } from '../../commands/users/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const UserListRow = readModel('user_list', {
  id: column.int(),
  email: column.text(),
  username: column.text(),
  role: column.oneOf(['admin', 'vendor']),
  first_name: column.nullable(column.text()),
  last_name: column.nullable(column.text()),
  preferred_language: column.text(),
  is_active: column.bool(),
  must_change_password: column.bool(),
  created_at: column.time(),
  updated_at: column.time(),
  /** E-mail, username and names, lower-cased, for the search index (queries/users/listUsers.ts). */
  search_text: column.generated(column.nullable(column.text())),
  /** The user's stream version the row is folded to (written by the fold's inline declaration, not by `apply`). */
  stream_version: column.int(),
});
export type UserListRow = RowOf<typeof UserListRow>;

/**
 * user_list: one row per live user, for GET /admin/users and the login lookup. A row projection
 * (src/runtime/rowProjection.ts): the batch is folded in memory per user, then written with one
 * upsert and one delete. Inline: a row is one user's, folded from the user's stream alone, so a
 * user's command writes it with its append and the admin reads the change at once
 * (src/runtime/inlineProjection.ts).
 */
export const userList = rowProjection<Omit<JsonRow<UserListRow>, 'search_text' | 'stream_version'>>({
  name: 'user_list',
  eventTypes: USER_EVENT_TYPES,
  readModel: UserListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    inline: { aggregate: 'user', version: 'stream_version' },
    keys: (e) => [(e.data as { user_id: number }).user_id],
    apply(rows, raw) {
      const e = domainEvent<UserEvent>(raw);
      const id = e.data.user_id;
      if (e.type === 'UserCreated') {
        const d = e.data;
        rows.set(id, {
          id,
          email: d.email,
          username: d.username,
          role: d.role,
          first_name: d.first_name,
          last_name: d.last_name,
          preferred_language: d.preferred_language,
          is_active: true,
          must_change_password: d.must_change_password,
          created_at: d.created_at,
          updated_at: d.created_at,
        });
        return;
      }
      if (e.type === 'UserDeleted') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'UserProfileChanged':
          Object.assign(row, e.data.changes);
          break;
        case 'UserRoleChanged':
          row.role = e.data.role;
          break;
        case 'UserActivated':
          row.is_active = true;
          break;
        case 'UserDeactivated':
          row.is_active = false;
          break;
        case 'UserPasswordChanged':
          row.must_change_password = e.data.must_change_password;
          break;
      }
    },
  },
});
