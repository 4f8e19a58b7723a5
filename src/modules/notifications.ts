import { notificationInbox } from '../../commands/notifications/notificationInbox.ts';
import { notification } from '../../commands/notifications/notification.ts';
import { adminNotifications } from '../../projections/notifications/adminNotifications.ts';
import { adminNotificationRoutes } from '../http/admin/notifications.ts';
import { notifyAdminsOnExtmarketOrderOverLimit } from '../processes/notifyAdminsOnExtmarketOrderOverLimit.ts';
import { notifyAdminsOnOverdueOrderItemExceptions } from '../processes/notifyAdminsOnOverdueOrderItemExceptions.ts';
import { adminNotificationsPageRoutes, notificationsBackOffice } from '../pages/notifications/adminNotificationsPage.ts';
import { defineModule } from './module.ts';

/**
 * Admin notifications (SPEC.md 4.1 /notifications, part 6 item 4): conditions an operator must act
 * on, raised once each by the notifyAdminsOn… process managers and the overdue-exception check,
 * listed, counted and marked read per admin. docs/notifications.md lists every kind.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  tag: 'Notifications',
  description:
    'Admin notifications: what an operator must act on (failed imports and syncs, refused pushes, unmatched order items, new tenants, payments, plan limits), each admin with their own read state (docs/notifications.md).',
  core: true,
  features: ['Admin notifications', 'Unread counts per admin'],
  // Only the admins' accounts: the conditions come from other areas' events, and an area switched off raises none.
  // The process managers that raise them on an area's events are that area's consumers (billing, extmarket,
  // marketplace imports, orders, vendors), which depend on this one, never the reverse.
  dependsOn: ['users'],
  routes: { admin: [adminNotificationRoutes] },
  consumers: [adminNotifications, notifyAdminsOnExtmarketOrderOverLimit],
  aggregates: [notification, notificationInbox],
  scheduledTasks: [notifyAdminsOnOverdueOrderItemExceptions],
  pages: [adminNotificationsPageRoutes],
  backOffice: notificationsBackOffice,
});

/** How another area's process managers and tasks raise a notification once per key (the area's public surface for it). */
export { notifyAdmins, raiseNotice, type Notice } from '../processes/notifyAdmins.ts';
