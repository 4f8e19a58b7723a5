import { user } from '../../../commands/users/user.ts';
import type { UserEvent } from '../../../commands/users/events.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { UserNotFoundException } from '../../../commands/users/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const created: UserEvent = {
  type: 'UserCreated',
  data: {
    user_id: 7,
    role: 'admin',
    password_hash: 'h',
    must_change_password: false,
    email: 'a@b.test',
    username: 'ann',
    first_name: null,
    last_name: null,
    preferred_language: 'en',
    created_at: at,
  },
};

describe('user aggregate', () => {
  context('creating', () => {
    it('opens an active account', () => {
      const { user_id, role, password_hash, must_change_password, email, username, first_name, last_name, preferred_language } =
        created.data as any;
      given(user, [])
        .when({
          type: 'CreateUser',
          data: { user_id, role, password_hash, must_change_password, email, username, first_name, last_name, preferred_language, at },
        })
        .then([created]);
    });
    it('refuses to create the same user twice', () => {
      given(user, [created])
        .when({ type: 'CreateUser', data: { ...(created.data as any), at } })
        .thenThrows(InvalidTransitionException, /active/);
    });
  });

  context('status', () => {
    it('deactivates an active user', () => {
      given(user, [created])
        .when({ type: 'SetUserActive', data: { active: false, at } })
        .then([{ type: 'UserDeactivated', data: { user_id: 7, at } }]);
    });
    it('treats setting the status a user already has as a no-op', () => {
      given(user, [created])
        .when({ type: 'SetUserActive', data: { active: true, at } })
        .then([]);
    });
  });

  context('profile', () => {
    it('records only the fields that change', () => {
      given(user, [created])
        .when({ type: 'ChangeUserProfile', data: { changes: { email: 'a@b.test', first_name: 'Ann' }, at } })
        .then([{ type: 'UserProfileChanged', data: { user_id: 7, changes: { first_name: 'Ann' }, at } }]);
    });
  });

  context('after deletion', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { user_id: 7, at } };
    it('refuses every further command as not found', () => {
      given(user, [created, deleted])
        .when({ type: 'SetUserActive', data: { active: false, at } })
        .thenThrows(UserNotFoundException);
      given(user, [created, deleted]).when({ type: 'DeleteUser', data: { at } }).thenThrows(UserNotFoundException);
    });
  });

  it('refuses any command on a user that never existed', () => {
    given(user, []).when({ type: 'DeleteUser', data: { at } }).thenThrows(UserNotFoundException);
  });
});
