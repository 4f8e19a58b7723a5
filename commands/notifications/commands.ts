import type { NotificationContent } from './events.ts';

/** Commands of the notification and inbox aggregates. Ids and times are chosen before the decision. */
export type RaiseNotification = { type: 'RaiseNotification'; data: NotificationContent & { notification_id: string; at: string } };
export type MarkNotificationRead = { type: 'MarkNotificationRead'; data: { notification_id: string; admin_id: number; at: string } };
export type MarkAllNotificationsRead = {
  type: 'MarkAllNotificationsRead';
  data: { admin_id: number; up_to: { a: string; b: string }; at: string };
};

export type NotificationCommand = RaiseNotification;
export type NotificationInboxCommand = MarkNotificationRead | MarkAllNotificationsRead;
