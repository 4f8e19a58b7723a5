import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

export const NotificationSeverity = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')], {
  $id: 'NotificationSeverity',
});
export const NotificationKind = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z][a-z0-9_]*$',
  description: 'docs/notifications.md lists the kinds',
});

export const Notification = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: "Derived from the condition's key: one notification per condition" }),
    kind: Type.String(),
    severity: NotificationSeverity,
    title: Type.String(),
    body: Type.String(),
    link: Nullable(Type.String({ description: 'Where to act on it: an admin API path' })),
    vendor_id: Nullable(Type.Integer()),
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'Facts of the condition (ids, counts)' }),
    created_at: Timestamp,
    is_read: Type.Boolean({ description: 'Read by the calling admin (each admin has their own read state)' }),
  },
  { $id: 'Notification' },
);

export const UnreadCount = Type.Object(
  { unread: Type.Integer({ minimum: 0, description: 'Notifications the calling admin has not read' }) },
  { $id: 'NotificationUnreadCount' },
);
