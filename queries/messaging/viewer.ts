import type { Knex } from 'knex';

/**
 * Who reads the messaging read models: an admin, a member of a vendor's team (vendor_id = the
 * token's vendor) or a shop customer (vendor_id = the shop's). Every query filters by it: a
 * conversation the viewer takes no part in does not exist for them.
 */
export interface Viewer {
  kind: 'admin' | 'vendor_user' | 'customer';
  id: number;
  vendor_id?: number;
}

/**
 * The conversations (alias `c`) the viewer takes part in, as a where clause: every admin in the
 * admin_vendor ones, the named admins in admin ones; the vendor's whole team in its
 * vendor_customer and admin_vendor ones; the customer in their own vendor_customer ones.
 */
export function visibleTo(viewer: Viewer): (qb: Knex.QueryBuilder) => void {
  return (qb) => {
    switch (viewer.kind) {
      case 'admin':
        qb.where((w) =>
          w
            .where('c.conversation_type', 'admin_vendor')
            .orWhere((a) => a.where('c.conversation_type', 'admin').whereRaw('c.admin_ids @> ?::jsonb', [JSON.stringify([viewer.id])])),
        );
        return;
      case 'vendor_user':
        qb.where('c.vendor_id', viewer.vendor_id ?? -1).whereIn('c.conversation_type', ['vendor_customer', 'admin_vendor']);
        return;
      case 'customer':
        qb.where({ 'c.conversation_type': 'vendor_customer', 'c.vendor_id': viewer.vendor_id ?? -1, 'c.customer_id': viewer.id });
        return;
    }
  };
}

/**
 * The viewer's unread messages of conversation `c` as SQL: past their read position, and not
 * written by them (a user's own messages are never unread for them).
 */
export function unreadSql(knex: Knex, viewer: Viewer): Knex.Raw {
  return knex.raw(
    `(SELECT count(*)::int FROM conversation_messages m
      WHERE m.conversation_id = c.id
        AND m.seq > COALESCE((SELECT r.up_to_seq FROM conversation_reads r
              WHERE r.conversation_id = c.id AND r.reader_kind = ? AND r.reader_id = ?), 0)
        AND NOT (m.author_kind = ? AND m.author_id = ?))`,
    [viewer.kind, viewer.id, viewer.kind, viewer.id],
  );
}

/** The parties an event of a conversation names (every event of the feed but ConversationRead). */
export interface Parties {
  conversation_type: string;
  vendor_id: number | null;
  customer_id: number | null;
  admin_ids: number[];
}

/**
 * `visibleTo` for one conversation in memory: whether the viewer takes part, from the parties an
 * event carries (for a live feed that filters MessagePosted events per reader).
 */
export function canSee(viewer: Viewer, parties: Parties): boolean {
  switch (viewer.kind) {
    case 'admin':
      return (
        parties.conversation_type === 'admin_vendor' || (parties.conversation_type === 'admin' && parties.admin_ids.includes(viewer.id))
      );
    case 'vendor_user':
      return (
        parties.vendor_id === viewer.vendor_id &&
        (parties.conversation_type === 'vendor_customer' || parties.conversation_type === 'admin_vendor')
      );
    case 'customer':
      return parties.conversation_type === 'vendor_customer' && parties.vendor_id === viewer.vendor_id && parties.customer_id === viewer.id;
  }
}
