import type Router from '@koa/router';
import type { Context } from 'koa';
import { isLanguage, LANGUAGE_INFO, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { AuthenticationException, AuthorizationException, TooManyAttemptsException } from '../../core/errors.ts';
import { InvalidCredentialsException } from '../../../commands/users/errors.ts';
import { authenticate } from '../../http/admin/auth.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { listAccessibleVendors } from '../../modules/team.ts';
import { csrfInput, csrfValid, field, safeReturn, seeOther } from '../forms.ts';
import { html } from '../html.ts';
import { renderAuthPage } from '../backOffice/layout.ts';
import { backOfficeOf, can, hasFeature, type BackOfficeArea } from '../backOffice/registry.ts';
import { chosenLanguage, LANGUAGE_COOKIE, signedInViewer } from '../backOffice/session.ts';
import { bt, type BackOfficeText } from '../backOffice/texts.ts';
import { clearAdminSession, clearVendorSession, setAdminSession, setVendorSession } from './session.ts';
import { HTML } from '../pageRoutes.ts';

type Account = Awaited<ReturnType<typeof authenticate>>;

interface AreaSignIn {
  area: BackOfficeArea;
  who: string;
  /** Vendor area: the vendor code field, for an account that works for several vendors. */
  vendorCode: boolean;
  /** After the password was right: sets the area's cookie and answers true, or the words of the refusal. */
  signIn(ctx: Context, account: Account, vendorCode: string): Promise<true | BackOfficeText>;
  signOut(ctx: Context): void;
}

const SEE_OTHER = { description: 'The page to go to (Location)' };

/** The language of a page before sign-in: the switch's cookie, the storefront's `lang` cookie, else English. */
function languageOf(ctx: Context): LanguageCode {
  const lang = ctx.cookies.get('lang') ?? '';
  return chosenLanguage(ctx) ?? (isLanguage(lang) ? lang : 'en');
}

function signInForm(ctx: Context, a: AreaSignIn, language: LanguageCode, back: string, login = ''): ReturnType<typeof html> {
  const other: BackOfficeArea = a.area === 'vendor' ? 'admin' : 'vendor';
  return html`<h1>${bt(language, a.area === 'vendor' ? 'sign_in_vendor' : 'sign_in_admin')}</h1>
<p class="lead">${bt(language, a.area === 'vendor' ? 'sign_in_vendor_lead' : 'sign_in_admin_lead')}</p>
<form method="post" action="/${a.area}/login">${csrfInput(ctx)}<input type="hidden" name="return" value="${back}">
<div class="field"><label for="login">${bt(language, 'login')}</label><input id="login" name="login" value="${login}" required autocomplete="username" autofocus></div>
<div class="field"><label for="password">${bt(language, 'password')}</label><input id="password" type="password" name="password" required autocomplete="current-password"></div>
${a.vendorCode ? html`<div class="field"><label for="vendor_code">${bt(language, 'vendor_code')}</label><input id="vendor_code" name="vendor_code" maxlength="50" autocapitalize="characters"></div>` : ''}
<button type="submit" class="primary">${bt(language, 'sign_in')}</button></form>
${a.area === 'vendor' ? html`<p class="switch"><a href="/pricing?lang=${language}" id="sign-up">${bt(language, 'sign_up_vendor')}</a></p>` : ''}
<p class="switch"><a href="/${other}/login">${bt(language, a.area === 'vendor' ? 'other_area_vendor' : 'other_area_admin')}</a></p>
<p class="lang">${LANGUAGES.map((l) => html`<a href="/${a.area}/language?lang=${l}&amp;return=${encodeURIComponent(`/${a.area}/login`)}"${l === language ? html` aria-current="true"` : ''}>${LANGUAGE_INFO[l].native_name}</a>`)}</p>`;
}

/**
 * A back office's doors: its sign-in form (the API's own credential check: rate limit, the same
 * answer for an unknown account and a wrong password), sign-out, the area's root (its home page
 * for a signed-in viewer, the sign-in form otherwise) and the language switch.
 */
function declareArea(api: Api, services: Services, a: AreaSignIn): void {
  const home = `/${a.area}`;
  const form = (ctx: Context, back: string, error: string | null, status: number, login = '') => {
    const language = languageOf(ctx);
    renderAuthPage(
      ctx,
      { area: a.area, language, title: bt(language, 'sign_in'), body: signInForm(ctx, a, language, back, login), error },
      status,
    );
  };

  api.get(
    home,
    {
      summary: `Back-office page: the ${a.who} area's home (its landing page when signed in, else the sign-in form)`,
      responses: { 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await signedInViewer(services, ctx, a.area);
      if (!viewer) return seeOther(ctx, `${home}/login`);
      const entries = backOfficeOf(services)
        .navigation(a.area)
        .filter((e) => can(viewer, e.permission) && hasFeature(viewer, e.feature));
      const landing = entries.find((e) => e.home) ?? entries[0];
      seeOther(ctx, landing?.href ?? `${home}/messages`);
    },
  );

  api.get(
    `${home}/login`,
    {
      summary: `Back-office page: the ${a.who} sign-in form (\`return\`: the page to come back to)`,
      responses: { 200: HTML },
    },
    async (ctx) => form(ctx, safeReturn(ctx.query.return, home), null, 200),
  );

  api.post(
    `${home}/login`,
    {
      summary: `Back-office form: ${a.who} sign-in (\`login\`, \`password\`${a.vendorCode ? ', `vendor_code`' : ''}, \`return\`), then back to \`return\``,
      responses: {
        303: { description: 'Signed in: the page to come back to (Location)' },
        401: {
          ...HTML,
          description: 'Wrong credentials or no access: the form again (a client that does not accept text/html: the problem body)',
        },
        403: {
          ...HTML,
          description:
            'The form token is missing or does not match: the form again (a client that does not accept text/html: the problem body)',
        },
        429: {
          ...HTML,
          description: 'Too many failed sign-ins: the form again (a client that does not accept text/html: the problem body)',
        },
      },
    },
    async (ctx) => {
      const back = safeReturn(field(ctx, 'return'), home);
      const language = languageOf(ctx);
      const login = field(ctx, 'login').trim().slice(0, 254);
      // A browser (Accept: text/html) gets the form again with the reason; any other client, the problem body.
      const browser = /text\/html/.test(ctx.get('accept'));
      const refuse = (err: Error, text: BackOfficeText, status: number) => {
        if (!browser) throw err;
        form(ctx, back, bt(language, text), status, login);
      };
      if (!csrfValid(ctx))
        return refuse(
          new AuthorizationException('The form token (cookie and _csrf field) is missing or does not match'),
          'error_form_token',
          403,
        );
      let account: Account;
      try {
        account = await authenticate(services, login, field(ctx, 'password').slice(0, 1024), ctx.ip);
      } catch (err) {
        if (err instanceof TooManyAttemptsException) return refuse(err, 'error_throttled', 429);
        if (err instanceof AuthenticationException) return refuse(err, 'error_credentials', 401);
        throw err;
      }
      const outcome = await a.signIn(ctx, account, field(ctx, 'vendor_code').trim());
      if (outcome !== true) return refuse(new InvalidCredentialsException('This account has no access here'), outcome, 401);
      seeOther(ctx, back);
    },
  );

  api.post(
    `${home}/logout`,
    {
      summary: `Back-office form: ${a.who} sign-out (clears the area's cookie only), then the sign-in page`,
      responses: { 303: { description: 'The sign-in page (Location)' } },
    },
    async (ctx) => {
      // Signing out needs no form token: the worst another site can do is sign the user out.
      a.signOut(ctx);
      seeOther(ctx, `${home}/login`);
    },
  );

  api.get(
    `${home}/language`,
    {
      summary: `Back-office link: choose the ${a.who} pages' language (\`lang\`: en, fr, de or lb; \`return\`: the page to come back to)`,
      responses: { 303: SEE_OTHER },
    },
    async (ctx) => {
      const lang = ctx.query.lang;
      if (isLanguage(lang))
        ctx.cookies.set(LANGUAGE_COOKIE, lang, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: ctx.secure,
          overwrite: true,
          maxAge: 365 * 24 * 3600 * 1000,
        });
      seeOther(ctx, safeReturn(ctx.query.return, home));
    },
  );
}

/** The vendor's and the admins' sign-in pages, their homes and language switches. */
export function signInPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  declareArea(api, services, {
    area: 'vendor',
    who: 'vendor team member',
    vendorCode: true,
    async signIn(ctx, account, vendorCode) {
      const vendors = await listAccessibleVendors(services.db.knex, account.id);
      const chosen = vendorCode
        ? vendors.find((v) => v.vendor_code === vendorCode.toUpperCase())
        : vendors.length === 1
          ? vendors[0]
          : undefined;
      if (!chosen) return 'error_access';
      const token = services.tokens.sign({
        sub: String(account.id),
        type: 'vendor',
        vendor_id: chosen.id,
        role: chosen.role,
        username: account.username,
      });
      setVendorSession(ctx, token.access_token, token.expires_in);
      return true;
    },
    signOut: clearVendorSession,
  });
  declareArea(api, services, {
    area: 'admin',
    who: 'admin',
    vendorCode: false,
    async signIn(ctx, account) {
      if (account.role !== 'admin') return 'error_access';
      const token = services.tokens.sign({ sub: String(account.id), type: 'admin', username: account.username });
      setAdminSession(ctx, token.access_token, token.expires_in);
      return true;
    },
    signOut: clearAdminSession,
  });
  return api.router;
}
