import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Actor } from '../../../commands/messaging/commands.ts';
import { ValidationException } from '../../core/errors.ts';
import { MessageAttachmentException } from '../../../commands/messaging/errors.ts';
import { Api } from '../../http/api.ts';
import type { CustomerCaller } from '../../http/customerAuth.ts';
import { attachmentUpload } from '../../http/messageAttachments.ts';
import { sessionStillOpen } from '../../http/liveAccess.ts';
import { streamMessages } from '../../http/messagingStream.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { shopFrameOf } from '../../modules/registry.ts';
import { routeParam, seeOther } from '../forms.ts';
import { html, raw } from '../html.ts';
import { FORM_REFUSED, HTML_PAGE, NOT_FOUND, SEE_OTHER, type ShopFrame, type ShopView } from '../shopFrame.ts';
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
import { conversationList, conversationPage, MESSAGES_STYLE, startForm, type MessagesPage } from './views.ts';

/**
 * /shop/account/messages (SPEC.md 4.3): the signed-in customer's conversations with the shop, one
 * conversation with its messages and attachments, a reply and a new message with files (multipart
 * forms, CSRF-checked like every storefront form), and the live stream the page's script reads
 * (the page cookie of src/pages/storefront/session.ts, which the shop API's stream does not read).
 * Without a session: the sign-in page, coming back here. The pages are drawn in the shop's frame,
 * which the storefront provides (src/pages/shopFrame.ts); without a storefront there are none.
 */
export function storefrontMessagesRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const frame = shopFrameOf(services);
  if (frame) shopMessagePages(services, api, frame);
  return api.router;
}

