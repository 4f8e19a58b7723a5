import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { user } from '../../../commands/users/index.ts';
import { changeUserPassword } from '../../../commands/users/handlers.ts';
import { findUserIdByLogin } from '../../../queries/users/getUser.ts';
import { AuthenticationException, AuthorizationException, InvalidCredentialsException } from '../../core/errors.ts';
import { dummyHash, verifyPassword } from '../../core/passwords.ts';
import { load } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext, requireAdmin } from '../auth.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../loginThrottle.ts';
import { input } from '../validation.ts';

/** UserLogin (SPEC.md part 5 rule 1): admins sign in with email_or_username. */
export const UserLogin = Type.Object({
  email_or_username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { additionalProperties: false });

const PasswordChange = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: Type.String({ minLength: 10, maxLength: 1024 }),
}, { additionalProperties: false });

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

export function adminAuthRoutes(services: Services): Router {
  const router = new Router();

  router.post('/auth/login', async (ctx) => {
    const { body } = input(ctx, { body: UserLogin });
    const account = await authenticate(services, body.email_or_username, body.password, ctx.ip);
    if (account.role !== 'admin') throw new AuthorizationException('This account is not a platform administrator');
    ctx.body = {
      ...services.tokens.sign({ sub: String(account.id), type: 'admin', username: account.username }),
      must_change_password: account.must_change_password,
    };
  });

  router.get('/auth/me', requireAdmin(services), async (ctx) => {
    const row = await services.db.knex('user_list').where('id', ctx.state.admin.id).first();
    ctx.body = { id: row.id, email: row.email, username: row.username, role: row.role, preferred_language: row.preferred_language };
  });

  router.put('/auth/password', requireAdmin(services), async (ctx) => {
    const { body } = input(ctx, { body: PasswordChange });
    const { state } = await load(services.store, user, ctx.state.admin.id);
    if ((state.status !== 'active') || !(await verifyPassword(state.password_hash, body.current_password))) {
      throw new InvalidCredentialsException('The current password is not correct');
    }
    const done = await changeUserPassword({ store: services.store, db: services.db.knex }, state.id, body.new_password, false,
      commandContext(ctx, ctx.state.admin.id));
    await services.settle(done);
    ctx.body = { message: 'Password changed' };
  });

  return router;
}
