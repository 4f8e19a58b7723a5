import type { Actor, ConversationCommand, StartConversation } from './commands.ts';
import type { ConversationEvent, ConversationParties, ConversationType, ParticipantKind, AttachmentRef, Author } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ConflictException, ValidationException } from '../../src/core/errors.ts';
import {
  ConversationNotFoundException,
  InvalidConversationTypeException,
  InvalidRecipientTypeException,
  MessageAttachmentException,
} from './errors.ts';

export type { Actor, ConversationCommand } from './commands.ts';

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

/** Attachments per message (docs/messaging.md "Attachments"). */
export const MAX_ATTACHMENTS = 5;
export const MAX_BODY_LENGTH = 10_000;
export const MAX_SUBJECT_LENGTH = 200;

const author = (a: Actor): Author => ({ kind: a.kind, id: a.id, name: a.name });

function openFor(state: ConversationState, actor: Actor): OpenConversation {
  if (state.status !== 'open' || !takesPart(state, actor)) throw new ConversationNotFoundException('Conversation not found');
  return state;
}

function checkMessage(body: string, attachments: AttachmentRef[]): void {
  if (body.trim() === '' && attachments.length === 0) {
    throw new ValidationException('A message needs a text or an attachment', [{ pointer: '/body/body', message: 'empty' }]);
  }
  if (body.length > MAX_BODY_LENGTH) {
    throw new ValidationException(`A message holds at most ${MAX_BODY_LENGTH} characters`, [
      { pointer: '/body/body', message: 'too long' },
    ]);
  }
  if (attachments.length > MAX_ATTACHMENTS) {
    throw new MessageAttachmentException(`A message carries at most ${MAX_ATTACHMENTS} attachments`, { max_attachments: MAX_ATTACHMENTS });
  }
}

const refuse = (message: string) => new InvalidRecipientTypeException(message);

/**
 * The parties of a new conversation from the recipients asked for. The actor's own side is never
 * a recipient: a team member opens conversations of their own vendor, a customer of their shop.
 */
function partiesOf(c: StartConversation['data']): ConversationParties {
  const { actor } = c;
  if (!(TYPES_OPENED_BY[actor.kind] as readonly string[]).includes(c.conversation_type)) {
    throw new InvalidConversationTypeException(`A ${actor.kind.replace('_', ' ')} cannot open a '${c.conversation_type}' conversation`, {
      allowed_types: TYPES_OPENED_BY[actor.kind],
    });
  }
  const type = c.conversation_type as ConversationType;
  const none = (what: string, present: boolean) => {
    if (present) throw refuse(`A '${type}' conversation from here takes no ${what}`);
  };
  if (actor.kind === 'admin' && type === 'admin_vendor') {
    none('customer_id', c.customer_id !== null);
    none('admin_ids', c.admin_ids.length > 0);
    if (c.vendor_id === null) throw refuse('An admin_vendor conversation names its vendor (vendor_id)');
    return { conversation_type: type, vendor_id: c.vendor_id, customer_id: null, admin_ids: [] };
  }
  if (actor.kind === 'admin') {
    none('vendor_id', c.vendor_id !== null);
    none('customer_id', c.customer_id !== null);
    const others = [...new Set(c.admin_ids)].filter((id) => id !== actor.id);
    if (others.length === 0) throw refuse('An admin conversation names at least one other admin (admin_ids)');
    return { conversation_type: type, vendor_id: null, customer_id: null, admin_ids: [actor.id, ...others].sort((a, b) => a - b) };
  }
  if (actor.vendor_id === null) throw refuse('The actor acts for no vendor');
  if (actor.kind === 'vendor_user' && type === 'admin_vendor') {
    none('customer_id', c.customer_id !== null);
    none('admin_ids', c.admin_ids.length > 0);
    return { conversation_type: type, vendor_id: actor.vendor_id, customer_id: null, admin_ids: [] };
  }
  none('admin_ids', c.admin_ids.length > 0);
  if (actor.kind === 'vendor_user') {
    if (c.customer_id === null) throw refuse("A vendor_customer conversation names the vendor's customer (customer_id)");
    return { conversation_type: type, vendor_id: actor.vendor_id, customer_id: c.customer_id, admin_ids: [] };
  }
  none('customer_id', c.customer_id !== null && c.customer_id !== actor.id);
  return { conversation_type: type, vendor_id: actor.vendor_id, customer_id: actor.id, admin_ids: [] };
}

export function decideConversation(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  switch (command.type) {
    case 'StartConversation': {
      const c = command.data;
      if (state.status !== 'none') throw new ConflictException(`Conversation ${c.conversation_id} exists already`);
      const parties = partiesOf(c);
      const subject = c.subject.trim();
      if (subject === '' || subject.length > MAX_SUBJECT_LENGTH) {
        throw new ValidationException(`A subject has 1 to ${MAX_SUBJECT_LENGTH} characters`, [
          { pointer: '/body/subject', message: 'empty or too long' },
        ]);
      }
      checkMessage(c.body, c.attachments);
      return [
        {
          type: 'ConversationStarted',
          data: { conversation_id: c.conversation_id, ...parties, subject, started_by: author(c.actor), at: c.at },
        },
        {
          type: 'MessagePosted',
          data: {
            conversation_id: c.conversation_id,
            message_id: c.message_id,
            ...parties,
            author: author(c.actor),
            body: c.body,
            attachments: c.attachments,
            at: c.at,
          },
        },
      ];
    }
    case 'PostMessage': {
      const open = openFor(state, command.data.actor);
      const { actor, message_id, body, attachments, at } = command.data;
      checkMessage(body, attachments);
      const { conversation_type, vendor_id, customer_id, admin_ids } = open;
      return [
        {
          type: 'MessagePosted',
          data: {
            conversation_id: open.conversation_id,
            message_id,
            conversation_type,
            vendor_id,
            customer_id,
            admin_ids,
            author: author(actor),
            body,
            attachments,
            at,
          },
        },
      ];
    }
    case 'MarkConversationRead': {
      const { actor, at } = command.data;
      const open = openFor(state, actor);
      // Read up to the last message already: nothing moves.
      if ((open.reads[readerKey(actor.kind, actor.id)] ?? 0) >= open.message_count) return [];
      return [
        {
          type: 'ConversationRead',
          data: {
            conversation_id: open.conversation_id,
            reader: { kind: actor.kind, id: actor.id },
            up_to_message_id: open.last_message_id,
            at,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const conversation: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  aggregate: 'conversation',
  initialState: initialConversationState,
  evolve: evolveConversation,
  decide: decideConversation,
};
