import { expect } from 'chai';
import type { NotificationInboxCommand } from '../../../commands/notifications/commands.ts';
import { type AdminNotificationRaised, type NotificationInboxEvent, notificationIdOf } from '../../../commands/notifications/events.ts';
import { notificationInbox } from '../../../commands/notifications/notificationInbox.ts';
import { notification } from '../../../commands/notifications/notification.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-26T10:00:00.000Z';
const content = {
  key: 'vendor_created:7',
  kind: 'vendor_created',
  severity: 'info' as const,
  title: 'New vendor',
  body: 'Vendor 7 was opened.',
  link: '/api/v1/admin/vendors/7',
  vendor_id: 7,
  data: { vendor_id: 7 },
};
const id = notificationIdOf(content.key);
const raised: AdminNotificationRaised = { type: 'AdminNotificationRaised', data: { ...content, notification_id: id, raised_at: at } };

describe('notification', () => {
  it('derives the id from the key: the same key, the same UUID; another key, another one', () => {
    expect(notificationIdOf('vendor_created:7'))
      .to.equal(id)
      .and.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(notificationIdOf('vendor_created:8')).not.to.equal(id);
  });

  it('is raised once', () => {
    given(notification, [])
      .when({ type: 'RaiseNotification', data: { ...content, notification_id: id, at } })
      .then([raised]);
  });

  it('raising the same key again decides nothing', () => {
    given(notification, [raised])
      .when({ type: 'RaiseNotification', data: { ...content, title: 'Other words', notification_id: id, at } })
      .then([]);
  });
});

describe("notification inbox (one admin's read state)", () => {
  const read = (n: string): NotificationInboxEvent => ({ type: 'AdminNotificationRead', data: { notification_id: n, admin_id: 3, at } });
  const markRead = (n: string): NotificationInboxCommand => ({
    type: 'MarkNotificationRead',
    data: { notification_id: n, admin_id: 3, at },
  });
  const allRead = (a: string, b: string): NotificationInboxEvent => ({
    type: 'AdminNotificationsAllRead',
    data: { admin_id: 3, up_to: { a, b }, at },
  });
  const markAll = (a: string, b: string): NotificationInboxCommand => ({
    type: 'MarkAllNotificationsRead',
    data: { admin_id: 3, up_to: { a, b }, at },
  });

  it('records a notification read once; reading it again decides nothing', () => {
    given(notificationInbox, [])
      .when(markRead(id))
      .then([read(id)]);
    given(notificationInbox, [read(id)])
      .when(markRead(id))
      .then([]);
  });

  it('records "all read" up to the newest position; the same mark again decides nothing, a later one is recorded', () => {
    given(notificationInbox, [])
      .when(markAll('10', '5'))
      .then([allRead('10', '5')]);
    given(notificationInbox, [allRead('10', '5')])
      .when(markAll('10', '5'))
      .then([]);
    given(notificationInbox, [allRead('10', '5')])
      .when(markAll('11', '1'))
      .then([allRead('11', '1')]);
  });

  it('after "all read", a notification read one by one is recorded again', () => {
    given(notificationInbox, [read(id), allRead('10', '5')])
      .when(markRead(id))
      .then([read(id)]);
  });
});
