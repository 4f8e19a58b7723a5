import type { TableOf } from '../../src/core/readModel.ts';
import type { ConversationMessageRow, ConversationReadRow, ConversationRow } from './conversations.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('conversations')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    conversation_messages: TableOf<ConversationMessageRow>;
    conversation_reads: TableOf<ConversationReadRow>;
    conversations: TableOf<ConversationRow>;
  }
}
