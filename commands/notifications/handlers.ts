import type { EventStore, Position } from '../../src/eventstore/port.ts';
import { handleCommand, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { notificationIdOf, type NotificationSeverity } from './events.ts';
import { notificationInbox } from './notificationInbox.ts';
import { notification } from './notification.ts';

export interface NewNotification {
  /** Names the condition: a key raised before raises nothing (docs/notifications.md lists the keys). */
  key: string;
  kind: string;
  severity: NotificationSeverity;
  title: string;
  body: string;
  link?: string | null;
  vendor_id?: number | null;
  data?: object;
  /** When the condition was met; default now. */
  at: string;
}

/**
 * Raises an admin notification exactly once per `key`: the stream id derives from the key, so a
 * re-run, a retried request or a second instance appends nothing new. Outside a transaction, a
 * concurrent raiser of the same key that won the append is the same notification: not an error.
 */
export async function raiseNotification(store: EventStore, input: NewNotification, ctx: CommandContext): Promise<Handled<unknown, any>> {
  const id = notificationIdOf(input.key);
  const command = {
    type: 'RaiseNotification' as const,
    data: {
      notification_id: id,
      key: input.key,
      kind: input.kind,
      severity: input.severity,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      vendor_id: input.vendor_id ?? null,
      data: { ...(input.data ?? {}) } as Record<string, unknown>,
      at: input.at,
    },
  };
  const c = { ...ctx, vendorId: ctx.vendorId ?? input.vendor_id ?? null };
  return retryOnConflict(() => handleCommand(store, notification, id, command, c), { tx: ctx.tx });
}

/** One admin read one notification (the route checked it exists). */
export async function markNotificationRead(store: EventStore, adminId: number, notificationId: string, at: string, ctx: CommandContext) {
  return handleCommand(
    store,
    notificationInbox,
    adminId,
    {
      type: 'MarkNotificationRead',
      data: { notification_id: notificationId, admin_id: adminId, at },
    },
    ctx,
  );
}

/** One admin read every notification up to `upTo`, the feed position of the newest one they could see. */
export async function markAllNotificationsRead(store: EventStore, adminId: number, upTo: Position, at: string, ctx: CommandContext) {
  return handleCommand(
    store,
    notificationInbox,
    adminId,
    {
      type: 'MarkAllNotificationsRead',
      data: { admin_id: adminId, up_to: { a: upTo.a, b: upTo.b }, at },
    },
    ctx,
  );
}
