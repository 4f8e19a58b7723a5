import type { Actor } from './commands.ts';
import type { ConversationEvent, ConversationParties, ConversationType, ParticipantKind } from './events.ts';

export type OpenConversation = ConversationParties & {
  status: 'open';
  conversation_id: string;
  subject: string;
  message_count: number;
  last_message_id: string;
  /** Each reader's position: how many of the messages they have read (`<kind>:<id>`). */
  reads: Record<string, number>;
};

export type ConversationState = { status: 'none' } | OpenConversation;

export const initialConversationState = (): ConversationState => ({ status: 'none' });

export const readerKey = (kind: ParticipantKind, id: number) => `${kind}:${id}`;

/** The types each kind of participant may open (admin area, vendor area, shop). */
export const TYPES_OPENED_BY: Record<ParticipantKind, readonly ConversationType[]> = {
  admin: ['admin_vendor', 'admin'],
  vendor_user: ['admin_vendor', 'vendor_customer'],
  customer: ['vendor_customer'],
};

/**
 * Whether the actor takes part: every admin in an admin_vendor conversation, the named admins in
 * an admin one, every member of the vendor's team in its vendor_customer and admin_vendor ones,
 * the customer in their own vendor_customer one. Anyone else is told the conversation does not
 * exist, so no one learns of another tenant's conversations.
 */
export function takesPart(parties: ConversationParties, actor: Pick<Actor, 'kind' | 'id' | 'vendor_id'>): boolean {
  switch (actor.kind) {
    case 'admin':
      return (
        parties.conversation_type === 'admin_vendor' || (parties.conversation_type === 'admin' && parties.admin_ids.includes(actor.id))
      );
    case 'vendor_user':
      return parties.conversation_type !== 'admin' && parties.vendor_id === actor.vendor_id;
    case 'customer':
      return parties.conversation_type === 'vendor_customer' && parties.vendor_id === actor.vendor_id && parties.customer_id === actor.id;
  }
}

export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      return {
        status: 'open',
        conversation_id: d.conversation_id,
        subject: d.subject,
        conversation_type: d.conversation_type,
        vendor_id: d.vendor_id,
        customer_id: d.customer_id,
        admin_ids: d.admin_ids,
        message_count: 0,
        last_message_id: '',
        reads: {},
      };
    }
    case 'MessagePosted': {
      if (state.status !== 'open') return state;
      const count = state.message_count + 1;
      // Writing a message means having read the conversation up to it.
      const reads = { ...state.reads, [readerKey(event.data.author.kind, event.data.author.id)]: count };
      return { ...state, message_count: count, last_message_id: event.data.message_id, reads };
    }
    case 'ConversationRead': {
      if (state.status !== 'open') return state;
      return { ...state, reads: { ...state.reads, [readerKey(event.data.reader.kind, event.data.reader.id)]: state.message_count } };
    }
  }
}
