import type { Context } from 'koa';
import type { TObject } from '@sinclair/typebox';
import type { Actor } from '../../commands/messaging/commands.ts';
import {
  conversationFor,
  markConversationRead,
  newConversationId,
  postMessage,
  startConversation,
  type MessagingDeps,
  type NewConversation,
} from '../../commands/messaging/handlers.ts';
import { getConversation, listConversations, type Viewer } from '../../queries/messaging/conversations.ts';
import { unreadCount } from '../../queries/messaging/unread.ts';
import { pageRequest } from '../core/pagination.ts';
import { FeatureNotAvailableException, ValidationException, VendorNotFoundException } from '../core/errors.ts';
import {
  ConversationNotFoundException,
  InvalidConversationTypeException,
  InvalidRecipientTypeException,
  MessageAttachmentException,
} from '../../commands/messaging/errors.ts';
import { UserNotFoundException } from '../../commands/users/errors.ts';
import { CustomerNotFoundException } from '../../commands/customers/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import type { Api } from './api.ts';
import { attachmentUpload, sendAttachment, storeAttachments, withAttachments } from './messageAttachments.ts';
import { assertMessageAllowed } from './messagingFeatures.ts';
import { allFiles, formBody } from './multipart.ts';
import {
  AttachmentParams,
  ConversationDetail,
  ConversationList,
  ConversationParams,
  MessagesQuery,
  ReadPosition,
  ReplyBody,
  UnreadCount,
  withFiles,
} from './schemas/messaging.ts';

/**
 * The messaging routes of one area (admin, vendor, shop: the same seven routes under /messages,
 * docs/messaging.md). The area says who the caller is (its actor and viewer), how a start body
 * names the recipients, and how a request becomes a command context.
 */
export interface MessagingArea {
  caller: 'admin' | 'vendor' | 'customer';
  /** Who acts, with the vendor they act for; resolved once per request. */
  actor(ctx: Context): Promise<Actor>;
  commandContext(ctx: Context): CommandContext;
  startBody: TObject;
  /** The start body as the command's input (the shop fills in its defaults). */
  toNewConversation(body: any): NewConversation;
}

const viewerOf = (a: Actor): Viewer => ({ kind: a.kind, id: a.id, vendor_id: a.vendor_id ?? undefined });

/** Multipart form fields arrive as text: admin_ids as "2,3" or repeated fields become numbers. */
function multipartIds(ctx: Context): void {
  const body: unknown = ctx.request.body;
  if (!ctx.is('multipart') || typeof body !== 'object' || body === null || !('admin_ids' in body) || body.admin_ids === undefined) return;
  const raw = ([] as unknown[]).concat(body.admin_ids).flatMap((v) => String(v).split(','));
  body.admin_ids = raw.map((v) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v));
}

