import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { changeUserPassword, user } from '../../modules/users.ts';
import { listAccessibleVendors } from '../../modules/team.ts';
import { AuthenticationException, TooManyAttemptsException, ValidationException, VendorAccessDeniedException } from '../../core/errors.ts';
import { InvalidCredentialsException } from '../../../commands/users/errors.ts';
import { t } from '../../core/i18n.ts';
import { verifyPassword } from '../../core/passwords.ts';
import { load } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { authenticate } from '../admin/auth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { VendorCode } from '../tenancySchemas.ts';
import { Api } from '../api.ts';
import { Nullable } from '../responses.ts';
import { VENDOR_COOKIE, vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/** UserLogin plus the vendor code, needed only when the user belongs to several vendors. */
const VendorLogin = Type.Object(
  {
    email_or_username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    vendor_code: Type.Optional(VendorCode),
  },
  { $id: 'VendorLogin', additionalProperties: false },
);

const PasswordChange = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: Type.String({ minLength: 10, maxLength: 1024 }),
  },
  { $id: 'VendorPasswordChange', additionalProperties: false },
);

const VendorSignIn = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer(),
    must_change_password: Type.Boolean(),
    user: Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String(), role: Type.String() }),
    vendor: Type.Object({ id: Type.Integer(), vendor_code: Type.String(), name: Type.String() }),
  },
  { $id: 'VendorTokenResponse' },
);
const VendorMe = Type.Object(
  {
    user: Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      username: Type.String(),
      first_name: Nullable(Type.String()),
      last_name: Nullable(Type.String()),
      preferred_language: Type.String(),
      must_change_password: Type.Boolean(),
    }),
    vendor: Type.Object({
      id: Type.Integer(),
      vendor_code: Type.String(),
      name: Type.String(),
      subdomain: Type.String(),
      dashboard_language: Type.String(),
    }),
    role: Type.String(),
    is_owner: Type.Boolean(),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'VendorMeResponse' },
);

/**
 * Secure whenever the request came over TLS (directly, or through a proxy trusted with
 * TRUST_PROXY=1). Koa refuses to set a Secure cookie on a plain-HTTP request, so tying it to
 * NODE_ENV made every production sign-in over plain HTTP a 500.
 */
function cookieOptions(ctx: { secure: boolean }, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: ctx.secure, path: '/', maxAge: maxAgeSeconds * 1000, overwrite: true };
}

/** Sign-in, sign-out, the caller's profile and the password change of the vendor area (SPEC.md part 5). */
export function vendorAuthRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');

  api.post(
    '/auth/login',
    {
      summary:
        'Vendor sign-in with email_or_username (vendor_code when the account belongs to several vendors); sets the vendor_token cookie',
      caller: 'none',
      body: VendorLogin,
      responses: { 200: { schema: VendorSignIn, headers: { 'Set-Cookie': 'vendor_token (HttpOnly, SameSite=Strict, Secure on TLS)' } } },
      errors: [InvalidCredentialsException, AuthenticationException, VendorAccessDeniedException, TooManyAttemptsException],
    },
    async (ctx, { body }) => {
      const account = await authenticate(services, body.email_or_username, body.password, ctx.ip);
      const vendors = await listAccessibleVendors(services.db.knex, account.id);
      if (vendors.length === 0) throw new VendorAccessDeniedException('This account has no access to an active vendor');
      let chosen = vendors[0];
      if (body.vendor_code) {
        const found = vendors.find((v) => v.vendor_code === body.vendor_code!.toUpperCase());
        if (!found) throw new VendorAccessDeniedException('This account has no access to the requested vendor');
        chosen = found;
      } else if (vendors.length > 1) {
        throw new ValidationException('This account belongs to several vendors: send vendor_code', [
          { pointer: '/body/vendor_code', message: `is required; one of ${vendors.map((v) => v.vendor_code).join(', ')}` },
        ]);
      }
      const token = services.tokens.sign({
        sub: String(account.id),
        type: 'vendor',
        vendor_id: chosen.id,
        role: chosen.role,
        username: account.username,
      });
      ctx.cookies.set(VENDOR_COOKIE, token.access_token, cookieOptions(ctx, token.expires_in));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        ...token,
        must_change_password: account.must_change_password,
        user: { id: account.id, username: account.username, email: account.email, role: chosen.role },
        vendor: { id: chosen.id, vendor_code: chosen.vendor_code, name: chosen.name },
      };
    },
  );

  // Clears the vendor cookie only: admin and customer credentials are never touched (SPEC.md part 5).
  api.post(
    '/auth/logout',
    {
      summary: 'Clear the vendor_token cookie (never an admin or customer credential)',
      caller: 'none',
      responses: { 200: Type.Object({ message: Type.String() }, { $id: 'VendorLogoutResponse' }) },
    },
    async (ctx: Context) => {
      ctx.cookies.set(VENDOR_COOKIE, '', { ...cookieOptions(ctx, 0), maxAge: 0, expires: new Date(0) });
      ctx.body = { message: t(requestLanguage(ctx), 'auth.logged_out') };
    },
  );

  api.get(
    '/auth/me',
    {
      summary: 'The signed-in team member, their vendor, role and permissions',
      allowPasswordChange: true,
      responses: { 200: VendorMe },
    },
    async (ctx) => {
      const caller = vendorCaller(ctx);
      const row = await services.db.knex('user_list').where('id', caller.userId).first();
      // The guard read the account from memory; the list may have dropped it since (deleted a moment ago).
      if (!row) throw new AuthenticationException('The account no longer exists');
      const vendor = await services.db
        .knex('vendor_list')
        .select('id', 'vendor_code', 'name', 'subdomain', 'dashboard_language')
        .where('id', caller.id)
        .first();
      ctx.body = {
        user: {
          id: row.id,
          email: row.email,
          username: row.username,
          first_name: row.first_name,
          last_name: row.last_name,
          preferred_language: row.preferred_language,
          must_change_password: row.must_change_password,
        },
        vendor,
        role: caller.role,
        is_owner: caller.isOwner,
        permissions: caller.permissions,
      };
    },
  );

  api.put(
    '/auth/password',
    {
      summary: "Change one's own password (a temporary one must be changed before anything else)",
      allowPasswordChange: true,
      body: PasswordChange,
      responses: { 200: Type.Object({ message: Type.String() }, { $id: 'VendorPasswordChanged' }) },
      errors: [InvalidCredentialsException],
    },
    async (ctx, { body }) => {
      const caller = vendorCaller(ctx);
      const { state } = await load(services.store, user, caller.userId);
      if (state.status !== 'active' || !(await verifyPassword(state.password_hash, body.current_password))) {
        throw new InvalidCredentialsException('The current password is not correct');
      }
      if (body.new_password === body.current_password) {
        throw new ValidationException('The new password must differ from the current one', [
          { pointer: '/body/new_password', message: 'must differ from current_password' },
        ]);
      }
      const done = await changeUserPassword(
        { store: services.store, db: services.db.knex, clock: services.clock },
        state.id,
        body.new_password,
        false,
        vendorCommandContext(ctx),
      );
      await services.settle(done);
      ctx.body = { message: t(requestLanguage(ctx), 'auth.password_changed') };
    },
  );

  return api.router;
}
