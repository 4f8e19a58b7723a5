import type { Language, Role, UserProfile } from './events.ts';

/** Commands of the user aggregate. Hashes, ids and times are computed before the decision. */
export type CreateUser = {
  type: 'CreateUser';
  data: UserProfile & { user_id: number; role: Role; password_hash: string; must_change_password: boolean; at: string };
};
export type ChangeUserProfile = {
  type: 'ChangeUserProfile';
  data: { changes: Partial<UserProfile> & { preferred_language?: Language }; at: string };
};
export type ChangeUserRole = { type: 'ChangeUserRole'; data: { role: Role; at: string } };
export type SetUserActive = { type: 'SetUserActive'; data: { active: boolean; at: string } };
export type ChangeUserPassword = { type: 'ChangeUserPassword'; data: { password_hash: string; must_change_password: boolean; at: string } };
export type DeleteUser = { type: 'DeleteUser'; data: { at: string } };

export type UserCommand = CreateUser | ChangeUserProfile | ChangeUserRole | SetUserActive | ChangeUserPassword | DeleteUser;
