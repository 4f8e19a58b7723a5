import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { NotificationCommand } from './commands.ts';
import type { NotificationEvent } from './events.ts';

export type NotificationState = { status: 'none' } | { status: 'raised'; notification_id: string; key: string };

/**
 * One notification, raised once: its stream id derives from its key (events.ts notificationIdOf),
 * so raising a key that was raised before decides nothing. There is no other transition: being
 * read is each admin's own fact (notificationInbox.ts), not the notification's.
 */
export function decideNotification(command: NotificationCommand, state: NotificationState): NotificationEvent[] {
  switch (command.type) {
    case 'RaiseNotification': {
      if (state.status === 'raised') return [];
      const { at, ...content } = command.data;
      return [{ type: 'AdminNotificationRaised', data: { ...content, raised_at: at } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  if (event.type === 'AdminNotificationRaised')
    return { status: 'raised', notification_id: event.data.notification_id, key: event.data.key };
  return state;
}

export const notification: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  aggregate: 'notification',
  initialState: () => ({ status: 'none' }),
  evolve: evolveNotification,
  decide: decideNotification,
};
