import { notificationIdOf, type NotificationContent } from '../../commands/notifications/events.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand, retryOnConflict, type CommandContext } from '../runtime/commandHandler.ts';
import type { ProcessContext } from '../runtime/consumer.ts';

/** A notification as the notifyAdminsOn… process managers raise it; link, vendor and data default to none. */
export type Notice = Omit<NotificationContent, 'link' | 'vendor_id' | 'data'> & {
  link?: string | null;
  vendor_id?: number | null;
  data?: Record<string, unknown>;
};

/**
 * Raises a notification once per key (commands/notifications/handlers.ts raiseNotification, reached
 * through the decider registry because process managers import no command modules). The stream
 * derives from the key, so a re-run of the triggering event, or the same condition seen by another
 * handler or instance, appends nothing new.
 */
export async function raiseNotice(store: EventStore, notice: Notice, at: string, ctx: CommandContext): Promise<void> {
  const id = notificationIdOf(notice.key);
  const command = {
    type: 'RaiseNotification',
    data: { link: null, vendor_id: null, data: {}, ...notice, notification_id: id, at },
  };
  const c = { ...ctx, vendorId: notice.vendor_id ?? ctx.vendorId ?? null };
  // Outside a transaction, a concurrent raiser of the same key won: decided again, it is a no-op.
  await retryOnConflict(() => handleCommand(store, registeredDecider('notification'), id, command, c), { tx: c.tx });
}

/** raiseNotice from a process manager: in its transaction, with ids derived from the triggering event. */
export function notifyAdmins(ctx: ProcessContext, event: RecordedEvent, notice: Notice): Promise<void> {
  return raiseNotice(ctx.store, notice, event.recorded_at, ctx.commandContext(event));
}
