import { Type } from '@sinclair/typebox';

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
