import type { AttachmentRef, Author, ConversationType } from './events.ts';

/**
 * Who acts on a conversation: the author as shown, and for a team member or a customer the
 * vendor they act for (the token's vendor, or the shop's), which decides what they may see.
 */
export interface Actor extends Author {
  vendor_id: number | null;
}

/** Commands of the conversation aggregate. Ids and time are chosen before the decision. */
export type StartConversation = {
  type: 'StartConversation';
  data: {
    conversation_id: string;
    /** As asked: the decision refuses a type the actor's area does not open. */
    conversation_type: ConversationType | string;
    subject: string;
    /** The recipients as asked, checked against the type. */
    vendor_id: number | null;
    customer_id: number | null;
    admin_ids: number[];
    actor: Actor;
    message_id: string;
    body: string;
    attachments: AttachmentRef[];
    at: string;
  };
};
export type PostMessage = {
  type: 'PostMessage';
  data: { actor: Actor; message_id: string; body: string; attachments: AttachmentRef[]; at: string };
};
export type MarkConversationRead = { type: 'MarkConversationRead'; data: { actor: Actor; at: string } };

export type ConversationCommand = StartConversation | PostMessage | MarkConversationRead;