function shopMessagePages(services: Services, api: Api, frame: ShopFrame): void {
  const base = (sf: ShopView) => sf.shopPath('/account/messages');
  const actorOf = (c: CustomerCaller): Actor => ({
    kind: 'customer',
    id: c.id,
    vendor_id: c.vendorId,
    name: [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email,
  });
  const contextOf = (ctx: Context, c: CustomerCaller): CommandContext => ({
    userId: `customer:${c.id}`,
    vendorId: c.vendorId,
    correlationId: ctx.state.requestId as string,
  });

  /** Runs `then` for the signed-in customer, or sends the visitor to sign in and come back. */
  const withCustomer =
    (then: (ctx: Context, sf: ShopView, customer: CustomerCaller) => Promise<void>) => async (ctx: Context, sf: ShopView) => {
      const customer = await frame.signedInCustomer(ctx, sf);
      if (!customer) return seeOther(ctx, sf.shopPath(`/login?return=${encodeURIComponent(ctx.method === 'GET' ? ctx.url : base(sf))}`));
      try {
        await then(ctx, sf, customer);
      } catch (err) {
        if (isNotFound(err)) return frame.renderNotFound(ctx, sf);
        throw err;
      }
    };

  const pageOf = (ctx: Context, sf: ShopView, total: number): MessagesPage => ({
    language: sf.language,
    viewer: 'customer',
    base: base(sf),
    streamUrl: `${base(sf)}/stream`,
    csrf: frame.formToken(ctx),
    totalUnread: total,
    canSend: true,
  });
  const render = (ctx: Context, sf: ShopView, body: ReturnType<typeof conversationList>, notice: string | null = null) =>
    frame.render(ctx, sf, {
      title: mt(sf.language, 'messages'),
      notice,
      error: formErrorText(sf.language, ctx.query.error),
      body: html`<style>${raw(MESSAGES_STYLE)}</style>${body}<script src="${MESSAGES_SCRIPT}" defer></script>`,
    });

  frame.page(
    api,
    'get',
    '/account/messages',
    {
      summary: "Storefront page: the signed-in customer's conversations with the shop (unread badges) and the form for a new message",
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    withCustomer(async (ctx, sf, customer) => {
      const { list, total } = await conversationsOf(services, actorOf(customer), 1);
      const p = pageOf(ctx, sf, total);
      render(ctx, sf, conversationList(p, list, startForm(p)));
    }),
  );

  frame.page(
    api,
    'post',
    '/account/messages',
    {
      summary: 'Storefront form: write to the shop (multipart: `subject`, `body`, up to 5 `files`), then the conversation',
      bodyType: 'multipart',
      use: [attachmentUpload],
      errors: [ValidationException, MessageAttachmentException],
      responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND },
    },
    withCustomer(async (ctx, sf, customer) => {
      const outcome = await startFromForm(services, ctx, actorOf(customer), contextOf(ctx, customer), {
        conversation_type: 'vendor_customer',
      });
      if ('error' in outcome) return seeOther(ctx, `${base(sf)}?error=${outcome.error}`);
      seeOther(ctx, `${base(sf)}/${outcome.id}?notice=sent`);
    }),
  );

  frame.page(
    api,
    'get',
    '/account/messages/stream',
    {
      summary:
        "Storefront stream: the signed-in customer's live messages and unread count (Server-Sent Events, as GET /api/v1/shop/messages/stream)",
      responses: {
        200: { description: 'An open event stream (text/event-stream)', contentType: 'text/event-stream' },
        303: SEE_OTHER,
        404: NOT_FOUND,
      },
    },
    withCustomer(async (ctx, _sf, customer) => {
      await streamMessages(
        ctx,
        services,
        { kind: 'customer', id: customer.id, vendor_id: customer.vendorId },
        sessionStillOpen(services, customer.id, customer.sessionId),
      );
    }),
  );

  frame.page(
    api,
    'get',
    '/account/messages/:conversation_id',
    {
      summary: 'Storefront page: one conversation with its messages and attachments, and the reply form; opening it marks it read',
      responses: { 200: HTML_PAGE, 303: SEE_OTHER, 404: NOT_FOUND },
    },
    withCustomer(async (ctx, sf, customer) => {
      const detail = await openConversation(services, actorOf(customer), contextOf(ctx, customer), routeParam(ctx, 'conversation_id'));
      const p = pageOf(ctx, sf, await totalUnread(services, actorOf(customer)));
      render(ctx, sf, conversationPage(p, detail), ctx.query.notice === 'sent' ? mt(sf.language, 'sent') : null);
    }),
  );

  frame.page(
    api,
    'post',
    '/account/messages/:conversation_id',
    {
      summary: 'Storefront form: reply (multipart: `body`, up to 5 `files`), then the conversation',
      bodyType: 'multipart',
      use: [attachmentUpload],
      errors: [ValidationException, MessageAttachmentException],
      responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND },
    },
    withCustomer(async (ctx, sf, customer) => {
      const id = routeParam(ctx, 'conversation_id');
      const error = await replyFromForm(services, ctx, actorOf(customer), contextOf(ctx, customer), id);
      seeOther(ctx, `${base(sf)}/${encodeURIComponent(id)}${error ? `?error=${error}` : '?notice=sent'}`);
    }),
  );

  frame.page(
    api,
    'post',
    '/account/messages/:conversation_id/read',
    {
      summary: "Storefront form: mark the conversation read (the page's script sends it when a message arrives while it is open)",
      responses: { 204: { description: "Read (the script's request)" }, 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND },
    },
    withCustomer(async (ctx, sf, customer) => {
      await readConversation(services, actorOf(customer), contextOf(ctx, customer), routeParam(ctx, 'conversation_id'));
      answerRead(ctx, `${base(sf)}/${encodeURIComponent(routeParam(ctx, 'conversation_id'))}`, seeOther);
    }),
  );

  frame.page(
    api,
    'get',
    '/account/messages/:conversation_id/attachments/:attachment_id',
    {
      summary: "Storefront download: an attachment of one of the customer's conversations (served as a file, never rendered)",
      responses: {
        200: { description: 'The file, with Content-Disposition: attachment', contentType: 'application/octet-stream' },
        303: SEE_OTHER,
        404: NOT_FOUND,
      },
    },
    withCustomer(async (ctx, _sf, customer) => {
      await downloadAttachment(services, ctx, actorOf(customer), routeParam(ctx, 'conversation_id'), routeParam(ctx, 'attachment_id'));
    }),
  );
}
