import { expect } from 'chai';
import pino from 'pino';
import { adminNotifications } from '../../../projections/notifications/adminNotifications.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { newAdmin, notificationAppears } from '../../support/notifications.ts';
import { createCompany } from '../../support/tenancy.ts';

/**
 * ARCHITECTURE.md "Rebuild": a rebuilt projection equals the live one. Notification ids derive
 * from their keys and the list's order and the "all read" marks from feed positions, so a replay
 * gives the same rows, and every admin the same read state and unread count.
 */
describe('admin_notifications rebuilt from the feed equals the live one', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('notifications, marks and reads', async () => {
    const admin = await newAdmin(app);
    const first = await createCompany(app);
    await notificationAppears(app, admin.token, 'company_created', (n) => n.data.company_id === first.id);
    await app.call('POST', '/api/v1/admin/notifications/read-all', { token: admin.token });
    const second = await createCompany(app);
    const n = await notificationAppears(app, admin.token, 'company_created', (x) => x.data.company_id === second.id);
    await app.call('POST', `/api/v1/admin/notifications/${n.id}/read`, { token: admin.token });
    await createCompany(app);

    const knex = app.services.db.knex;
    await app.services.runner.waitFor(
      await app.services.store.head(),
      ['AdminNotificationRaised', 'AdminNotificationRead', 'AdminNotificationsAllRead'],
      5000,
    );
    const tables: Record<string, string> = {
      admin_notifications: 'id',
      admin_notification_reads: 'admin_id, notification_id',
      admin_notification_read_marks: 'admin_id',
    };
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(
            async ([t, order]) => [t, await knex.raw(`SELECT * FROM ${t} ORDER BY ${order}`).then((r: any) => r.rows)] as const,
          ),
        ),
      );
    const unread = async () => (await app.call('GET', '/api/v1/admin/notifications/unread-count', { token: admin.token })).body.unread;
    const live = await snapshot();
    const liveUnread = await unread();
    expect(live.admin_notification_read_marks.length).to.be.greaterThan(0);
    expect(live.admin_notification_reads.length).to.be.greaterThan(0);

    await rebuildProjection(knex, app.services.store, adminNotifications, pino({ level: 'silent' }));
    const rebuilt = await snapshot();
    for (const t of Object.keys(tables)) expect(rebuilt[t], t).to.deep.equal(live[t]);
    expect(await unread()).to.equal(liveUnread);
  });
});
