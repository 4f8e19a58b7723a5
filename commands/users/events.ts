/**
 * Platform users (SPEC.md part 2 "User"). Admins now; vendor team members arrive with tenancy.
 * The password hash is part of the events so the aggregate can be rebuilt; every history view
 * redacts it (src/core/redact.ts).
 */
export type Role = 'admin' | 'vendor';
export type Language = 'en' | 'fr' | 'de' | 'lb';

export interface UserProfile {
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  preferred_language: Language;
}

/** A user account was opened. */
export type UserCreated = {
  type: 'UserCreated';
  data: UserProfile & { user_id: number; role: Role; password_hash: string; must_change_password: boolean; created_at: string };
};
/** Profile fields of a user changed (only the changed ones are listed). */
export type UserProfileChanged = { type: 'UserProfileChanged'; data: { user_id: number; changes: Partial<UserProfile>; at: string } };
/** An admin changed a user's role. */
export type UserRoleChanged = { type: 'UserRoleChanged'; data: { user_id: number; role: Role; at: string } };
/** The user may sign in again. */
export type UserActivated = { type: 'UserActivated'; data: { user_id: number; at: string } };
/** The user may no longer sign in; existing tokens stop working. */
export type UserDeactivated = { type: 'UserDeactivated'; data: { user_id: number; at: string } };
/** The user's password was replaced (by the user, or reset by an admin when must_change_password). */
export type UserPasswordChanged = {
  type: 'UserPasswordChanged';
  data: { user_id: number; password_hash: string; must_change_password: boolean; at: string };
};
/** The account was closed; its e-mail and username are free again. */
export type UserDeleted = { type: 'UserDeleted'; data: { user_id: number; at: string } };

export type UserEvent =
  UserCreated | UserProfileChanged | UserRoleChanged | UserActivated | UserDeactivated | UserPasswordChanged | UserDeleted;

export const USER_EVENT_TYPES = [
  'UserCreated',
  'UserProfileChanged',
  'UserRoleChanged',
  'UserActivated',
  'UserDeactivated',
  'UserPasswordChanged',
  'UserDeleted',
] as const satisfies readonly UserEvent['type'][];
