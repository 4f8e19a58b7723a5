import { assertNever, type Decider } from '../../src/core/decider.ts';
import { comparePositions, START, type Position } from '../../src/eventstore/port.ts';
import type { NotificationInboxCommand } from './commands.ts';
import type { NotificationInboxEvent } from './events.ts';

/**
 * One admin's read state (stream `notification_inbox-<admin user id>`): everything up to a feed
 * position is read (the last "mark all read"), and the ids read one by one since. Marking a read
 * notification read again decides nothing, so a repeated request appends nothing.
 */
export interface InboxState {
  all_read_up_to: Position;
  read: string[];
}

export function decideInbox(command: NotificationInboxCommand, state: InboxState): NotificationInboxEvent[] {
  switch (command.type) {
    case 'MarkNotificationRead':
      if (state.read.includes(command.data.notification_id)) return [];
      return [{ type: 'AdminNotificationRead', data: command.data }];
    case 'MarkAllNotificationsRead':
      if (comparePositions(command.data.up_to, state.all_read_up_to) <= 0 && state.read.length === 0) return [];
      return [{ type: 'AdminNotificationsAllRead', data: command.data }];
    default:
      return assertNever(command);
  }
}

export function evolveInbox(state: InboxState, event: NotificationInboxEvent): InboxState {
  switch (event.type) {
    case 'AdminNotificationRead':
      return { ...state, read: [...state.read, event.data.notification_id] };
    // Ids read one by one are all older than the mark or unknown to it; a later one is read again by id.
    case 'AdminNotificationsAllRead':
      return { all_read_up_to: event.data.up_to, read: [] };
  }
  return state;
}

export const notificationInbox: Decider<InboxState, NotificationInboxCommand, NotificationInboxEvent> = {
  aggregate: 'notification_inbox',
  initialState: () => ({ all_read_up_to: START, read: [] }),
  evolve: evolveInbox,
  decide: decideInbox,
};
