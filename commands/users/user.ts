import type { TransitionTable } from '../../src/core/transitions.ts';
import type { Role, UserEvent, UserProfile } from './events.ts';

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
