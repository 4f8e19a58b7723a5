import type Router from '@koa/router';
import { dateTimeFormat } from '../../core/intlFormats.ts';
import type { Context } from 'koa';
import { endSession, findCustomerByEmail, registerCustomer, startSession, type CustomerDeps } from '../../modules/customers.ts';
import { listCustomerOrders } from '../../modules/orders.ts';
import { ConcurrencyException, ConflictException, TooManyAttemptsException, ValidationException } from '../../core/errors.ts';
import { t, type MessageKey } from '../../core/i18n.ts';
import { dummyHash, verifyPassword } from '../../core/passwords.ts';
import { Api } from '../../http/api.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../../http/loginThrottle.ts';
import { CustomerRegister } from '../../modules/customers.ts';
import { validBody } from '../../http/validation.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import type { Storefront } from './context.ts';
import { csrfField, renderPage, safeReturn } from './layout.ts';
import { errorMessage, noticeMessage, orderStatusText } from './messages.ts';
import { accountSections } from './accountSections.ts';
import { getCustomer } from '../../modules/customers.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, SEE_OTHER, seeOther, shopPage } from './routing.ts';
import { clearCustomerCookie, customerToken, setCustomerCookie, signedInCustomer } from './session.ts';

/**
 * Sign-in, registration, sign-out and the account page. Signing in opens a customer session as
 * the shop API does (commands/customers startSession, the same token) and keeps its token in the
 * page cookie of src/pages/storefront/session.ts. A page that needs a customer and has none
 * redirects to the sign-in page with the page to come back to (SPEC.md part 5 rule 3).
 */