export function declareMessageRoutes(api: Api, services: Services, area: MessagingArea): void {
  const knex = services.db.knex;
  const deps = (): MessagingDeps => ({ store: services.store, clock: services.clock });
  const { caller } = area;
  const detail = async (ctx: Context, viewer: Viewer, id: string) => getConversation(knex, viewer, id, pageRequest(ctx.query));
  // Writing is gated by the vendor's plan per conversation type and per attachment (src/http/messagingFeatures.ts); admins never are.
  const writes =
    caller === 'vendor'
      ? "a vendor_customer conversation needs the vendor's `customer_messaging`, an admin_vendor one its `admin_messaging`"
      : "the conversation with the shop needs the shop vendor's `customer_messaging`";
  const gated =
    caller === 'admin'
      ? {}
      : {
          description:
            `Plan features: writing in ${writes}; files need \`message_attachments\`. Otherwise 403 FeatureNotAvailableException ` +
            'naming the feature and its lowest tier, and nothing is stored. Reading is never gated.',
        };
  const planRefusal = caller === 'admin' ? [] : [FeatureNotAvailableException];
  // A team member writes only with the role's `messages.send` (a viewer reads, and marks read, only).
  const sends = caller === 'vendor' ? { permission: 'messages.send' } : {};

  api.get(
    '/messages',
    {
      summary: "The caller's conversations, most recent activity first, each with its last message and the caller's unread count",
      caller,
      query: MessagesQuery,
      responses: { 200: ConversationList },
    },
    async (ctx, { query }) => {
      ctx.body = await listConversations(knex, viewerOf(await area.actor(ctx)), pageRequest(query));
    },
  );

  api.post(
    '/messages',
    {
      summary: 'Start a conversation with its first message (JSON, or multipart with up to 5 files in the field `files`)',
      caller,
      ...sends,
      bodyType: 'multipart',
      body: withFiles(area.startBody),
      use: [attachmentUpload],
      responses: { 201: ConversationDetail },
      ...gated,
      errors: [
        ValidationException,
        InvalidConversationTypeException,
        InvalidRecipientTypeException,
        MessageAttachmentException,
        VendorNotFoundException,
        CustomerNotFoundException,
        UserNotFoundException,
        ...planRefusal,
      ],
    },
    async (ctx) => {
      multipartIds(ctx);
      const input = area.toNewConversation(formBody(ctx, area.startBody));
      const actor = await area.actor(ctx);
      await assertMessageAllowed(services, actor, input.conversation_type, allFiles(ctx).length);
      const id = newConversationId();
      const refs = await storeAttachments(services, ctx, id);
      const done = await withAttachments(services, id, refs, () =>
        startConversation(deps(), id, input, refs, actor, area.commandContext(ctx)),
      );
      await services.settle([done]);
      ctx.status = 201;
      ctx.body = await detail(ctx, viewerOf(actor), id);
    },
  );

  api.get(
    '/messages/unread-count',
    {
      summary: "The caller's unread messages over all their conversations (for a badge)",
      caller,
      responses: { 200: UnreadCount },
    },
    async (ctx) => {
      ctx.body = { unread_count: await unreadCount(knex, viewerOf(await area.actor(ctx))) };
    },
  );

  api.get(
    '/messages/:conversation_id',
    {
      summary: "One of the caller's conversations with a page of its messages, oldest first",
      caller,
      params: ConversationParams,
      query: MessagesQuery,
      responses: { 200: ConversationDetail },
      errors: [ConversationNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await detail(ctx, viewerOf(await area.actor(ctx)), params.conversation_id);
    },
  );

  api.post(
    '/messages/:conversation_id',
    {
      summary:
        'Reply (JSON, or multipart with up to 5 files in the field `files`); answers the conversation with its last page of messages',
      caller,
      ...sends,
      params: ConversationParams,
      bodyType: 'multipart',
      body: withFiles(ReplyBody),
      use: [attachmentUpload],
      responses: { 201: ConversationDetail },
      ...gated,
      errors: [ValidationException, ConversationNotFoundException, MessageAttachmentException, ...planRefusal],
    },
    async (ctx, { params }) => {
      const body = formBody(ctx, ReplyBody);
      const actor = await area.actor(ctx);
      const id = params.conversation_id;
      const conversation = await conversationFor(deps(), id, actor);
      await assertMessageAllowed(services, actor, conversation.conversation_type, allFiles(ctx).length);
      const refs = await storeAttachments(services, ctx, id);
      const done = await withAttachments(services, id, refs, () =>
        postMessage(deps(), id, body.body, refs, actor, area.commandContext(ctx)),
      );
      await services.settle([done]);
      ctx.status = 201;
      const viewer = viewerOf(actor);
      const first = await detail(ctx, viewer, id);
      const lastPage = Math.max(1, Math.ceil(first.messages.total / first.messages.limit));
      ctx.body =
        ctx.query.page === undefined && lastPage > 1
          ? await getConversation(knex, viewer, id, { page: lastPage, limit: first.messages.limit })
          : first;
    },
  );

  api.post(
    '/messages/:conversation_id/read',
    {
      summary: 'Mark the conversation read up to its last message, for the caller only',
      caller,
      params: ConversationParams,
      responses: { 200: ReadPosition },
      errors: [ConversationNotFoundException],
    },
    async (ctx, { params }) => {
      const actor = await area.actor(ctx);
      await services.settle([await markConversationRead(deps(), params.conversation_id, actor, area.commandContext(ctx))]);
      const viewer = viewerOf(actor);
      const conversation = await getConversation(knex, viewer, params.conversation_id, { page: 1, limit: 1 });
      ctx.body = {
        conversation_id: params.conversation_id,
        unread_count: conversation.unread_count,
        total_unread_count: await unreadCount(knex, viewer),
      };
    },
  );

  api.get(
    '/messages/:conversation_id/attachments/:attachment_id',
    {
      summary: 'Download an attachment (participants only): served as a file, never rendered',
      caller,
      params: AttachmentParams,
      responses: { 200: { description: 'The file, with Content-Disposition: attachment', contentType: 'application/octet-stream' } },
      errors: [ConversationNotFoundException],
    },
    async (ctx, { params }) => {
      await sendAttachment(services, ctx, viewerOf(await area.actor(ctx)), params.conversation_id, params.attachment_id);
    },
  );
}
