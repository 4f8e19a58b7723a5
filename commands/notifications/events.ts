import { deterministicId } from '../../src/core/ids.ts';

/**
 * Admin notifications (SPEC.md part 4.1 /notifications, part 6 item 4): conditions an operator
 * has to act on (an import that failed, a payment that failed, an order item left unmatched for a
 * day…), raised once per condition and read by each admin on their own. This file is the area's
 * public contract; docs/notifications.md lists every kind with its condition and once-rule.
 *
 * A notification's stream is `notification-<id>`, its id a name-based UUID of its key
 * (notificationIdOf): the same condition met twice, by a re-run or by a second instance, lands on
 * the same stream and appends nothing new. Each admin's read state is the stream
 * `notification_inbox-<admin user id>`.
 */
export type NotificationSeverity = 'info' | 'warning' | 'error';
export const NOTIFICATION_SEVERITIES: readonly NotificationSeverity[] = ['info', 'warning', 'error'];

/** What an admin sees of a notification; `key` names the condition, once (docs/notifications.md). */
export interface NotificationContent {
  key: string;
  kind: string;
  severity: NotificationSeverity;
  title: string;
  body: string;
  /** Where the admin acts on it: an admin API path or page, or null. */
  link: string | null;
  /** The vendor concerned, when one is. */
  vendor_id: number | null;
  /** Facts of the condition a client may show (ids, counts), as raised. */
  data: Record<string, unknown>;
}

/** A condition an operator must act on was met; every admin sees it, unread. */
export type AdminNotificationRaised = {
  type: 'AdminNotificationRaised';
  data: NotificationContent & { notification_id: string; raised_at: string };
};
/** One admin marked one notification read. */
export type AdminNotificationRead = {
  type: 'AdminNotificationRead';
  data: { notification_id: string; admin_id: number; at: string };
};
/**
 * One admin marked every notification read that they could see: those up to the feed position
 * `up_to` of the newest one. A notification raised later is unread again.
 */
export type AdminNotificationsAllRead = {
  type: 'AdminNotificationsAllRead';
  data: { admin_id: number; up_to: { a: string; b: string }; at: string };
};

export type NotificationEvent = AdminNotificationRaised;
export type NotificationInboxEvent = AdminNotificationRead | AdminNotificationsAllRead;

export const NOTIFICATION_EVENT_TYPES = [
  'AdminNotificationRaised',
  'AdminNotificationRead',
  'AdminNotificationsAllRead',
] as const satisfies readonly (NotificationEvent | NotificationInboxEvent)['type'][];

/** The notification id of a key: the same key, the same id and stream, everywhere and always. */
export const notificationIdOf = (key: string): string => deterministicId('admin-notification', key);
