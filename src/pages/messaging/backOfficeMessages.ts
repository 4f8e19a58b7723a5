import type { Context } from 'koa';
import type { Actor } from '../../../commands/messaging/commands.ts';
import { ValidationException } from '../../core/errors.ts';
import { MessageAttachmentException } from '../../../commands/messaging/errors.ts';
import type { Api } from '../../http/api.ts';
import { attachmentUpload } from '../../http/messageAttachments.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { html, raw, type Html } from '../html.ts';
import { csrfInput, csrfValid, pathParams, routeParam, seeOther } from '../forms.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { Viewer } from '../backOffice/registry.ts';
import type { NewConversation } from '../../../commands/messaging/handlers.ts';
import {
  answerRead,
  conversationsOf,
  downloadAttachment,
  isNotFound,
  openConversation,
  readConversation,
  replyFromForm,
  startFromForm,
  totalUnread,
} from './actions.ts';
import { MESSAGES_SCRIPT } from './assets.ts';
import { formErrorText, mt } from './texts.ts';
import { conversationList, conversationPage, MESSAGES_STYLE, unreadBadge, type MessagesPage } from './views.ts';
import { card } from '../backOffice/components.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';

/**
 * Who is on a back-office messages page: the viewer of the frame, the actor, their command context
 * and language. A vendor team member writes only with the role's `messages.send`, as in the API
 * (canSend); reading is open to every member.
 */
export interface PageCaller {
  viewer: Viewer;
  actor: Actor;
  context: CommandContext;
  language: LanguageCode;
}

const canSend = (c: PageCaller): boolean => c.viewer.permissions === 'all' || c.viewer.permissions.includes('messages.send');

export interface BackOfficeArea {
  /** `/vendor` or `/admin`: the pages live under `${prefix}/messages`, sign-in at `${prefix}/login`. */
  prefix: string;
  /** Who the area names in the document ("team member", "admin"). */
  who: string;
  streamUrl: string;
  caller(ctx: Context): Promise<PageCaller | null>;
  /** The forms that start a conversation from the list (src/pages/messaging/startForms.ts); none: no form. */
  start?: StartForms;
}

export interface StartForms {
  forms(ctx: Context, c: PageCaller, p: MessagesPage): Promise<Html>;
  /** The conversation type a posted form names, and its recipients as ids (read after the plan gate; a recipient nobody can find throws "not found"). */
  recipients(ctx: Context, c: PageCaller): { conversation_type: string; resolve?: () => Promise<Partial<NewConversation>> };
}

const REFUSED = {
  description: 'The form token (cookie and `_csrf` field) is missing or does not match: an HTML page',
  contentType: 'text/html',
};
const NOT_FOUND = { description: 'No such conversation for the caller: an HTML page', contentType: 'text/html' };

/**
 * The messages pages of a back-office area (the vendor's team, the admins): the list with unread
 * badges, a conversation with its attachments, the reply form (multipart, without JavaScript),
 * all through the messaging API's commands and queries (src/pages/messaging/actions.ts).
 */
