import { rm } from 'node:fs/promises';
import type { Context } from 'koa';
import type { Actor } from '../../../commands/messaging/commands.ts';
import {
  conversationFor,
  markConversationRead,
  newConversationId,
  postMessage,
  startConversation,
  type MessagingDeps,
  type NewConversation,
} from '../../../commands/messaging/handlers.ts';
import { getConversation, listConversations, type ConversationDetail, type Viewer } from '../../../queries/messaging/conversations.ts';
import { unreadCount } from '../../../queries/messaging/unread.ts';
import { DomainException, FeatureNotAvailableException, ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import {
  ConversationNotFoundException,
  InvalidConversationTypeException,
  InvalidRecipientTypeException,
  MessageAttachmentException,
} from '../../../commands/messaging/errors.ts';
import { UserNotFoundException } from '../../../commands/users/errors.ts';
import { CustomerNotFoundException } from '../../../commands/customers/errors.ts';
import { sendAttachment, storeAttachments, withAttachments } from '../../http/messageAttachments.ts';
import { assertMessageAllowed } from '../../http/messagingFeatures.ts';
import { allFiles } from '../../http/multipart.ts';
import { formBody } from '../forms.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import type { FormError } from './texts.ts';

/**
 * What the messages pages do, through the same command handlers, attachment checks and queries
 * as the messaging API (src/http/messageRoutes.ts), plan gates included: no second write path. A refusal becomes the
 * name of an error the page shows in words (`?error=`), never free text from the request.
 */
export type { FormError } from './texts.ts';

export const viewerOf = (a: Actor): Viewer => ({ kind: a.kind, id: a.id, vendor_id: a.vendor_id ?? undefined });

const deps = (services: Services): MessagingDeps => ({ store: services.store, clock: services.clock });

/** A form's refusal as the name of its message, or the error itself when it is not the sender's doing. */
function formError(err: unknown): FormError {
  if (err instanceof MessageAttachmentException) return 'attachment';
  if (err instanceof FeatureNotAvailableException) return 'feature';
  // A recipient the caller cannot reach (another vendor's customer included) is "not found", as in the API.
  if (err instanceof VendorNotFoundException || err instanceof CustomerNotFoundException || err instanceof UserNotFoundException)
    return 'not_found';
  if (err instanceof InvalidRecipientTypeException || err instanceof InvalidConversationTypeException) return 'recipient';
  if (err instanceof ValidationException) return err.errors.some((e) => e.pointer.includes('subject')) ? 'subject' : 'empty';
  throw err;
}

/** A form field's text (the first, when a field came more than once). */
export const text = (ctx: Context, name: string): string => {
  const value = [formBody(ctx)[name]].flat()[0];
  return typeof value === 'string' ? value : '';
};

/** Every value of a repeated form field (checkboxes). */
export const texts = (ctx: Context, name: string): string[] => {
  const value = formBody(ctx)[name];
  return ([] as unknown[]).concat(value ?? []).filter((v): v is string => typeof v === 'string');
};

/**
 * A browser sends a form's file field even when no file was chosen: an empty part without a
 * name. That is no attachment (the API's client sends no such part); it is dropped here.
 */
async function dropUnchosenFiles(ctx: Context): Promise<void> {
  const files = ctx.request.files;
  if (!files) return;
  for (const [field, value] of Object.entries(files)) {
    const list = [value].flat();
    const chosen = list.filter((f) => f.size > 0 || (f.originalFilename ?? '') !== '');
    for (const f of list) if (!chosen.includes(f)) await rm(f.filepath, { force: true }).catch(() => {});
    if (chosen.length === 0) delete files[field];
    else files[field] = chosen;
  }
}

/**
 * Starts a conversation from the form (subject, body, files); its id, or the error to show.
 * `resolve` turns what the form names (a vendor code, a customer's e-mail, ticked admins) into
 * ids after the plan gate, as the API judges the plan before the recipients.
 */
export async function startFromForm(
  services: Services,
  ctx: Context,
  actor: Actor,
  context: CommandContext,
  recipients: Partial<NewConversation>,
  resolve?: () => Promise<Partial<NewConversation>>,
): Promise<{ id: string } | { error: FormError }> {
  const input: NewConversation = {
    conversation_type: 'vendor_customer',
    ...recipients,
    subject: text(ctx, 'subject').slice(0, 1000),
    body: text(ctx, 'body'),
  };
  if (input.subject.trim() === '') return { error: 'subject' };
  const id = newConversationId();
  try {
    await dropUnchosenFiles(ctx);
    await assertMessageAllowed(services, actor, input.conversation_type, allFiles(ctx).length);
    if (resolve) Object.assign(input, await resolve());
    const refs = await storeAttachments(services, ctx, id);
    const done = await withAttachments(services, id, refs, () => startConversation(deps(services), id, input, refs, actor, context));
    await services.settle([done]);
    return { id };
  } catch (err) {
    return { error: formError(err) };
  }
}

/** Replies from the form (body, files); null when sent, else the error to show. A stranger's conversation is not found. */
export async function replyFromForm(
  services: Services,
  ctx: Context,
  actor: Actor,
  context: CommandContext,
  conversationId: string,
): Promise<FormError | null> {
  const conversation = await conversationFor(deps(services), conversationId, actor);
  try {
    await dropUnchosenFiles(ctx);
    await assertMessageAllowed(services, actor, conversation.conversation_type, allFiles(ctx).length);
    const refs = await storeAttachments(services, ctx, conversationId);
    const done = await withAttachments(services, conversationId, refs, () =>
      postMessage(deps(services), conversationId, text(ctx, 'body'), refs, actor, context),
    );
    await services.settle([done]);
    return null;
  } catch (err) {
    return formError(err);
  }
}

/** The conversation as its page shows it: read by the caller (opening it is reading it), its latest messages. */
export async function openConversation(
  services: Services,
  actor: Actor,
  context: CommandContext,
  conversationId: string,
): Promise<ConversationDetail> {
  const knex = services.db.knex;
  await readConversation(services, actor, context, conversationId);
  const first = await getConversation(knex, viewerOf(actor), conversationId, { page: 1, limit: 100 });
  const last = Math.ceil(first.messages.total / 100);
  return last > 1 ? getConversation(knex, viewerOf(actor), conversationId, { page: last, limit: 100 }) : first;
}

export async function readConversation(services: Services, actor: Actor, context: CommandContext, conversationId: string): Promise<void> {
  await services.settle([await markConversationRead(deps(services), conversationId, actor, context)]);
}

export async function conversationsOf(services: Services, actor: Actor, page: number) {
  const viewer = viewerOf(actor);
  const [list, total] = await Promise.all([
    listConversations(services.db.knex, viewer, { page, limit: 50 }),
    unreadCount(services.db.knex, viewer),
  ]);
  return { list, total };
}

export const totalUnread = (services: Services, actor: Actor) => unreadCount(services.db.knex, viewerOf(actor));

/** Serves an attachment of the caller's conversation (the API's download: never rendered as a page). */
export const downloadAttachment = (services: Services, ctx: Context, actor: Actor, conversationId: string, attachmentId: string) =>
  sendAttachment(services, ctx, viewerOf(actor), conversationId, attachmentId);

/** Whether an error means "no such conversation for you" (the page answers its not-found page). */
export const isNotFound = (err: unknown): boolean =>
  err instanceof ConversationNotFoundException || (err instanceof DomainException && (err as DomainException).status === 404);

/**
 * After the read form: a browser's own form submission goes back to the conversation (303); the
 * pages' script sends it with fetch (Sec-Fetch-Mode other than navigate) and needs no page: 204.
 */
export function answerRead(ctx: Context, conversationPath: string, redirect: (ctx: Context, to: string) => void): void {
  const mode = ctx.get('sec-fetch-mode');
  if (mode && mode !== 'navigate') {
    ctx.status = 204;
    return;
  }
  redirect(ctx, conversationPath);
}
