import { Type } from '@sinclair/typebox';
import { AdminNotificationRow } from '../../../projections/notifications/adminNotifications.ts';
import { rowFields } from '../responses.ts';

export const NotificationSeverity = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')], {
  $id: 'NotificationSeverity',
});
export const NotificationKind = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z][a-z0-9_]*$',
  description: 'docs/notifications.md lists the kinds',
});

/** The fields a notification shows as its table holds them. */
const notificationColumns = rowFields(AdminNotificationRow, ['kind', 'title', 'body', 'link', 'vendor_id', 'data', 'created_at']);

export const Notification = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: "Derived from the condition's key: one notification per condition" }),
    ...notificationColumns,
    severity: NotificationSeverity,
    is_read: Type.Boolean({ description: 'Read by the calling admin (each admin has their own read state)' }),
  },
  { $id: 'Notification' },
);

export const UnreadCount = Type.Object(
  { unread: Type.Integer({ minimum: 0, description: 'Notifications the calling admin has not read' }) },
  { $id: 'NotificationUnreadCount' },
);
