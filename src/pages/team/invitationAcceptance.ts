/**
 * The invitee's page (/vendor/team/accept): the secret of the invitation link is the credential,
 * the new account chooses its password and name, then signs in; a used, cancelled, expired or
 * mistyped link is said in words.
 */
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { hashInvitationToken } from '../../../commands/team/handlers.ts';
import { findInvitationByTokenHash } from '../../../queries/team/listTeam.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { AcceptBody, acceptInvitation } from '../../http/vendor/teamCommands.ts';
import type { Services } from '../../runtime/services.ts';
import { input } from '../backOffice/components.ts';
import { refusalInWords } from '../backOffice/guard.ts';
import { renderAuthPage } from '../backOffice/layout.ts';
import { csrfInput, csrfValid, field } from '../forms.ts';
import { html } from '../html.ts';
import { tt } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

/** The invitation's acceptance page and its form (GET and POST /vendor/team/accept). */
export function invitationAcceptance(api: Api, services: Services) {
  const knex = services.db.knex;

  const acceptPage = async (ctx: Context, token: string, status = 200, error: string | null = null) => {
    const found = token.length >= 20 && token.length <= 200 ? await findInvitationByTokenHash(knex, hashInvitationToken(token)) : null;
    const l: LanguageCode = 'en';
    if (!found || found.status !== 'pending' || !found.vendor_active) {
      // The page is there; the link is what is no longer valid (used, cancelled, expired or mistyped): said in words.
      return renderAuthPage(ctx, {
        area: 'vendor',
        language: l,
        title: tt(l, 'title'),
        error: tt(l, 'invalid_link'),
        body: html`<p><a href="/vendor/login">${tt(l, 'sign_in')}</a></p>`,
      });
    }
    renderAuthPage(
      ctx,
      {
        area: 'vendor',
        language: l,
        title: tt(l, 'accept_title', { vendor: found.vendor_name }),
        error,
        body: html`<p>${tt(l, 'accept_intro', { vendor: found.vendor_name })}</p><form method="post" action="/vendor/team/accept">${csrfInput(ctx)}
<input type="hidden" name="token" value="${token}">
${input(l, { label: tt(l, 'email'), name: 'email_shown', value: found.email, attrs: html` readonly` })}
${input(l, { label: tt(l, 'password'), name: 'password', type: 'password', required: true, hint: tt(l, 'password_hint'), attrs: html` autocomplete="new-password" minlength="10"` })}
${input(l, { label: tt(l, 'first_name'), name: 'first_name' })}${input(l, { label: tt(l, 'last_name'), name: 'last_name' })}
<div class="form-actions"><button type="submit" class="primary">${tt(l, 'accept')}</button></div></form>`,
      },
      status,
    );
  };

  api.get(
    '/vendor/team/accept',
    {
      summary: 'Page: accept a team invitation (`token` of the invitation link)',
      query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 300 })) }),
      responses: { 200: HTML },
    },
    async (ctx, { query }) => acceptPage(ctx, query.token ?? ''),
  );

  api.post(
    '/vendor/team/accept',
    {
      summary: 'Page form: accept a team invitation with its secret and a password; then the sign-in',
      responses: { 200: HTML, 403: HTML, 404: HTML, 409: HTML, 422: HTML },
    },
    async (ctx) => {
      const token = field(ctx, 'token');
      if (!csrfValid(ctx)) return acceptPage(ctx, token, 403, 'The form expired; please submit it again.');
      try {
        const body = validBody(
          AcceptBody,
          Object.fromEntries(
            Object.entries({
              token,
              password: field(ctx, 'password'),
              first_name: field(ctx, 'first_name').trim(),
              last_name: field(ctx, 'last_name').trim(),
            }).filter(([, v]) => v !== ''),
          ),
        );
        const { found } = await acceptInvitation(services, body, String(ctx.state.requestId ?? ''));
        renderAuthPage(ctx, {
          area: 'vendor',
          language: 'en',
          title: tt('en', 'accept_title', { vendor: found.vendor_name }),
          notice: tt('en', 'accepted', { vendor: found.vendor_name }),
          body: html`<p><a class="button primary" href="/vendor/login?vendor_code=${encodeURIComponent(found.vendor_code)}">${tt('en', 'sign_in')}</a></p>`,
        });
      } catch (err) {
        if (!(err instanceof DomainException) || err.status >= 500) throw err;
        await acceptPage(ctx, token, err.status, refusalInWords(err));
      }
    },
  );
}
