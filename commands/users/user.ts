import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { Role, UserEvent, UserProfile } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields } from '../../src/core/changedFields.ts';
import { UserNotFoundException } from './errors.ts';
import type { UserCommand } from './commands.ts';

export type { UserCommand } from './commands.ts';

export type UserState =
  | { status: 'none' }
  | ({ status: 'active' | 'inactive'; id: number; role: Role; password_hash: string; must_change_password: boolean } & UserProfile)
  | { status: 'deleted'; id: number };

export type UserStatus = UserState['status'];
export type UserAction = 'create' | 'change_profile' | 'change_role' | 'activate' | 'deactivate' | 'change_password' | 'delete';

/** The user lifecycle as data; checked by checkTransition in every decision. */
export const USER_TRANSITIONS: TransitionTable<UserStatus, UserAction> = {
  create: { from: ['none'], to: 'active' },
  change_profile: { from: ['active', 'inactive'], to: 'computed' },
  change_role: { from: ['active', 'inactive'], to: 'computed' },
  activate: { from: ['inactive'], to: 'active' },
  deactivate: { from: ['active'], to: 'inactive' },
  change_password: { from: ['active', 'inactive'], to: 'computed' },
  delete: { from: ['active', 'inactive'], to: 'deleted' },
};

export const initialUserState = (): UserState => ({ status: 'none' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated': {
      const { user_id, role, password_hash, must_change_password, email, username, first_name, last_name, preferred_language } = event.data;
      return {
        status: 'active',
        id: user_id,
        role,
        password_hash,
        must_change_password,
        email,
        username,
        first_name,
        last_name,
        preferred_language,
      };
    }
    case 'UserDeleted':
      return { status: 'deleted', id: event.data.user_id };
  }
  if (state.status !== 'active' && state.status !== 'inactive') return state;
  switch (event.type) {
    case 'UserProfileChanged':
      return { ...state, ...event.data.changes };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserActivated':
      return { ...state, status: 'active' };
    case 'UserDeactivated':
      return { ...state, status: 'inactive' };
    case 'UserPasswordChanged':
      return { ...state, password_hash: event.data.password_hash, must_change_password: event.data.must_change_password };
  }
}

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
