import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields } from '../../src/core/changedFields.ts';
import { UserNotFoundException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { UserCommand } from './commands.ts';
import type { UserEvent, UserProfile } from './events.ts';
import { evolveUser, initialUserState, USER_TRANSITIONS, type UserAction, type UserState } from './user.ts';

export type { UserCommand } from './commands.ts';
export type { UserState } from './user.ts';

function check(state: UserState, action: UserAction): void {
  if (state.status === 'none' && action !== 'create') throw new UserNotFoundException('User not found');
  if (state.status === 'deleted') throw new UserNotFoundException('User not found (deleted)');
  checkTransition('User', USER_TRANSITIONS, action, state.status);
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      check(state, 'create');
      const { at, ...data } = command.data;
      return [{ type: 'UserCreated', data: { ...data, created_at: at } }];
    }
    case 'ChangeUserProfile': {
      check(state, 'change_profile');
      if (state.status !== 'active' && state.status !== 'inactive') return [];
      const changes = changedFields<UserProfile>(state, command.data.changes);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'UserProfileChanged', data: { user_id: state.id, changes, at: command.data.at } }];
    }
    case 'ChangeUserRole':
      check(state, 'change_role');
      if (state.status !== 'active' && state.status !== 'inactive') return [];
      return state.role === command.data.role
        ? []
        : [{ type: 'UserRoleChanged', data: { user_id: state.id, role: command.data.role, at: command.data.at } }];
    case 'SetUserActive': {
      // Setting the status it already has is an idempotent no-op, not a refused move.
      if (state.status === 'active' && command.data.active) return [];
      if (state.status === 'inactive' && !command.data.active) return [];
      check(state, command.data.active ? 'activate' : 'deactivate');
      const id = (state as { id: number }).id;
      return [
        command.data.active
          ? { type: 'UserActivated', data: { user_id: id, at: command.data.at } }
          : { type: 'UserDeactivated', data: { user_id: id, at: command.data.at } },
      ];
    }
    case 'ChangeUserPassword':
      check(state, 'change_password');
      return [{ type: 'UserPasswordChanged', data: { user_id: (state as { id: number }).id, ...command.data } }];
    case 'DeleteUser':
      check(state, 'delete');
      return [{ type: 'UserDeleted', data: { user_id: (state as { id: number }).id, at: command.data.at } }];
    default:
      return assertNever(command);
  }
}

export const user: Decider<UserState, UserCommand, UserEvent> = {
  aggregate: 'user',
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
