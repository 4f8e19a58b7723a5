import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { markAllNotificationsRead, markNotificationRead } from '../../../commands/notifications/handlers.ts';
import {
  countUnreadNotifications,
  getNotification,
  listNotifications,
  newestNotificationPosition,
} from '../../../queries/notifications/listNotifications.ts';
import { NotificationNotFoundException } from '../../../commands/notifications/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Page } from '../responses.ts';
import { Notification, NotificationKind, NotificationSeverity, UnreadCount } from '../schemas/notifications.ts';
import { Id, PageQuery } from '../validation.ts';

const ListQuery = Type.Object({
  ...PageQuery,
  unread: Type.Optional(Type.Boolean({ description: 'true: only the ones the calling admin has not read; false: only read ones' })),
  kind: Type.Optional(NotificationKind),
  severity: Type.Optional(NotificationSeverity),
  vendor_id: Type.Optional(Id),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Raised at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Raised before this time' })),
});
const NotificationParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * SPEC.md 4.1 /notifications and part 6 item 4: every admin sees every notification, newest first,
 * and has their own read state; the unread count is exact per admin. docs/notifications.md lists
 * the conditions that raise them.
 */
export function adminNotificationRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/notifications',
    {
      summary: "Notifications, newest first, with the calling admin's read state; filters unread, kind, severity, vendor_id, from, to",
      query: ListQuery,
      responses: { 200: Page(Notification) },
    },
    async (ctx, { query }) => {
      ctx.body = await listNotifications(knex, adminCaller(ctx).id, query, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },
  );

  api.get(
    '/notifications/unread-count',
    {
      summary: 'How many notifications the calling admin has not read',
      responses: { 200: UnreadCount },
    },
    async (ctx) => {
      ctx.body = { unread: await countUnreadNotifications(knex, adminCaller(ctx).id) };
    },
  );

  api.post(
    '/notifications/read-all',
    {
      summary: 'Mark every notification read for the calling admin (one raised afterwards is unread)',
      responses: { 200: UnreadCount },
    },
    async (ctx) => {
      const adminId: number = adminCaller(ctx).id;
      const newest = await newestNotificationPosition(knex);
      if (newest) {
        await services.settle([
          await markAllNotificationsRead(services.store, adminId, newest, services.clock.now().toISOString(), commandContext(ctx, adminId)),
        ]);
      }
      ctx.body = { unread: await countUnreadNotifications(knex, adminId) };
    },
  );

  api.post(
    '/notifications/:id/read',
    {
      summary: 'Mark one notification read for the calling admin (again: no change)',
      params: NotificationParams,
      responses: { 200: Notification },
      errors: [NotificationNotFoundException],
    },
    async (ctx, { params }) => {
      const adminId: number = adminCaller(ctx).id;
      await getNotification(knex, adminId, params.id);
      await services.settle([
        await markNotificationRead(services.store, adminId, params.id, services.clock.now().toISOString(), commandContext(ctx, adminId)),
      ]);
      ctx.body = await getNotification(knex, adminId, params.id);
    },
  );

  return api.router;
}
