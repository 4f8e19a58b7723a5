import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import {
  CONVERSATION_EVENT_TYPES,
  CONVERSATION_TYPES,
  type ConversationEvent,
  type ParticipantKind,
} from '../../commands/messaging/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const participantKind = () => column.oneOf(['admin', 'vendor_user', 'customer'] as const satisfies readonly ParticipantKind[]);

export const ConversationRow = readModel('conversations', {
  id: column.text(),
  conversation_type: column.oneOf(CONVERSATION_TYPES),
  subject: column.text(),
  vendor_id: column.nullable(column.int()),
  customer_id: column.nullable(column.int()),
  admin_ids: column.json(
    Type.Array(Type.Integer(), {
      description: 'admin conversations: the admins taking part; otherwise empty (admin_vendor: every admin)',
    }),
  ),
  /** The author of the first message, named as they were then. */
  started_by: column.json(Type.Object({ kind: participantKind(), id: Type.Integer(), name: Type.String() })),
  created_at: column.time(),
  message_count: column.int(),
  last_message_id: column.nullable(column.text()),
  last_message_seq: column.int(),
  last_message_at: column.time(),
});
export type ConversationRow = RowOf<typeof ConversationRow>;

export const ConversationMessageRow = readModel('conversation_messages', {
  id: column.text(),
  conversation_id: column.text(),
  /** The stream version of the message's event: the order of the conversation. */
  seq: column.int(),
  author_kind: participantKind(),
  author_id: column.int(),
  author_name: column.text(),
  body: column.text(),
  attachments: column.json(
    Type.Array(Type.Object({ id: Type.String(), filename: Type.String(), content_type: Type.String(), size: Type.Integer() })),
  ),
  created_at: column.time(),
});
export type ConversationMessageRow = RowOf<typeof ConversationMessageRow>;

export const ConversationReadRow = readModel('conversation_reads', {
  conversation_id: column.text(),
  reader_kind: participantKind(),
  reader_id: column.int(),
  /** The seq of the last message the reader has read; only moves forward. */
  up_to_seq: column.int(),
  read_at: column.time(),
});
export type ConversationReadRow = RowOf<typeof ConversationReadRow>;

/** A read position as the events give it: by message id, turned into its seq by the statement. */
type ReadTo = Pick<JsonRow<ConversationReadRow>, 'conversation_id' | 'reader_kind' | 'reader_id'> & {
  message_id: ConversationMessageRow['id'];
  at: string;
};

/**
 * conversations, conversation_messages and conversation_reads: the conversation lists, the
 * messages of one conversation, and each reader's read position (unread counts are counted from
 * it, queries/messaging/unread.ts). A message's `seq` is the stream version of its event, so the
 * order of messages and read positions is the stream's, whatever the batches. Every statement is
 * idempotent and order-free within a batch (insert-or-ignore, positions only move forward), so a
 * batch of hundreds of replies is four statements.
 *
 * Not a row projection: it keeps three tables, and its statements are idempotent and order-free
 * within a batch (insert-or-ignore, read positions that only move forward), so it needs no row in
 * memory.
 */
