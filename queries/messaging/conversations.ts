import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { ConversationNotFoundException } from '../../commands/messaging/errors.ts';
import type { ConversationMessageRow, ConversationRow } from '../../projections/messaging/conversations.ts';
import { unreadSql, visibleTo, type Viewer } from './viewer.ts';

export type { Viewer } from './viewer.ts';

/** Where each area serves a conversation's attachments (GET, the same credentials). */
const AREA_PREFIX: Record<Viewer['kind'], string> = { admin: '/api/v1/admin', vendor_user: '/api/v1/vendor', customer: '/api/v1/shop' };

export interface AttachmentView {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
}

export interface MessageView {
  id: string;
  conversation_id: string;
  author: { kind: Viewer['kind']; id: number; name: string };
  /** Whether the viewer wrote it. */
  is_own: boolean;
  body: string;
  attachments: AttachmentView[];
  created_at: string;
}

export interface ConversationSummary {
  id: string;
  conversation_type: 'vendor_customer' | 'admin_vendor' | 'admin';
  subject: string;
  vendor_id: number | null;
  vendor_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  admin_ids: number[];
  started_by: { kind: Viewer['kind']; id: number; name: string };
  created_at: string;
  last_message_at: string;
  message_count: number;
  /** The viewer's own unread messages here. */
  unread_count: number;
  last_message: MessageView | null;
}

export interface ConversationDetail extends ConversationSummary {
  /** Oldest first. */
  messages: Page<MessageView>;
}

/** The columns of a message a view shows. */
type MessageRead = Pick<
  ConversationMessageRow,
  'id' | 'conversation_id' | 'author_kind' | 'author_id' | 'author_name' | 'body' | 'attachments' | 'created_at'
>;

/** A conversation with its vendor's and customer's names, its last message (`lm_` columns, null before the first) and the viewer's unread count. */
type ConversationListRead = ConversationRow & {
  vendor_name: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  unread_count: number;
} & { [K in keyof MessageRead as `lm_${K}`]: MessageRead[K] | null };

function messageView(viewer: Viewer, r: MessageRead): MessageView {
  const conversationId = r.conversation_id;
  return {
    id: r.id,
    conversation_id: conversationId,
    author: { kind: r.author_kind, id: r.author_id, name: r.author_name },
    is_own: r.author_kind === viewer.kind && r.author_id === viewer.id,
    body: r.body,
    attachments: r.attachments.map((a) => ({
      ...a,
      url: `${AREA_PREFIX[viewer.kind]}/messages/${conversationId}/attachments/${a.id}`,
    })),
    created_at: r.created_at.toISOString(),
  };
}

/** The conversation's last message, from its `lm_` columns. */
function lastMessage(r: ConversationListRead): MessageRead | null {
  if (!r.lm_id) return null;
  return {
    id: r.lm_id,
    conversation_id: r.lm_conversation_id!,
    author_kind: r.lm_author_kind!,
    author_id: r.lm_author_id!,
    author_name: r.lm_author_name!,
    body: r.lm_body!,
    attachments: r.lm_attachments!,
    created_at: r.lm_created_at!,
  };
}

function summary(viewer: Viewer, r: ConversationListRead): ConversationSummary {
  const customerName = [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' ') || r.customer_email || null;
  const last = lastMessage(r);
  return {
    id: r.id,
    conversation_type: r.conversation_type,
    subject: r.subject,
    vendor_id: r.vendor_id,
    vendor_name: r.vendor_name ?? null,
    customer_id: r.customer_id,
    customer_name: r.customer_id === null ? null : customerName,
    admin_ids: r.admin_ids,
    started_by: r.started_by,
    created_at: r.created_at.toISOString(),
    last_message_at: r.last_message_at.toISOString(),
    message_count: r.message_count,
    unread_count: Number(r.unread_count),
    last_message: last ? messageView(viewer, last) : null,
  };
}

function base(knex: Knex, viewer: Viewer) {
  return knex('conversations as c')
    .leftJoin('vendor_list as v', 'v.id', 'c.vendor_id')
    .leftJoin('customer_list as cu', 'cu.id', 'c.customer_id')
    .leftJoin('conversation_messages as lm', 'lm.id', 'c.last_message_id')
    .modify(visibleTo(viewer))
    .select(
      'c.*',
      'v.name as vendor_name',
      'cu.first_name as customer_first_name',
      'cu.last_name as customer_last_name',
      'cu.email as customer_email',
      'lm.id as lm_id',
      'lm.conversation_id as lm_conversation_id',
      'lm.author_kind as lm_author_kind',
      'lm.author_id as lm_author_id',
      'lm.author_name as lm_author_name',
      'lm.body as lm_body',
      'lm.attachments as lm_attachments',
      'lm.created_at as lm_created_at',
      knex.raw('? AS unread_count', [unreadSql(knex, viewer)]),
    );
}

/** The viewer's conversations, the most recent activity first, each with its last message and the viewer's unread count. */
export function listConversations(knex: Knex, viewer: Viewer, page: PageRequest): Promise<Page<ConversationSummary>> {
  return paginate(
    base(knex, viewer),
    page,
    (q) =>
      q.orderBy([
        { column: 'c.last_message_at', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ]),
    (r: ConversationListRead) => summary(viewer, r),
  );
}

/** One of the viewer's conversations with a page of its messages (oldest first); another's is ConversationNotFoundException. */
export async function getConversation(knex: Knex, viewer: Viewer, id: string, page: PageRequest): Promise<ConversationDetail> {
  const row = await base(knex, viewer).where('c.id', id).first<ConversationListRead | undefined>();
  if (!row) throw new ConversationNotFoundException('Conversation not found');
  const messages = await paginate(
    knex<ConversationMessageRow>('conversation_messages').where('conversation_id', id),
    page,
    (q) => q.orderBy('seq'),
    (r: ConversationMessageRow) => messageView(viewer, r),
  );
  return { ...summary(viewer, row), messages };
}

/** An attachment of one of the viewer's conversations, with where its bytes are kept; anything else is ConversationNotFoundException. */
export async function getAttachment(knex: Knex, viewer: Viewer, conversationId: string, attachmentId: string) {
  const rows: Pick<ConversationMessageRow, 'attachments'>[] = await knex('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .modify(visibleTo(viewer))
    .where('c.id', conversationId)
    .whereRaw('m.attachments @> ?::jsonb', [JSON.stringify([{ id: attachmentId }])])
    .select('m.attachments');
  const found = rows.flatMap((r) => r.attachments).find((a) => a.id === attachmentId);
  if (!found) throw new ConversationNotFoundException('Conversation or attachment not found');
  return { conversation_id: conversationId, ...found };
}