export function storefrontAccountRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const deps = (): CustomerDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const context = (ctx: Context, sf: Storefront, customerId: number | null): CommandContext => ({
    userId: customerId === null ? null : `customer:${customerId}`,
    vendorId: sf.vendor.id,
    correlationId: ctx.state.requestId as string,
  });
  const returnOf = (ctx: Context, sf: Storefront, value: unknown) => safeReturn(value, sf.shopPath('/account'));

  async function signIn(ctx: Context, sf: Storefront, customerId: number, to: string) {
    const session = await startSession(deps(), customerId, services.config.jwtExpiresInSeconds, context(ctx, sf, customerId));
    await services.settle(session.done);
    const token = services.tokens.sign({ sub: String(customerId), type: 'customer', vendor_id: sf.vendor.id, sid: session.sessionId });
    setCustomerCookie(ctx, sf.vendor.id, token.access_token, token.expires_in);
    seeOther(ctx, to);
  }

  const L = (sf: Storefront, key: MessageKey, params?: Record<string, string | number>) => t(sf.language, key, params);

  function loginPage(ctx: Context, sf: Storefront, options: { email?: string; error?: string | null; back: string }, status = 200) {
    renderPage(
      ctx,
      sf,
      {
        title: L(sf, 'storefront.login'),
        notice: noticeMessage(sf.language, ctx.query.notice),
        error: options.error,
        body: html`<h1>${L(sf, 'storefront.login')}</h1>
<form method="post" action="${sf.shopPath('/login')}" class="login">${csrfField(ctx)}<input type="hidden" name="return" value="${options.back}">
<p><label>${L(sf, 'storefront.email')}<br><input type="email" name="email" value="${options.email ?? ''}" required autocomplete="email"></label></p>
<p><label>${L(sf, 'storefront.password')}<br><input type="password" name="password" required autocomplete="current-password"></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.login')}</button></p></form>
<p><a href="${sf.shopPath('/forgot-password')}" id="forgot-link">${L(sf, 'storefront.forgot_password')}</a></p>
<p>${L(sf, 'storefront.no_account')} <a href="${sf.shopPath(`/register?return=${encodeURIComponent(options.back)}`)}">${L(sf, 'storefront.register')}</a></p>`,
      },
      status,
    );
  }

  function registerPage(
    ctx: Context,
    sf: Storefront,
    options: { values?: Record<string, string>; error?: string | null; back: string },
    status = 200,
  ) {
    const v = options.values ?? {};
    renderPage(
      ctx,
      sf,
      {
        title: L(sf, 'storefront.register'),
        error: options.error,
        body: html`<h1>${L(sf, 'storefront.register')}</h1>
<form method="post" action="${sf.shopPath('/register')}" class="register">${csrfField(ctx)}<input type="hidden" name="return" value="${options.back}">
<p><label>${L(sf, 'storefront.first_name')}<br><input name="first_name" value="${v.first_name ?? ''}" required maxlength="100" autocomplete="given-name"></label></p>
<p><label>${L(sf, 'storefront.last_name')}<br><input name="last_name" value="${v.last_name ?? ''}" required maxlength="100" autocomplete="family-name"></label></p>
<p><label>${L(sf, 'storefront.email')}<br><input type="email" name="email" value="${v.email ?? ''}" required autocomplete="email"></label></p>
<p><label>${L(sf, 'storefront.password')} <small class="muted">(${L(sf, 'storefront.password_hint')})</small><br><input type="password" name="password" required minlength="10" autocomplete="new-password"></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.register')}</button></p></form>
<p>${L(sf, 'storefront.have_account')} <a href="${sf.shopPath(`/login?return=${encodeURIComponent(options.back)}`)}">${L(sf, 'storefront.login')}</a></p>`,
      },
      status,
    );
  }

  shopPage(
    services,
    api,
    'get',
    '/login',
    {
      summary: 'Storefront page: the sign-in form (`return`: the page to come back to)',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx, sf) => loginPage(ctx, sf, { back: returnOf(ctx, sf, ctx.query.return) }),
  );

  shopPage(
    services,
    api,
    'post',
    '/login',
    {
      summary: 'Storefront form: sign in (`email`, `password`, `return`), then back to `return`',
      responses: {
        303: SEE_OTHER,
        401: { ...HTML_PAGE, description: 'Wrong e-mail or password: the form again' },
        403: FORM_REFUSED,
        404: NOT_FOUND,
        429: { ...HTML_PAGE, description: 'Too many failed sign-ins: the form again' },
      },
    },
    async (ctx, sf) => {
      const back = returnOf(ctx, sf, field(ctx, 'return'));
      const email = field(ctx, 'email').trim().toLowerCase().slice(0, 320);
      const password = field(ctx, 'password').slice(0, 1024);
      const keys = { account: `customer:${sf.vendor.id}:${email}`, address: ctx.ip };
      const db = services.db.knex;
      try {
        await assertLoginAllowed(db, keys);
      } catch (err) {
        if (err instanceof TooManyAttemptsException)
          return loginPage(ctx, sf, { email, back, error: L(sf, 'storefront.error_throttled') }, 429);
        throw err;
      }
      const found = email && password ? await findCustomerByEmail(deps(), sf.vendor.id, email) : null;
      // An argon2 verification in both cases: neither the answer nor its timing tells whether the account exists.
      const ok = await verifyPassword(found ? found.password_hash : await dummyHash(), password || ' ');
      if (!found || !ok) {
        await recordLoginFailure(db, keys);
        services.logger.info({ event: 'customer_login_failed', vendor_id: sf.vendor.id, login: email, address: ctx.ip }, 'sign-in refused');
        return loginPage(ctx, sf, { email, back, error: L(sf, 'storefront.error_credentials') }, 401);
      }
      await clearLoginFailures(db, keys.account);
      await signIn(ctx, sf, found.id, back);
    },
  );

  shopPage(
    services,
    api,
    'get',
    '/register',
    {
      summary: 'Storefront page: the registration form (`return`: the page to come back to)',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx, sf) => registerPage(ctx, sf, { back: returnOf(ctx, sf, ctx.query.return) }),
  );

  shopPage(
    services,
    api,
    'post',
    '/register',
    {
      summary:
        'Storefront form: create a customer account of this shop and sign in (`first_name`, `last_name`, `email`, `password`, `return`)',
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        409: { ...HTML_PAGE, description: 'The e-mail has an account at this shop: the form again' },
        422: { ...HTML_PAGE, description: 'A field is missing or invalid: the form again' },
      },
    },
    async (ctx, sf) => {
      const back = returnOf(ctx, sf, field(ctx, 'return'));
      const values = {
        email: field(ctx, 'email').trim(),
        first_name: field(ctx, 'first_name').trim(),
        last_name: field(ctx, 'last_name').trim(),
      };
      const body = { ...values, password: field(ctx, 'password') };
      try {
        // The shop API's own rules for a registration (CustomerRegister).
        validBody(CustomerRegister, body);
        const { id, done } = await registerCustomer(
          deps(),
          sf.vendor.id,
          { ...body, preferred_language: sf.language },
          context(ctx, sf, null),
        );
        await services.settle(done);
        await signIn(ctx, sf, id, back);
      } catch (err) {
        if (err instanceof ValidationException) {
          const fields = [...new Set(err.errors.map((e) => e.pointer.split('/')[2]))]
            .map((f) =>
              ['email', 'password', 'first_name', 'last_name'].includes(f as string) ? L(sf, `storefront.${f}` as MessageKey) : f,
            )
            .join(', ');
          return registerPage(ctx, sf, { values, back, error: L(sf, 'storefront.error_form', { fields }) }, 422);
        }
        if (err instanceof ConflictException && !(err instanceof ConcurrencyException))
          return registerPage(ctx, sf, { values, back, error: L(sf, 'storefront.error_email_taken') }, 409);
        throw err;
      }
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/logout',
    {
      summary: 'Storefront form: sign out (the session ends), then the shop',
      responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const customer = await signedInCustomer(services, ctx, sf);
      if (customer) await services.settle(await endSession(deps(), customer.id, customer.sessionId, context(ctx, sf, customer.id)));
      if (customerToken(ctx, sf.vendor.id)) clearCustomerCookie(ctx, sf.vendor.id);
      seeOther(ctx, sf.shopPath('/'));
    },
  );

  shopPage(
    services,
    api,
    'get',
    '/account',
    {
      summary: "Storefront page: the signed-in customer's account; without a session, a redirect to the sign-in page that comes back here",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const customer = await signedInCustomer(services, ctx, sf);
      if (!customer) return seeOther(ctx, sf.shopPath(`/login?return=${encodeURIComponent(ctx.url)}`));
      const profile = await getCustomer(services.db.knex, customer.id, sf.vendor.id);
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || customer.email;
      const orders = await listCustomerOrders(services.db.knex, sf.vendor.id, customer.id, { page: 1, limit: 50 }, sf.locale);
      renderPage(ctx, sf, {
        title: L(sf, 'storefront.account'),
        notice: noticeMessage(sf.language, ctx.query.notice),
        error: errorMessage(sf.language, ctx.query.error),
        body: html`<h1>${L(sf, 'storefront.account')}</h1><p id="hello">${L(sf, 'storefront.hello', { name })}</p><p>${customer.email}</p>
<form method="post" action="${sf.shopPath('/logout')}">${csrfField(ctx)}<button type="submit">${L(sf, 'storefront.sign_out')}</button></form>
${accountSections(ctx, sf, profile, profile.addresses)}
<h2>${L(sf, 'storefront.orders')}</h2>${
          orders.items.length === 0
            ? html`<p>${L(sf, 'storefront.no_orders')}</p>`
            : html`<table class="cart orders"><tbody>${orders.items.map(
                (o) => html`<tr class="order">
<td><a href="${sf.shopPath(`/orders/${o.id}`)}">${o.order_number}</a></td><td>${dateTimeFormat(sf.locale).format(new Date(o.order_date))}</td><td class="status">${orderStatusText(sf.language, o.status)}</td><td>${o.formatted.total}</td></tr>`,
              )}</tbody></table>`
        }`,
      });
    },
  );

  return api.router;
}