export function declareBackOfficeMessages(api: Api, services: Services, area: BackOfficeArea): void {
  const base = `${area.prefix}/messages`;
  const pageOf = async (ctx: Context, c: PageCaller): Promise<MessagesPage> => ({
    language: c.language,
    viewer: c.actor.kind,
    base,
    streamUrl: area.streamUrl,
    csrf: csrfInput(ctx),
    totalUnread: await totalUnread(services, c.actor),
    inFrame: true,
    canSend: canSend(c),
  });
  const frame = (ctx: Context, c: PageCaller, body: Html, status = 200, p?: MessagesPage, crumbs = false, inCard = true) =>
    renderBackOffice(
      ctx,
      services,
      c.viewer,
      {
        title: mt(c.language, 'messages'),
        nav: 'messages',
        body: inCard ? card(null, body) : body,
        subtitle: p ? html`${unreadBadge(p)} ${mt(c.language, 'unread')}` : undefined,
        crumbs: crumbs ? [{ label: mt(c.language, 'all_conversations'), href: base }] : [],
        notice: ctx.query.notice === 'sent' ? mt(c.language, 'sent') : null,
        error: formErrorText(c.language, ctx.query.error),
        head: html`<style>${raw(MESSAGES_STYLE)}</style><script src="${MESSAGES_SCRIPT}" defer></script>`,
      },
      status,
    );

  /** The caller, else the sign-in page (coming back); a POST needs the form token; a stranger's conversation is not found. */
  const page = (
    method: 'get' | 'post',
    path: string,
    summary: string,
    extra: Record<string, unknown>,
    run: (ctx: Context, c: PageCaller) => Promise<void>,
    writes = false,
  ) => {
    api[method](
      `${base}${path}`,
      {
        summary,
        params: pathParams(`${base}${path}`),
        ...extra,
        responses: {
          ...(method === 'get' ? { 200: HTML, 303: SEE_OTHER, 404: NOT_FOUND } : { 303: SEE_OTHER, 403: REFUSED, 404: NOT_FOUND }),
          ...((extra.responses as object) ?? {}),
        },
      },
      async (ctx) => {
        const c = await area.caller(ctx);
        if (!c) return seeOther(ctx, `${area.prefix}/login?return=${encodeURIComponent(method === 'get' ? ctx.url : base)}`);
        if (method === 'post' && !csrfValid(ctx)) return await frame(ctx, c, html`<h1>403</h1><p>${REFUSED.description}</p>`, 403);
        if (writes && !canSend(c))
          return seeOther(
            ctx,
            `${base}${routeParam(ctx, 'conversation_id') ? `/${encodeURIComponent(routeParam(ctx, 'conversation_id'))}` : ''}?error=permission`,
          );
        try {
          await run(ctx, c);
        } catch (err) {
          if (isNotFound(err))
            return await frame(
              ctx,
              c,
              html`<p>${mt(c.language, 'not_found')}</p><p><a href="${base}">${mt(c.language, 'all_conversations')}</a></p>`,
              404,
            );
          throw err;
        }
      },
    );
  };

  const startForms = area.start
    ? ", and the forms that start one (`?vendor_search=` lists the vendors matching a code or name on the admins' page)"
    : '';
  page('get', '', `Back-office page: the ${area.who}'s conversations with unread badges${startForms}`, {}, async (ctx, c) => {
    const { list } = await conversationsOf(services, c.actor, 1);
    const p = await pageOf(ctx, c);
    const forms = area.start && canSend(c) ? await area.start.forms(ctx, c, p) : null;
    const conversations = card(null, conversationList(p, list, null), { flush: false });
    await frame(
      ctx,
      c,
      forms ? html`<div class="grid sidebar">${conversations}${card(null, forms)}</div>` : conversations,
      200,
      p,
      false,
      false,
    );
  });

  if (area.start) {
    const start = area.start;
    page(
      'post',
      '',
      'Back-office form: start a conversation (multipart: `conversation_type`, its recipients in words — `vendor` code or name, ' +
        '`admin_ids`, `customer_email` — `subject`, `body`, up to 5 `files`); a refusal comes back as `?error=`',
      { bodyType: 'multipart', use: [attachmentUpload], errors: [ValidationException, MessageAttachmentException] },
      async (ctx, c) => {
        const { conversation_type, resolve } = start.recipients(ctx, c);
        const outcome = await startFromForm(services, ctx, c.actor, c.context, { conversation_type }, resolve);
        seeOther(ctx, 'error' in outcome ? `${base}?error=${outcome.error}` : `${base}/${outcome.id}?notice=sent`);
      },
      true,
    );
  }

  page(
    'get',
    '/:conversation_id',
    'Back-office page: one conversation with its messages and attachments, and the reply form; opening it marks it read',
    {},
    async (ctx, c) => {
      const detail = await openConversation(services, c.actor, c.context, routeParam(ctx, 'conversation_id'));
      const p = await pageOf(ctx, c);
      await frame(ctx, c, conversationPage(p, detail), 200, p, true);
    },
  );

  page(
    'post',
    '/:conversation_id',
    'Back-office form: reply (multipart: `body`, up to 5 `files`), then the conversation',
    { bodyType: 'multipart', use: [attachmentUpload], errors: [ValidationException, MessageAttachmentException] },
    async (ctx, c) => {
      const id = routeParam(ctx, 'conversation_id');
      const error = await replyFromForm(services, ctx, c.actor, c.context, id);
      seeOther(ctx, `${base}/${encodeURIComponent(id)}${error ? `?error=${error}` : '?notice=sent'}`);
    },
    true,
  );

  page(
    'post',
    '/:conversation_id/read',
    "Back-office form: mark the conversation read (sent by the page's script when a message arrives)",
    { responses: { 204: { description: "Read (the script's request)" } } },
    async (ctx, c) => {
      await readConversation(services, c.actor, c.context, routeParam(ctx, 'conversation_id'));
      answerRead(ctx, `${base}/${encodeURIComponent(routeParam(ctx, 'conversation_id'))}`, seeOther);
    },
  );

  page(
    'get',
    '/:conversation_id/attachments/:attachment_id',
    'Back-office download: an attachment (served as a file, never rendered)',
    { responses: { 200: { description: 'The file, with Content-Disposition: attachment', contentType: 'application/octet-stream' } } },
    async (ctx, c) => {
      await downloadAttachment(services, ctx, c.actor, routeParam(ctx, 'conversation_id'), routeParam(ctx, 'attachment_id'));
    },
  );
}
