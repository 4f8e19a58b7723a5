import type { Knex } from 'knex';
import { NotificationNotFoundException } from '../../commands/notifications/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { Position } from '../../src/eventstore/port.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import type { AdminNotificationRow } from '../../projections/notifications/adminNotifications.ts';

export type NotificationView = Pick<
  JsonRow<AdminNotificationRow>,
  'id' | 'kind' | 'severity' | 'title' | 'body' | 'link' | 'vendor_id' | 'data' | 'created_at'
> & { is_read: boolean };

/** A notification with the calling admin's read state. */
type NotificationRead = AdminNotificationRow & { is_read: boolean };

export interface NotificationFilter {
  unread?: boolean;
  kind?: string;
  severity?: string;
  /** Only the notifications about this vendor. */
  vendor_id?: number;
  /** Raised at or after this time (ISO). */
  from?: string;
  /** Raised before this time (ISO). */
  to?: string;
}

/** Read by the admin: read one by one (r), or at or before their "all read" mark (m). */
const IS_READ = '(r.admin_id IS NOT NULL OR coalesce((n.position_a, n.position_b) <= (m.up_to_a, m.up_to_b), false))';

/**
 * The notifications with one admin's read state: read when it lies at or before the admin's
 * "all read" mark or was read one by one (projections/notifications/adminNotifications.ts).
 */
function withReadState(knex: Knex, adminId: number) {
  return knex('admin_notifications as n')
    .leftJoin('admin_notification_read_marks as m', 'm.admin_id', knex.raw('?', [adminId]))
    .leftJoin('admin_notification_reads as r', (j) => j.on('r.notification_id', 'n.id').andOn('r.admin_id', knex.raw('?', [adminId])))
    .select('n.*', knex.raw(`${IS_READ} AS is_read`));
}

function view(r: NotificationRead): NotificationView {
  return {
    id: r.id,
    kind: r.kind,
    severity: r.severity,
    title: r.title,
    body: r.body,
    link: r.link,
    vendor_id: r.vendor_id,
    data: r.data,
    created_at: r.created_at.toISOString(),
    is_read: r.is_read,
  };
}

/** Every admin sees every notification, newest first (feed order), with their own read state. */
export function listNotifications(
  knex: Knex,
  adminId: number,
  filter: NotificationFilter,
  page: PageRequest,
): Promise<Page<NotificationView>> {
  const base = withReadState(knex, adminId);
  if (filter.unread !== undefined) base.whereRaw(`${IS_READ} = ?`, [!filter.unread]);
  if (filter.kind) base.where('n.kind', filter.kind);
  if (filter.severity) base.where('n.severity', filter.severity);
  if (filter.vendor_id !== undefined) base.where('n.vendor_id', filter.vendor_id);
  if (filter.from) base.where('n.created_at', '>=', filter.from);
  if (filter.to) base.where('n.created_at', '<', filter.to);
  return paginate(
    base,
    page,
    (q) =>
      q.orderBy([
        { column: 'n.position_a', order: 'desc' },
        { column: 'n.position_b', order: 'desc' },
      ]),
    view,
  );
}

export async function getNotification(knex: Knex, adminId: number, id: string): Promise<NotificationView> {
  const row = await withReadState(knex, adminId).where('n.id', id).first<NotificationRead | undefined>();
  if (!row) throw new NotificationNotFoundException(`Notification ${id} not found`);
  return view(row);
}

/** How many notifications this admin has not read: exact, counted on the read model. */
export async function countUnreadNotifications(knex: Knex, adminId: number): Promise<number> {
  const [{ count }] = await withReadState(knex, adminId).whereRaw(`NOT ${IS_READ}`).clearSelect().count({ count: '*' });
  return Number(count);
}

/** The feed position of the newest notification, what "mark all read" reads up to; null when there is none. */
export async function newestNotificationPosition(knex: Knex): Promise<Position | null> {
  const row = await knex<AdminNotificationRow>('admin_notifications')
    .orderBy([
      { column: 'position_a', order: 'desc' },
      { column: 'position_b', order: 'desc' },
    ])
    .first('position_a', 'position_b');
  return row ? { a: row.position_a, b: row.position_b } : null;
}
