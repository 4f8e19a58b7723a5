import type { Knex } from 'knex';

/**
 * The auditors' time line across streams: "who changed this and when". Events of the PostgreSQL
 * event store (server or embedded) by record (its stream), by acting user (a user id, or a system
 * actor `system:<name>`) and by time range, newest first. Indexed by stream (its unique key), by
 * acting user (migrations/202611280801_event_timeline.ts) and by time (a BRIN index).
 */
export interface EventSearch {
  stream?: string;
  /** The metadata's user_id as text: a user id or `system:<name>`. */
  user?: string;
  /** The event's type, exactly. */
  type?: string;
  from?: Date;
  to?: Date;
}

export interface TimelineEvent {
  event_id: string;
  stream: string;
  version: number;
  type: string;
  user_id: string | null;
  vendor_id: number | null;
  recorded_at: string;
  position: string;
}

/** An event as the time line selects it (the ids of its metadata as text). */
interface EventRead {
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  position: string | number;
  recorded_at: Date | string;
  user_id: string | null;
  vendor_id: string | null;
}

/** One page of the time line (offset paging; `more` when a further page exists, so no count of the whole store is needed). */
export async function searchEvents(
  knex: Knex,
  search: EventSearch,
  page: { page: number; limit: number },
): Promise<{ items: TimelineEvent[]; more: boolean; page: number; limit: number }> {
  const q = knex('events').select<EventRead[]>(
    'event_id',
    'stream_id',
    'version',
    'type',
    'position',
    'recorded_at',
    knex.raw(`metadata->>'user_id' as user_id`),
    knex.raw(`metadata->>'vendor_id' as vendor_id`),
  );
  if (search.stream) q.where('stream_id', search.stream);
  if (search.user) q.whereRaw(`metadata->>'user_id' = ?`, [search.user]);
  if (search.type) q.where('type', search.type);
  if (search.from) q.where('recorded_at', '>=', search.from);
  // A time names its whole millisecond: the store keeps microseconds, so an event recorded at 10:00:00.123456 is "at 10:00:00.123".
  if (search.to) q.where('recorded_at', '<', new Date(search.to.getTime() + 1));
  const rows = await q
    .orderBy('position', 'desc')
    .offset((page.page - 1) * page.limit)
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit).map((r) => ({
      event_id: r.event_id,
      stream: r.stream_id,
      version: r.version,
      type: r.type,
      user_id: r.user_id ?? null,
      vendor_id: r.vendor_id == null ? null : Number(r.vendor_id),
      recorded_at: (r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at)).toISOString(),
      position: String(r.position),
    })),
    more: rows.length > page.limit,
    page: page.page,
    limit: page.limit,
  };
}

/** The user ids whose name, user name or e-mail matches (the time line's "by user" takes a name as well as an id). */
export async function usersNamed(knex: Knex, text: string): Promise<{ id: number; name: string }[]> {
  const rows = await knex('user_list')
    .where((w) =>
      w
        .whereILike('username', text)
        .orWhereILike('email', text)
        .orWhereRaw(`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike ?`, [text]),
    )
    .limit(5)
    .select('id', 'username');
  return rows.map((r) => ({ id: r.id, name: r.username }));
}
