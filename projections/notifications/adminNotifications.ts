import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import {
  NOTIFICATION_EVENT_TYPES,
  NOTIFICATION_SEVERITIES,
  type AdminNotificationRaised,
  type NotificationInboxEvent,
} from '../../commands/notifications/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const AdminNotificationRow = readModel('admin_notifications', {
  /** A name-based UUID of the key (notificationIdOf): one notification per condition. */
  id: column.text(),
  key: column.text(),
  kind: column.text(),
  severity: column.oneOf(NOTIFICATION_SEVERITIES),
  title: column.text(),
  body: column.text(),
  link: column.nullable(column.text({ description: 'Where to act on it: an admin API path' })),
  vendor_id: column.nullable(column.int()),
  data: column.json(Type.Record(Type.String(), Type.Unknown(), { description: 'Facts of the condition (ids, counts)' })),
  /** The feed position of the raising event: the order of the list and the place of a read mark. */
  position_a: column.exact(),
  position_b: column.exact(),
  created_at: column.time(),
});
export type AdminNotificationRow = RowOf<typeof AdminNotificationRow>;

/** One admin read one notification. */
export const AdminNotificationReadRow = readModel('admin_notification_reads', {
  notification_id: column.text(),
  admin_id: column.int(),
  read_at: column.time(),
});
export type AdminNotificationReadRow = RowOf<typeof AdminNotificationReadRow>;

/** One admin read every notification up to a feed position. */
export const AdminNotificationReadMarkRow = readModel('admin_notification_read_marks', {
  admin_id: column.int(),
  up_to_a: column.exact(),
  up_to_b: column.exact(),
  read_at: column.time(),
});
export type AdminNotificationReadMarkRow = RowOf<typeof AdminNotificationReadMarkRow>;

/**
 * admin_notifications, with each admin's read state: admin_notification_read_marks (all read up to
 * a feed position) and admin_notification_reads (read one by one). A notification is unread for an
 * admin when it lies past their mark and is not among their reads (queries/notifications).
 * One multi-row statement per table and batch.
 *
 * Not a row projection: three tables, two of them keyed by an admin and a notification together
 * (the shared helper keys a row by one column), and read marks that only move forward.
 */
export const adminNotifications: Projection = {
  kind: 'projection',
  name: 'admin_notifications',
  eventTypes: NOTIFICATION_EVENT_TYPES,
  tables: ['admin_notifications', 'admin_notification_reads', 'admin_notification_read_marks'],
  readModels: [AdminNotificationRow, AdminNotificationReadRow, AdminNotificationReadMarkRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    // data goes to its jsonb column as JSON text.
    const raised: (Omit<JsonRow<AdminNotificationRow>, 'data'> & { data: string })[] = [];
    const reads = new Map<string, JsonRow<AdminNotificationReadRow>>();
    const marks = new Map<number, JsonRow<AdminNotificationReadMarkRow>>();
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
