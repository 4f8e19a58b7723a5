/**
 * Messaging (SPEC.md part 1 capability 6, part 2 "Messaging"): conversations between a
 * customer and their vendor's team (vendor_customer), the platform's admins and one vendor's
 * team (admin_vendor), or admins among themselves (admin). Every event of a conversation names
 * its participants, so a read model or a live feed can tell who may see it without the stream.
 * This file is the area's public contract (the live delivery and offline e-mails build on it).
 */
export type ConversationType = 'vendor_customer' | 'admin_vendor' | 'admin';
export const CONVERSATION_TYPES: readonly ConversationType[] = ['vendor_customer', 'admin_vendor', 'admin'];

export type ParticipantKind = 'admin' | 'vendor_user' | 'customer';

/** Who wrote: an admin, a member of a vendor's team, or a shop customer (name as shown then). */
export interface Author {
  kind: ParticipantKind;
  id: number;
  name: string;
}

/** Whose read position moved: each admin, team member and customer has their own. */
export interface Reader {
  kind: ParticipantKind;
  id: number;
}

/** A stored attachment: the bytes live outside the database (src/adapters/attachmentStorage.ts). */
export interface AttachmentRef {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

/** The parties of a conversation, repeated on its messages. */
export interface ConversationParties {
  conversation_type: ConversationType;
  vendor_id: number | null;
  customer_id: number | null;
  /** admin conversations: the admins taking part; admin_vendor: [] = every admin; vendor_customer: []. */
  admin_ids: number[];
}

/** A conversation was opened, with a subject; its first message follows in the same append. */
export type ConversationStarted = {
  type: 'ConversationStarted';
  data: ConversationParties & { conversation_id: string; subject: string; started_by: Author; at: string };
};

/** A participant wrote a message, possibly with attachments. */
export type MessagePosted = {
  type: 'MessagePosted';
  data: ConversationParties & {
    conversation_id: string;
    message_id: string;
    author: Author;
    body: string;
    attachments: AttachmentRef[];
    at: string;
  };
};

/** A participant read the conversation up to a message: their unread count there drops to zero. */
export type ConversationRead = {
  type: 'ConversationRead';
  data: { conversation_id: string; reader: Reader; up_to_message_id: string; at: string };
};

export type ConversationEvent = ConversationStarted | MessagePosted | ConversationRead;

export const CONVERSATION_EVENT_TYPES = [
  'ConversationStarted',
  'MessagePosted',
  'ConversationRead',
] as const satisfies readonly ConversationEvent['type'][];
