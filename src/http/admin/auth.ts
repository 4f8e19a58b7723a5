import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { changeUserPassword, findUserIdByLogin, user } from '../../modules/users.ts';
import { AuthenticationException, AuthorizationException, TooManyAttemptsException } from '../../core/errors.ts';
import { InvalidCredentialsException } from '../../../commands/users/errors.ts';
import { dummyHash, verifyPassword } from '../../core/passwords.ts';
import { load } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../loginThrottle.ts';
import { Message } from '../responses.ts';
import { TokenResponse } from '../schemas/users.ts';
import { Language } from '../validation.ts';

/** UserLogin (SPEC.md part 5 rule 1): admins sign in with email_or_username. */
export const UserLogin = Type.Object(
  {
    email_or_username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { $id: 'UserLogin', additionalProperties: false },
);

const PasswordChange = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: Type.String({ minLength: 10, maxLength: 1024 }),
  },
  { $id: 'AdminPasswordChange', additionalProperties: false },
);

/**
 * Verifies a platform user's credentials with the rate limit; returns the aggregate state.
 * Shared by the admin and vendor logins. The same 401 for an unknown account and a wrong
 * password, and an argon2 verification in both cases, so neither answer nor timing tells.
 */
export async function authenticate(services: Services, login: string, password: string, address: string) {
  const keys = { account: login.trim().toLowerCase(), address };
  const db = services.db.knex;
  await assertLoginAllowed(db, keys);
  const id = await findUserIdByLogin(db, login);
  const state = id === null ? null : (await load(services.store, user, id)).state;
  const live = state && (state.status === 'active' || state.status === 'inactive') ? state : null;
  const ok = await verifyPassword(live ? live.password_hash : await dummyHash(), password);
  if (!live || !ok) {
    await recordLoginFailure(db, keys);
    services.logger.info({ event: 'login_failed', login: keys.account, address }, 'sign-in refused');
    throw new InvalidCredentialsException('Invalid credentials');
  }
  if (live.status === 'inactive') throw new AuthenticationException('This account is deactivated');
  await clearLoginFailures(db, keys.account);
  return live;
}

const AdminMe = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    username: Type.String(),
    role: Type.Literal('admin'),
    preferred_language: Language,
  },
  { $id: 'AdminMeResponse' },
);

export function adminAuthRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.post(
    '/auth/login',
    {
      summary: 'Admin sign-in with email_or_username (rate-limited per account and address)',
      caller: 'none',
      body: UserLogin,
      responses: { 200: TokenResponse },
      errors: [InvalidCredentialsException, AuthenticationException, AuthorizationException, TooManyAttemptsException],
    },
    async (ctx, { body }) => {
      const account = await authenticate(services, body.email_or_username, body.password, ctx.ip);
      if (account.role !== 'admin') throw new AuthorizationException('This account is not a platform administrator');
      ctx.body = {
        ...services.tokens.sign({ sub: String(account.id), type: 'admin', username: account.username }),
        must_change_password: account.must_change_password,
      };
    },
  );

  api.get('/auth/me', { summary: 'The signed-in admin', responses: { 200: AdminMe } }, async (ctx) => {
    const row = await services.db.knex('user_list').where('id', adminCaller(ctx).id).first();
    // The guard read the account from memory; the list may have dropped it since (deleted a moment ago).
    if (!row) throw new AuthenticationException('The account no longer exists');
    ctx.body = { id: row.id, email: row.email, username: row.username, role: row.role, preferred_language: row.preferred_language };
  });

  api.put(
    '/auth/password',
    {
      summary: "Change one's own password (the current one is required)",
      body: PasswordChange,
      responses: { 200: Message },
      errors: [InvalidCredentialsException],
    },
    async (ctx, { body }) => {
      const { state } = await load(services.store, user, adminCaller(ctx).id);
      if (state.status !== 'active' || !(await verifyPassword(state.password_hash, body.current_password))) {
        throw new InvalidCredentialsException('The current password is not correct');
      }
      const done = await changeUserPassword(
        { store: services.store, db: services.db.knex, clock: services.clock },
        state.id,
        body.new_password,
        false,
        commandContext(ctx, adminCaller(ctx).id),
      );
      await services.settle(done);
      ctx.body = { message: 'Password changed' };
    },
  );

  return api.router;
}
