import { Type } from '@sinclair/typebox';
import { ConversationMessageRow, ConversationRow } from '../../../projections/messaging/conversations.ts';
import { Nullable, Page, rowFields } from '../responses.ts';
import { Id, PageQuery } from '../validation.ts';

/** Schemas of the messaging routes (docs/messaging.md); every area answers the same shapes. */
export const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
export const ConversationParams = Type.Object({ conversation_id: Uuid });
export const AttachmentParams = Type.Object({ conversation_id: Uuid, attachment_id: Uuid });
export const MessagesQuery = Type.Object(PageQuery);

const Kind = Type.Union([Type.Literal('admin'), Type.Literal('vendor_user'), Type.Literal('customer')], { $id: 'MessageAuthorKind' });
const Author = Type.Object({ kind: Kind, id: Type.Integer(), name: Type.String() }, { $id: 'MessageAuthor' });
const ConversationType = Type.Union([Type.Literal('vendor_customer'), Type.Literal('admin_vendor'), Type.Literal('admin')], {
  $id: 'ConversationType',
  description:
    "vendor_customer: a customer and the vendor's team; admin_vendor: the platform's admins and one vendor's team; admin: between admins",
});

export const AttachmentView = Type.Object(
  {
    id: Uuid,
    filename: Type.String(),
    content_type: Type.String({
      description: 'As read from the bytes: image/png, image/jpeg, image/webp, image/gif, application/pdf, text/plain or text/csv',
    }),
    size: Type.Integer({ minimum: 1 }),
    url: Type.String({ description: 'Where the participants download it (GET, same credentials)' }),
  },
  { $id: 'MessageAttachment' },
);

/** The fields a message and a conversation show as their tables hold them. */
const messageColumns = rowFields(ConversationMessageRow, ['body', 'created_at']);
const conversationColumns = rowFields(ConversationRow, [
  'subject',
  'vendor_id',
  'customer_id',
  'admin_ids',
  'created_at',
  'last_message_at',
  'message_count',
]);

export const MessageView = Type.Object(
  {
    id: Uuid,
    conversation_id: Uuid,
    author: Author,
    is_own: Type.Boolean({ description: 'Whether the caller wrote it' }),
    attachments: Type.Array(AttachmentView),
    ...messageColumns,
  },
  { $id: 'Message' },
);

const summary = {
  id: Uuid,
  conversation_type: ConversationType,
  ...conversationColumns,
  vendor_name: Nullable(Type.String()),
  customer_name: Nullable(Type.String()),
  started_by: Author,
  unread_count: Type.Integer({ minimum: 0, description: "The caller's own unread messages here" }),
  last_message: Nullable(MessageView),
};
export const ConversationSummary = Type.Object(summary, { $id: 'ConversationSummary' });
export const ConversationList = Page(ConversationSummary);
export const ConversationDetail = Type.Object(
  { ...summary, messages: Page(MessageView, {}) },
  { $id: 'ConversationDetail', description: 'The conversation and a page of its messages, oldest first (page and limit of the query)' },
);
export const UnreadCount = Type.Object(
  { unread_count: Type.Integer({ minimum: 0, description: "The caller's unread messages over all their conversations" }) },
  { $id: 'MessageUnreadCount' },
);
export const ReadPosition = Type.Object(
  { conversation_id: Uuid, unread_count: Type.Integer({ minimum: 0 }), total_unread_count: Type.Integer({ minimum: 0 }) },
  { $id: 'ReadPosition' },
);

const text = {
  body: Type.String({ maxLength: 10_000, description: 'The message; may be empty when files are attached' }),
};
const subject = Type.String({ minLength: 1, maxLength: 200 });
const typeField = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'vendor_customer, admin_vendor or admin; which ones depends on the area',
});
const files = {
  files: Type.Optional(
    Type.String({
      format: 'binary',
      description: 'Multipart only: up to 5 files (field `files`), 10 MB each; PNG, JPEG, WebP, GIF, PDF, UTF-8 .txt or .csv',
    }),
  ),
};

export const AdminStartBody = Type.Object(
  {
    conversation_type: typeField,
    subject,
    ...text,
    vendor_id: Type.Optional(Id),
    admin_ids: Type.Optional(Type.Array(Id, { maxItems: 50, description: 'admin: the other admins taking part' })),
    customer_id: Type.Optional(Id),
  },
  { $id: 'AdminConversationStart', additionalProperties: false, description: 'admin_vendor names vendor_id; admin names admin_ids' },
);
export const VendorStartBody = Type.Object(
  {
    conversation_type: typeField,
    subject,
    ...text,
    customer_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "vendor_customer: one of the vendor's customers" }),
    ),
    admin_ids: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  },
  {
    $id: 'VendorConversationStart',
    additionalProperties: false,
    description: "admin_vendor goes to the platform's admins; vendor_customer names customer_id",
  },
);
export const ShopStartBody = Type.Object(
  {
    conversation_type: Type.Optional(typeField),
    subject,
    ...text,
  },
  {
    $id: 'ShopConversationStart',
    additionalProperties: false,
    description: "A conversation with the shop's vendor (vendor_customer, the default)",
  },
);
export const ReplyBody = Type.Object(text, { $id: 'MessageReply', additionalProperties: false });

/** The documented multipart forms, named after their fields (`<fields>Form`): the fields above and the files. */
export const withFiles = <T extends ReturnType<typeof Type.Object>>(schema: T) =>
  Type.Intersect([schema, Type.Object(files)], schema.$id ? { $id: `${schema.$id}Form` } : {});
