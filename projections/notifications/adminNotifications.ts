import type { Knex } from 'knex';
import {
  NOTIFICATION_EVENT_TYPES,
  type AdminNotificationRaised,
  type NotificationInboxEvent,
} from '../../commands/notifications/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * admin_notifications, with each admin's read state: admin_notification_read_marks (all read up to
 * a feed position) and admin_notification_reads (read one by one). A notification is unread for an
 * admin when it lies past their mark and is not among their reads (queries/notifications).
 * One multi-row statement per table and batch.
 */
export const adminNotifications: Projection = {
  kind: 'projection',
  name: 'admin_notifications',
  eventTypes: NOTIFICATION_EVENT_TYPES,
  tables: ['admin_notifications', 'admin_notification_reads', 'admin_notification_read_marks'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const raised: Record<string, unknown>[] = [];
    const reads = new Map<string, Record<string, unknown>>();
    const marks = new Map<number, Record<string, unknown>>();
    for (const e of events) {
      if (e.type === 'AdminNotificationRaised') {
        const d = domainEvent<AdminNotificationRaised>(e).data;
        raised.push({
          id: d.notification_id,
          key: d.key,
          kind: d.kind,
          severity: d.severity,
          title: d.title,
          body: d.body,
          link: d.link,
          vendor_id: d.vendor_id,
          data: JSON.stringify(d.data ?? {}),
          position_a: e.position.a,
          position_b: e.position.b,
          created_at: d.raised_at,
        });
        continue;
      }
      const r = domainEvent<NotificationInboxEvent>(e);
      if (r.type === 'AdminNotificationRead') {
        const key = `${r.data.admin_id}:${r.data.notification_id}`;
        if (!reads.has(key)) reads.set(key, { notification_id: r.data.notification_id, admin_id: r.data.admin_id, read_at: r.data.at });
      } else if (r.type === 'AdminNotificationsAllRead') {
        marks.set(r.data.admin_id, { admin_id: r.data.admin_id, up_to_a: r.data.up_to.a, up_to_b: r.data.up_to.b, read_at: r.data.at });
      }
    }
    if (raised.length > 0) await trx('admin_notifications').insert(raised).onConflict('id').ignore();
    if (reads.size > 0)
      await trx('admin_notification_reads')
        .insert([...reads.values()])
        .onConflict(['admin_id', 'notification_id'])
        .ignore();
    if (marks.size > 0)
      await trx('admin_notification_read_marks')
        .insert([...marks.values()])
        .onConflict('admin_id')
        .merge();
  },
};
