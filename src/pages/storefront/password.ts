import type Router from '@koa/router';
import type { Context } from 'koa';
import { ValidationException } from '../../core/errors.ts';
import { PasswordResetTokenException } from '../../../commands/customers/errors.ts';
import { t, type MessageKey } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { ForgotPassword, ResetPassword, resetCustomerPasswordWithToken, sendCustomerResetLink } from '../../modules/customers.ts';
import { validBody } from '../../http/validation.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import type { Storefront } from './context.ts';
import { csrfField, renderPage } from './layout.ts';
import { noticeMessage } from './messages.ts';
import { field, FORM_REFUSED, HTML_PAGE, NOT_FOUND, SEE_OTHER, seeOther, shopPage } from './routing.ts';

/**
 * Forgot and reset password. Both forms run the shop API's own steps (sendCustomerResetLink,
 * resetCustomerPasswordWithToken of src/http/shop/customerAuth.ts): the same mail with the link
 * PUBLIC_URL/vendors/{code}/shop/reset-password?token=…, the same answer whether or not the
 * account exists, a single-use link that ends every session of the customer.
 */
export function storefrontPasswordRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const L = (sf: Storefront, key: MessageKey) => t(sf.language, key);
  const context = (ctx: Context, sf: Storefront): CommandContext => ({
    userId: null,
    vendorId: sf.vendor.id,
    correlationId: ctx.state.requestId as string,
  });
  const validates = (body: unknown, schema: typeof ForgotPassword | typeof ResetPassword) => {
    validBody(schema, body);
  };

  function forgotPage(ctx: Context, sf: Storefront, email: string, error: string | null, status = 200) {
    renderPage(
      ctx,
      sf,
      {
        title: L(sf, 'storefront.forgot_password'),
        notice: noticeMessage(sf.language, ctx.query.notice),
        error,
        body: html`<h1>${L(sf, 'storefront.forgot_password')}</h1><p>${L(sf, 'storefront.forgot_text')}</p>
<form method="post" action="${sf.shopPath('/forgot-password')}" class="forgot">${csrfField(ctx)}
<p><label>${L(sf, 'storefront.email')}<br><input type="email" name="email" value="${email}" required autocomplete="email"></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.send_link')}</button></p></form>
<p><a href="${sf.shopPath('/login')}">${L(sf, 'storefront.login')}</a></p>`,
      },
      status,
    );
  }

  function resetPage(ctx: Context, sf: Storefront, token: string, error: string | null, status = 200) {
    renderPage(
      ctx,
      sf,
      {
        title: L(sf, 'storefront.reset_password'),
        error,
        body: html`<h1>${L(sf, 'storefront.reset_password')}</h1>
<form method="post" action="${sf.shopPath('/reset-password')}" class="reset">${csrfField(ctx)}<input type="hidden" name="token" value="${token}">
<p><label>${L(sf, 'storefront.new_password')} <small class="muted">(${L(sf, 'storefront.password_hint')})</small><br>
<input type="password" name="new_password" required minlength="10" autocomplete="new-password"></label></p>
<p><button type="submit" class="primary">${L(sf, 'storefront.save')}</button></p></form>
<p><a href="${sf.shopPath('/forgot-password')}">${L(sf, 'storefront.forgot_password')}</a></p>`,
      },
      status,
    );
    // The page's address holds the reset token: no other site may learn it from a Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
  }

  shopPage(
    services,
    api,
    'get',
    '/forgot-password',
    {
      summary: 'Storefront page: ask for a link to choose a new password',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx, sf) => forgotPage(ctx, sf, '', null),
  );

  shopPage(
    services,
    api,
    'post',
    '/forgot-password',
    {
      summary: 'Storefront form: send the reset link by e-mail (`email`); the same answer whether or not the account exists',
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        422: { ...HTML_PAGE, description: 'Not an e-mail address: the form again' },
      },
    },
    async (ctx, sf) => {
      const email = field(ctx, 'email').trim().slice(0, 320);
      try {
        validates({ email }, ForgotPassword);
      } catch (err) {
        if (err instanceof ValidationException)
          return forgotPage(ctx, sf, email, t(sf.language, 'storefront.error_form', { fields: L(sf, 'storefront.email') }), 422);
        throw err;
      }
      await sendCustomerResetLink(services, sf.vendor, email, sf.language, context(ctx, sf));
      seeOther(ctx, sf.shopPath('/forgot-password?notice=link_sent'));
    },
  );

  shopPage(
    services,
    api,
    'get',
    '/reset-password',
    {
      summary: 'Storefront page: choose a new password (`token`: the token of the link in the reset mail)',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 200) : '';
      resetPage(ctx, sf, token, token ? null : L(sf, 'storefront.error_reset_token'), token ? 200 : 400);
    },
  );

  shopPage(
    services,
    api,
    'post',
    '/reset-password',
    {
      summary: 'Storefront form: set the new password (`token`, `new_password`); every session of the customer ends, then the sign-in page',
      responses: {
        303: SEE_OTHER,
        403: FORM_REFUSED,
        404: NOT_FOUND,
        400: {
          ...HTML_PAGE,
          description: 'The link is not valid, expired or was already used: the page again, with the way to ask for a new one',
        },
        422: { ...HTML_PAGE, description: 'The new password is too short: the form again' },
      },
    },
    async (ctx, sf) => {
      const token = field(ctx, 'token').slice(0, 200);
      const password = field(ctx, 'new_password').slice(0, 1024);
      try {
        validates({ token: token || ' ', new_password: password }, ResetPassword);
        await resetCustomerPasswordWithToken(services, sf.vendor, token, password, context(ctx, sf));
      } catch (err) {
        if (err instanceof ValidationException)
          return resetPage(ctx, sf, token, t(sf.language, 'storefront.error_form', { fields: L(sf, 'storefront.new_password') }), 422);
        if (err instanceof PasswordResetTokenException) return resetPage(ctx, sf, token, L(sf, 'storefront.error_reset_token'), 400);
        throw err;
      }
      seeOther(ctx, sf.shopPath('/login?notice=password_reset'));
    },
  );

  return api.router;
}
