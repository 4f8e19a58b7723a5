import type { Context } from 'koa';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import { AuthenticationException, AuthorizationException, InvalidCredentialsException, TooManyAttemptsException } from '../../core/errors.ts';
import { authenticate } from '../../http/admin/auth.ts';
import type { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { csrfValid } from '../storefront/cookies.ts';
import { safeReturn } from '../storefront/layout.ts';
import { field } from '../storefront/routing.ts';
import { renderBackOffice, signInForm } from './backOffice.ts';
import { redirect } from './backOfficeMessages.ts';
import { mt, type MessagingText } from './texts.ts';

/** A signed-in platform user (state of the user aggregate, as `authenticate` returns it). */
export type Account = Awaited<ReturnType<typeof authenticate>>;

export interface LoginArea {
  prefix: string;
  who: string;
  vendorCode?: boolean;
  /**
   * After the password was right: sets the area's cookie and answers true, or answers the words
   * of the refusal (an account without access to this area).
   */
  signIn(ctx: Context, account: Account, vendorCode: string): Promise<true | MessagingText>;
  signOut(ctx: Context): void;
}

const HTML = { description: 'The HTML page (text/html)', contentType: 'text/html' };

/** The page's language before sign-in: the `lang` cookie of the language switch, else English. */
const languageOf = (ctx: Context): LanguageCode => {
  const lang = ctx.cookies.get('lang') ?? '';
  return isLanguage(lang) ? lang : 'en';
};

/**
 * The sign-in and sign-out pages of a back-office area: the API's own credential check
 * (`authenticate`: rate limit, the same answer for an unknown account and a wrong password), a
 * cookie of the area, then back to the page asked for.
 */
export function declareLoginPages(api: Api, services: Services, area: LoginArea): void {
  const fallback = `${area.prefix}/messages`;
  const form = (ctx: Context, back: string, error: string | null, status: number, login = '') => {
    const language = languageOf(ctx);
    renderBackOffice(ctx, { language, title: mt(language, 'sign_in'), body: signInForm(ctx, language, `${area.prefix}/login`, back, { vendorCode: area.vendorCode, login }), error }, status);
  };

  api.get(`${area.prefix}/login`, {
    summary: `Back-office page: the ${area.who} sign-in form (\`return\`: the page to come back to)`, responses: { 200: HTML },
  }, async (ctx) => form(ctx, safeReturn(ctx.query.return, fallback), null, 200));

  api.post(`${area.prefix}/login`, {
    summary: `Back-office form: ${area.who} sign-in (\`login\`, \`password\`${area.vendorCode ? ', `vendor_code`' : ''}, \`return\`), then back to \`return\``,
    responses: {
      303: { description: 'Signed in: the page to come back to (Location)' },
      401: { ...HTML, description: 'Wrong credentials or no access: the form again (a client that does not accept text/html: the problem body)' },
      403: { ...HTML, description: 'The form token is missing or does not match: the form again (a client that does not accept text/html: the problem body)' },
      429: { ...HTML, description: 'Too many failed sign-ins: the form again (a client that does not accept text/html: the problem body)' },
    },
  }, async (ctx) => {
    const back = safeReturn(field(ctx, 'return'), fallback);
    const language = languageOf(ctx);
    const login = field(ctx, 'login').trim().slice(0, 254);
    // A browser (Accept: text/html) gets the form again with the reason; any other client, the problem body.
    const browser = /text\/html/.test(ctx.get('accept'));
    const refuse = (err: Error, text: MessagingText, status: number) => {
      if (!browser) throw err;
      form(ctx, back, mt(language, text), status, login);
    };
    if (!csrfValid(ctx)) return refuse(new AuthorizationException('The form token (cookie and _csrf field) is missing or does not match'), 'error_access', 403);
    let account: Account;
    try {
      account = await authenticate(services, login, field(ctx, 'password').slice(0, 1024), ctx.ip);
    } catch (err) {
      if (err instanceof TooManyAttemptsException) return refuse(err, 'error_throttled', 429);
      if (err instanceof AuthenticationException) return refuse(err, 'error_credentials', 401);
      throw err;
    }
    const outcome = await area.signIn(ctx, account, field(ctx, 'vendor_code').trim());
    if (outcome !== true) return refuse(new InvalidCredentialsException('This account has no access here'), outcome, 401);
    redirect(ctx, back);
  });

  api.post(`${area.prefix}/logout`, {
    summary: `Back-office form: ${area.who} sign-out (clears the area's cookie only), then the sign-in page`,
    responses: { 303: { description: 'The sign-in page (Location)' } },
  }, async (ctx) => {
    // Signing out needs no form token: the worst another site can do is sign the user out.
    area.signOut(ctx);
    redirect(ctx, `${area.prefix}/login`);
  });
}
