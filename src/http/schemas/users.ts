import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';
import { Language } from '../validation.ts';

/** A platform user as the admin user list and detail show it (UserListItem of queries/users). */
export const UserItem = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    username: Type.String(),
    role: Type.Union([Type.Literal('admin'), Type.Literal('vendor')]),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    full_name: Nullable(Type.String()),
    preferred_language: Language,
    is_active: Type.Boolean(),
    must_change_password: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'UserItem' },
);

/** UserDetailResponse: the user and the counts of what they own or belong to. */
export const UserDetail = Type.Composite(
  [
    UserItem,
    Type.Object({
      counts: Type.Record(Type.String(), Type.Integer(), {
        description: 'Related records per kind (companies owned, vendor memberships…)',
      }),
    }),
  ],
  { $id: 'UserDetailResponse' },
);

/** The answer of a sign-in: a bearer token (SPEC.md part 5). */
export const TokenResponse = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer({ description: 'Seconds' }),
    must_change_password: Type.Boolean(),
  },
  { $id: 'TokenResponse' },
);
