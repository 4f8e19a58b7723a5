import type { TableOf } from '../../src/core/readModel.ts';
import type { AdminNotificationReadMarkRow, AdminNotificationReadRow, AdminNotificationRow } from './adminNotifications.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('admin_notifications')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    admin_notification_read_marks: TableOf<AdminNotificationReadMarkRow>;
    admin_notification_reads: TableOf<AdminNotificationReadRow>;
    admin_notifications: TableOf<AdminNotificationRow>;
  }
}
