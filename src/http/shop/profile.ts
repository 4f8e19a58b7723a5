import type Router from '@koa/router';
import { changePassword, changeProfile, type CustomerDeps } from '../../../commands/customers/handlers.ts';
import { loadCustomer } from '../../../commands/customers/customerDecider.ts';
import { getCustomer } from '../../../queries/customers/getCustomer.ts';
import { ValidationException } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import { verifyPassword } from '../../core/passwords.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { customerCommandContext, type CustomerCaller, customerCaller } from '../customerAuth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { Message } from '../responses.ts';
import { CustomerPasswordChange, CustomerProfile, ProfileUpdate } from '../schemas/customers.ts';

/** The customer as the shop shows it to its owner (no statistics, no addresses: those have their routes). */
export function customerProfile(c: Awaited<ReturnType<typeof getCustomer>>) {
  return {
    id: c.id,
    vendor_id: c.vendor_id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    preferred_language: c.preferred_language,
    preferences: c.preferences,
    created_at: c.created_at,
  };
}

/** The signed-in customer's profile, preferences and password (SPEC.md 4.3). */
export function shopProfileRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const deps = (): CustomerDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const callerOf = customerCaller;
  const profile = async (caller: CustomerCaller) => customerProfile(await getCustomer(services.db.knex, caller.id, caller.vendorId));

  api.get('/profile', { summary: 'The signed-in customer', caller: 'customer', responses: { 200: CustomerProfile } }, async (ctx) => {
    ctx.body = await profile(callerOf(ctx));
  });

  api.put(
    '/profile',
    {
      summary: "Change names, preferred language (null: the shop's) and preferences (replaced as a whole)",
      caller: 'customer',
      body: ProfileUpdate,
      responses: { 200: CustomerProfile },
    },
    async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const changes = {
        ...body,
        ...(typeof body.first_name === 'string' ? { first_name: body.first_name.trim() } : {}),
        ...(typeof body.last_name === 'string' ? { last_name: body.last_name.trim() } : {}),
      };
      await services.settle(await changeProfile(deps(), caller.id, changes, customerCommandContext(ctx)));
      ctx.body = await profile(caller);
    },
  );

  // The caller's own session stays signed in with the same token; every other session ends.
  api.put(
    '/profile/password',
    {
      summary:
        'Change the password (CustomerPasswordChange; the current password is required). Every other session ends; this token stays valid',
      caller: 'customer',
      body: CustomerPasswordChange,
      responses: { 200: Message },
    },
    async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const account = await loadCustomer(services.store, caller.id);
      // A 422, not a 401: the request's credentials are fine, and a 401 sends the shop's pages to the login (SPEC.md part 5 rule 3).
      if (!(await verifyPassword(account.password_hash, body.current_password))) {
        throw new ValidationException('The current password is not correct', [
          { pointer: '/body/current_password', message: 'is not the current password' },
        ]);
      }
      if (body.new_password === body.current_password) {
        throw new ValidationException('The new password must differ from the current one', [
          { pointer: '/body/new_password', message: 'must differ from current_password' },
        ]);
      }
      await services.settle(await changePassword(deps(), caller.id, body.new_password, caller.sessionId, customerCommandContext(ctx)));
      ctx.body = { message: t(requestLanguage(ctx), 'auth.password_changed') };
    },
  );

  return api.router;
}
