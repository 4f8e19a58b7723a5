import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  findCustomerByEmail,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  RESET_LINK_MINUTES,
  startSession,
  endSession,
  type CustomerDeps,
} from '../../../commands/customers/handlers.ts';
import { loadCustomer } from '../../../commands/customers/customerDecider.ts';
import { customerOfResetToken } from '../../../commands/customers/resetToken.ts';
import { getCustomer } from '../../../queries/customers/getCustomer.ts';
import { AuthenticationException, ConflictException, TooManyAttemptsException } from '../../core/errors.ts';
import { InvalidCredentialsException } from '../../../commands/users/errors.ts';
import { PasswordResetTokenException } from '../../../commands/customers/errors.ts';
import { t } from '../../core/i18n.ts';
import { dummyHash, verifyPassword } from '../../core/passwords.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { renderMail } from '../../mail/templates.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { CUSTOMER_COOKIE } from '../customerAuth.ts';
import { requestLanguage } from '../language/resolve.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../loginThrottle.ts';
import { Message } from '../responses.ts';
import { CustomerLogin, CustomerRegister, CustomerSignIn, ForgotPassword, ResetPassword } from '../schemas/customers.ts';
import { bearer } from '../tokens.ts';
import type { VendorContext } from '../vendorContext.ts';
import { shopVendorOf } from '../vendorContext.ts';
import { customerProfile } from './profile.ts';

const COOKIE_DOC = 'customer_token (Path=/shop, HttpOnly, SameSite=Lax, Secure on TLS)';

/**
 * The shop's cookie (SPEC.md 4.3: path /shop). Secure whenever the request came over TLS (directly
 * or through a proxy trusted with TRUST_PROXY=1), as the vendor cookie; Lax so that a shopper
 * following a link into the shop arrives signed in, while cross-site posts carry no cookie.
 */
function cookieOptions(ctx: Context, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, path: '/shop', maxAge: maxAgeSeconds * 1000, overwrite: true };
}

/**
 * Customer accounts of the shop (SPEC.md 4.3, part 5): registration, sign-in with `email`, sign-out,
 * and the reset link. A customer belongs to the shop's vendor: the same e-mail at another shop is
 * another account.
 */
export function shopCustomerAuthRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const deps = (): CustomerDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const shopOf = shopVendorOf;
  const context = (ctx: Context, customerId: number | null): CommandContext => ({
    userId: customerId === null ? null : `customer:${customerId}`,
    vendorId: shopOf(ctx).id,
    correlationId: ctx.state.requestId as string,
  });

  /** Opens a session and answers its token (JSON and cookie) with the customer. */
  async function signIn(ctx: Context, customerId: number, status: number) {
    const shop = shopOf(ctx);
    const lifetime = services.config.jwtExpiresInSeconds;
    const session = await startSession(deps(), customerId, lifetime, context(ctx, customerId));
    await services.settle(session.done);
    const token = services.tokens.sign({ sub: String(customerId), type: 'customer', vendor_id: shop.id, sid: session.sessionId });
    ctx.cookies.set(CUSTOMER_COOKIE, token.access_token, cookieOptions(ctx, token.expires_in));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = status;
    ctx.body = { ...token, customer: customerProfile(await getCustomer(services.db.knex, customerId, shop.id)) };
  }

  api.post(
    '/auth/register',
    {
      summary:
        'Register a customer at this shop (an e-mail is unique per shop); answers the customer, a token and the customer_token cookie',
      body: CustomerRegister,
      responses: { 201: { schema: CustomerSignIn, headers: { 'Set-Cookie': COOKIE_DOC } } },
      errors: [ConflictException],
    },
    async (ctx, { body }) => {
      const shop = shopOf(ctx);
      const { id, done } = await registerCustomer(
        deps(),
        shop.id,
        {
          email: body.email,
          password: body.password,
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          // Without a choice, the language the shopper is browsing the shop in.
          preferred_language: body.preferred_language ?? requestLanguage(ctx),
        },
        context(ctx, null),
      );
      await services.settle(done);
      await signIn(ctx, id, 201);
    },
  );

  api.post(
    '/auth/login',
    {
      summary: 'Customer sign-in with email (rate-limited per account and address); answers the token and sets the customer_token cookie',
      body: CustomerLogin,
      responses: { 200: { schema: CustomerSignIn, headers: { 'Set-Cookie': COOKIE_DOC } } },
      errors: [InvalidCredentialsException, TooManyAttemptsException],
    },
    async (ctx, { body }) => {
      const shop = shopOf(ctx);
      const email = body.email.trim().toLowerCase();
      // The rate limit of the back-office logins: 5 failures per account, 30 per address, in 15 minutes.
      const keys = { account: `customer:${shop.id}:${email}`, address: ctx.ip };
      const db = services.db.knex;
      await assertLoginAllowed(db, keys);
      const found = await findCustomerByEmail(deps(), shop.id, email);
      // An argon2 verification in both cases: neither the answer nor its timing tells whether the account exists.
      const ok = await verifyPassword(found ? found.password_hash : await dummyHash(), body.password);
      if (!found || !ok) {
        await recordLoginFailure(db, keys);
        services.logger.info({ event: 'customer_login_failed', vendor_id: shop.id, login: email, address: ctx.ip }, 'sign-in refused');
        throw new InvalidCredentialsException('Invalid e-mail or password');
      }
      await clearLoginFailures(db, keys.account);
      await signIn(ctx, found.id, 200);
    },
  );

  // Ends the session of the token (header or cookie) and clears the cookie; never touches vendor or admin credentials.
  api.post(
    '/auth/logout',
    {
      summary: 'Sign out: the session of this token ends (the token stops working) and the customer_token cookie is cleared',
      responses: { 200: { schema: Message, headers: { 'Set-Cookie': 'customer_token cleared' } } },
    },
    async (ctx) => {
      const shop = shopOf(ctx);
      const token = bearer(ctx.get('Authorization')) ?? ctx.cookies.get(CUSTOMER_COOKIE) ?? null;
      let claims = null;
      try {
        claims = token ? services.tokens.verify(token, 'customer') : null;
      } catch (err) {
        if (!(err instanceof AuthenticationException)) throw err;
      }
      if (claims && claims.vendor_id === shop.id && typeof claims.sid === 'string') {
        const id = Number(claims.sub);
        await services.settle(await endSession(deps(), id, claims.sid, context(ctx, id)));
      }
      ctx.cookies.set(CUSTOMER_COOKIE, '', { ...cookieOptions(ctx, 0), maxAge: 0, expires: new Date(0) });
      ctx.body = { message: t(requestLanguage(ctx), 'auth.logged_out') };
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      summary: 'Ask for a reset link by e-mail (single use, expires after an hour); the same answer whether or not the account exists',
      body: ForgotPassword,
      responses: { 202: Message },
    },
    async (ctx, { body }) => {
      const shop = shopOf(ctx);
      await sendCustomerResetLink(services, shop, body.email, requestLanguage(ctx), context(ctx, null));
      ctx.status = 202;
      ctx.body = { message: 'If an account with this e-mail exists at this shop, a link to choose a new password is on its way' };
    },
  );

  api.post(
    '/auth/reset-password',
    {
      summary: 'Choose a new password with the token of a reset link (once, before it expires); every session of the customer ends',
      body: ResetPassword,
      responses: { 200: Message },
      errors: [PasswordResetTokenException],
    },
    async (ctx, { body }) => {
      const shop = shopOf(ctx);
      await resetCustomerPasswordWithToken(services, shop, body.token, body.new_password, context(ctx, null));
      ctx.body = { message: 'Your password has been changed; sign in with the new one' };
    },
  );

  return api.router;
}

