import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/core/clock.ts';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import { ConversationNotFoundException, InvalidRecipientTypeException } from './errors.ts';
import { UserNotFoundException } from '../users/errors.ts';
import { CustomerNotFoundException } from '../customers/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, retryOnConflict, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import { customer } from '../../src/modules/customers.ts';
import { user } from '../../src/modules/users.ts';
import { vendor } from '../../src/modules/vendors.ts';
import type { Actor } from './commands.ts';
import type { AttachmentRef } from './events.ts';
import { conversation, takesPart, TYPES_OPENED_BY } from './conversation.ts';

/**
 * Command handlers of the messaging area. The recipients of a new conversation are checked on
 * their own streams before the decision: the vendor of an admin_vendor conversation must exist,
 * the customer of a vendor_customer one must be a customer of the actor's vendor (any other is
 * "not found", whether it exists at another vendor or not), the admins of an admin conversation
 * must be admins.
 */
export interface MessagingDeps {
  store: EventStore;
  clock: Clock;
}

type Done = Handled<unknown, any>;

export interface NewConversation {
  conversation_type: string;
  subject: string;
  body: string;
  vendor_id?: number | null;
  customer_id?: number | null;
  admin_ids?: number[];
}

async function checkRecipients(deps: MessagingDeps, input: NewConversation, actor: Actor): Promise<void> {
  if (!(TYPES_OPENED_BY[actor.kind] as readonly string[]).includes(input.conversation_type)) return;
  if (actor.kind === 'admin' && input.conversation_type === 'admin_vendor' && input.vendor_id != null) {
    const { state } = await load(deps.store, vendor, input.vendor_id);
    if (state.status === 'none' || state.status === 'deleted') throw new VendorNotFoundException(`Vendor ${input.vendor_id} not found`);
  }
  if (actor.kind === 'vendor_user' && input.conversation_type === 'vendor_customer' && input.customer_id != null) {
    const { state } = await load(deps.store, customer, input.customer_id);
    if (state.status !== 'registered' || state.vendor_id !== actor.vendor_id)
      throw new CustomerNotFoundException(`Customer ${input.customer_id} not found`);
  }
  if (actor.kind === 'admin' && input.conversation_type === 'admin') {
    for (const id of new Set(input.admin_ids ?? [])) {
      if (id === actor.id) continue;
      const { state } = await load(deps.store, user, id);
      if (state.status === 'none' || state.status === 'deleted') throw new UserNotFoundException(`User ${id} not found`);
      if (state.role !== 'admin')
        throw new InvalidRecipientTypeException(`User ${id} is not an admin; an admin conversation is between admins`);
    }
  }
}

/** A new conversation id, chosen before the attachments are stored under it. */
export const newConversationId = (): string => randomUUID();
export const newAttachmentId = (): string => randomUUID();

export async function startConversation(
  deps: MessagingDeps,
  conversationId: string,
  input: NewConversation,
  attachments: AttachmentRef[],
  actor: Actor,
  ctx: CommandContext,
): Promise<Done> {
  await checkRecipients(deps, input, actor);
  return handleCommand(
    deps.store,
    conversation,
    conversationId,
    {
      type: 'StartConversation',
      data: {
        conversation_id: conversationId,
        conversation_type: input.conversation_type,
        subject: input.subject,
        vendor_id: input.vendor_id ?? null,
        customer_id: input.customer_id ?? null,
        admin_ids: input.admin_ids ?? [],
        actor,
        message_id: randomUUID(),
        body: input.body,
        attachments,
        at: deps.clock.now().toISOString(),
      },
    },
    ctx,
  );
}

/**
 * A reply (and a read, below) decides nothing that another reply could change (no invariant spans
 * the messages): when another write to the conversation came first, it is decided again on the
 * new state instead of refusing the participant with a 409.
 */
export function postMessage(
  deps: MessagingDeps,
  conversationId: string,
  body: string,
  attachments: AttachmentRef[],
  actor: Actor,
  ctx: CommandContext,
): Promise<Done> {
  const message_id = randomUUID();
  return retryOnConflict(
    () =>
      handleCommand(
        deps.store,
        conversation,
        conversationId,
        {
          type: 'PostMessage',
          data: { actor, message_id, body, attachments, at: deps.clock.now().toISOString() },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
}

export function markConversationRead(deps: MessagingDeps, conversationId: string, actor: Actor, ctx: CommandContext): Promise<Done> {
  return retryOnConflict(
    () =>
      handleCommand(
        deps.store,
        conversation,
        conversationId,
        {
          type: 'MarkConversationRead',
          data: { actor, at: deps.clock.now().toISOString() },
        },
        ctx,
      ),
    { tx: ctx.tx },
  );
}

/** Whether the actor takes part in the conversation, as its stream says (before attachments are stored for a reply). */
export async function conversationFor(deps: Pick<MessagingDeps, 'store'>, conversationId: string, actor: Actor) {
  const { state } = await load(deps.store, conversation, conversationId);
  if (state.status !== 'open' || !takesPart(state, actor)) throw new ConversationNotFoundException('Conversation not found');
  return state;
}