export const conversations: Projection = {
  kind: 'projection',
  name: 'conversations',
  eventTypes: CONVERSATION_EVENT_TYPES,
  tables: ['conversations', 'conversation_messages', 'conversation_reads'],
  readModels: [ConversationRow, ConversationMessageRow, ConversationReadRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    // A new conversation's counts and last message are the columns' defaults until its first message.
    const started: Omit<JsonRow<ConversationRow>, 'message_count' | 'last_message_id' | 'last_message_seq'>[] = [];
    const messages: JsonRow<ConversationMessageRow>[] = [];
    const reads: ReadTo[] = [];
    const touched = new Set<string>();
    for (const raw of events) {
      const e = domainEvent<ConversationEvent>(raw);
      switch (e.type) {
        case 'ConversationStarted': {
          const d = e.data;
          started.push({
            id: d.conversation_id,
            conversation_type: d.conversation_type,
            subject: d.subject,
            vendor_id: d.vendor_id,
            customer_id: d.customer_id,
            admin_ids: d.admin_ids,
            started_by: d.started_by,
            created_at: d.at,
            last_message_at: d.at,
          });
          break;
        }
        case 'MessagePosted': {
          const d = e.data;
          messages.push({
            id: d.message_id,
            conversation_id: d.conversation_id,
            seq: raw.version,
            author_kind: d.author.kind,
            author_id: d.author.id,
            author_name: d.author.name,
            body: d.body,
            attachments: d.attachments,
            created_at: d.at,
          });
          // The author has read the conversation up to their own message.
          reads.push({
            conversation_id: d.conversation_id,
            reader_kind: d.author.kind,
            reader_id: d.author.id,
            message_id: d.message_id,
            at: d.at,
          });
          touched.add(d.conversation_id);
          break;
        }
        case 'ConversationRead': {
          const d = e.data;
          reads.push({
            conversation_id: d.conversation_id,
            reader_kind: d.reader.kind,
            reader_id: d.reader.id,
            message_id: d.up_to_message_id,
            at: d.at,
          });
          break;
        }
      }
    }
    if (started.length > 0) {
      await trx.raw(
        `INSERT INTO conversations (id, conversation_type, subject, vendor_id, customer_id, admin_ids, started_by, created_at, last_message_at)
        SELECT id, conversation_type, subject, vendor_id, customer_id, admin_ids, started_by, created_at, last_message_at
          FROM json_to_recordset(?::json) AS r(id text, conversation_type text, subject text, vendor_id integer, customer_id integer,
               admin_ids jsonb, started_by jsonb, created_at timestamptz, last_message_at timestamptz)
        ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(started)],
      );
    }
    if (messages.length > 0) {
      await trx.raw(
        `INSERT INTO conversation_messages (id, conversation_id, seq, author_kind, author_id, author_name, body, attachments, created_at)
        SELECT id, conversation_id, seq, author_kind, author_id, author_name, body, attachments, created_at
          FROM json_to_recordset(?::json) AS r(id text, conversation_id text, seq integer, author_kind text, author_id integer,
               author_name text, body text, attachments jsonb, created_at timestamptz)
        ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(messages)],
      );
      await trx.raw(
        `UPDATE conversations c
          SET message_count = s.n, last_message_id = s.last_id, last_message_seq = s.last_seq, last_message_at = s.last_at
         FROM (SELECT conversation_id, count(*)::int AS n,
                      (array_agg(id ORDER BY seq DESC))[1] AS last_id, max(seq) AS last_seq,
                      (array_agg(created_at ORDER BY seq DESC))[1] AS last_at
                 FROM conversation_messages WHERE conversation_id IN (SELECT json_array_elements_text(?::json)) GROUP BY conversation_id) s
        WHERE c.id = s.conversation_id`,
        [JSON.stringify([...touched])],
      );
    }
    if (reads.length > 0) {
      await trx.raw(
        `INSERT INTO conversation_reads AS cr (conversation_id, reader_kind, reader_id, up_to_seq, read_at)
        SELECT DISTINCT ON (r.conversation_id, r.reader_kind, r.reader_id) r.conversation_id, r.reader_kind, r.reader_id, m.seq, r.at
          FROM json_to_recordset(?::json) AS r(conversation_id text, reader_kind text, reader_id integer, message_id text, at timestamptz)
          JOIN conversation_messages m ON m.id = r.message_id
         ORDER BY r.conversation_id, r.reader_kind, r.reader_id, m.seq DESC
        ON CONFLICT (conversation_id, reader_kind, reader_id) DO UPDATE
          SET up_to_seq = GREATEST(cr.up_to_seq, EXCLUDED.up_to_seq),
              read_at = CASE WHEN EXCLUDED.up_to_seq > cr.up_to_seq THEN EXCLUDED.read_at ELSE cr.read_at END`,
        [JSON.stringify(reads)],
      );
    }
  },
};