/**
 * Sends the reset link of the shop's account with this e-mail, if there is one (the caller answers
 * the same either way). Shared by the shop API and the storefront's forgot-password page.
 */
export async function sendCustomerResetLink(
  services: Services,
  shop: VendorContext,
  email: string,
  fallbackLanguage: string,
  ctx: CommandContext,
): Promise<void> {
  const deps: CustomerDeps = { store: services.store, db: services.db.knex, clock: services.clock };
  const found = await findCustomerByEmail(deps, shop.id, email);
  if (!found) return;
  const { token, hash, done } = await requestPasswordReset(deps, found.id, { ...ctx, userId: `customer:${found.id}` });
  const language = found.preferred_language ?? fallbackLanguage;
  const resetUrl = `${services.config.publicUrl}/vendors/${encodeURIComponent(shop.vendor_code)}/shop/reset-password?token=${encodeURIComponent(token)}`;
  const mail = renderMail('customer_password_reset', language, {
    vendor_name: shop.name,
    first_name: found.first_name,
    reset_url: resetUrl,
    expires_minutes: RESET_LINK_MINUTES,
  });
  // The mail is enqueued here and not by a process manager on the event: the event holds only the
  // token's hash, and the raw token must exist nowhere but in this mail. The outbox row is keyed
  // by the hash (one mail per request) and written right after the append; if the service
  // stopped in between, the link was never sent and the shopper asks again: a pending link
  // nobody received grants nothing, and a newer request replaces it.
  await enqueueMail(services.db.knex, {
    key: `customer_password_reset:${hash}`,
    to: found.email,
    template: 'customer_password_reset',
    language: mail.language,
    vendor_id: shop.id,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    at: services.clock.now(),
  });
  await services.settle(done);
}

/**
 * Sets a new password with the token of a reset link (every session of the customer ends).
 * PasswordResetTokenException for a token that is unknown, used, expired or of another shop.
 */
export async function resetCustomerPasswordWithToken(
  services: Services,
  shop: VendorContext,
  token: string,
  password: string,
  ctx: CommandContext,
): Promise<void> {
  const deps: CustomerDeps = { store: services.store, db: services.db.knex, clock: services.clock };
  const id = customerOfResetToken(token);
  const account = id === null ? null : await loadCustomer(services.store, id).catch(() => null);
  // A token of another shop's customer is as unknown here as a made-up one.
  if (!account || account.vendor_id !== shop.id)
    throw new PasswordResetTokenException('This reset link is not valid or was already used; ask for a new one');
  const done = await resetPassword(deps, account.id, token, password, { ...ctx, userId: `customer:${account.id}` });
  await services.settle(done);
  await clearLoginFailures(services.db.knex, `customer:${shop.id}:${account.email}`);
}
