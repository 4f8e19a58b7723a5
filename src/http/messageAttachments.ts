import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Context, Next } from 'koa';
import { MAX_ATTACHMENTS } from '../../commands/messaging/conversation.ts';
import { newAttachmentId } from '../../commands/messaging/handlers.ts';
import type { AttachmentRef } from '../../commands/messaging/events.ts';
import { getAttachment, type Viewer } from '../../queries/messaging/conversations.ts';
import { attachmentFilePath, attachmentName, removeAttachments, writeAttachment } from '../adapters/attachmentStorage.ts';
import { servedType, sniffAttachmentType } from '../adapters/attachmentType.ts';
import { PayloadTooLargeException } from '../core/errors.ts';
import { MessageAttachmentException } from '../../commands/messaging/errors.ts';
import type { Services } from '../runtime/services.ts';
import { allFiles, multipart } from './multipart.ts';

/**
 * Attachments of messages (docs/messaging.md "Attachments"): sent as multipart files with the
 * message, at most 5, each at most 10 MB (MESSAGE_ATTACHMENT_MAX_BYTES), of an allowed kind read
 * from the bytes. Every refusal is a MessageAttachmentException naming the limit. Downloads are
 * served as attachments with a type a browser never runs as a page.
 */
const MB = 1024 * 1024;
export const attachmentMaxBytes = (): number =>
  Number(process.env.MESSAGE_ATTACHMENT_MAX_BYTES) > 0 ? Number(process.env.MESSAGE_ATTACHMENT_MAX_BYTES) : 10 * MB;
const limitsText = () => `at most ${MAX_ATTACHMENTS} files of at most ${Math.round(attachmentMaxBytes() / MB)} MB each`;

/** Fields of a message form: a few of its own, and one per admin an admin-only conversation names. */
const MAX_MESSAGE_FIELDS = 210;
const parse = multipart(() => ({
  maxFileBytes: attachmentMaxBytes(),
  maxFiles: MAX_ATTACHMENTS * 2,
  maxTotalBytes: attachmentMaxBytes() * MAX_ATTACHMENTS,
  maxFields: MAX_MESSAGE_FIELDS,
}));

/** The multipart parser of the message routes: an upload over the limits is a MessageAttachmentException. */
export async function attachmentUpload(ctx: Context, next: Next): Promise<void> {
  let parsed = false;
  try {
    await parse(ctx, async () => {
      parsed = true;
      await next();
    });
  } catch (err) {
    if (!parsed && err instanceof PayloadTooLargeException) {
      throw new MessageAttachmentException(`The attachments are over the limits: ${limitsText()}`, {
        max_files: MAX_ATTACHMENTS,
        max_bytes: attachmentMaxBytes(),
      });
    }
    throw err;
  }
}

/** Checks and stores the request's files under the conversation; a refusal stores nothing. */
export async function storeAttachments(services: Services, ctx: Context, conversationId: string): Promise<AttachmentRef[]> {
  if (!ctx.is('multipart')) return [];
  const files = allFiles(ctx);
  if (files.length > MAX_ATTACHMENTS) {
    throw new MessageAttachmentException(`A message carries at most ${MAX_ATTACHMENTS} attachments`, {
      max_files: MAX_ATTACHMENTS,
      files: files.length,
    });
  }
  const refs: AttachmentRef[] = [];
  const dataDir = services.config.dataDir;
  try {
    for (const file of files) {
      const filename = attachmentName(file.originalFilename);
      if (file.size === 0) throw new MessageAttachmentException(`${filename} is empty`, { filename });
      if (file.size > attachmentMaxBytes())
        throw new MessageAttachmentException(`${filename} is larger than ${Math.round(attachmentMaxBytes() / MB)} MB`, {
          filename,
          max_bytes: attachmentMaxBytes(),
        });
      const type = sniffAttachmentType(await readFile(file.filepath), filename);
      if (!type) {
        throw new MessageAttachmentException(
          `${filename} is not an allowed kind of file: PNG, JPEG, WebP or GIF images, PDF, UTF-8 .txt or .csv text`,
          { filename },
        );
      }
      const id = newAttachmentId();
      await writeAttachment(dataDir, conversationId, id, file.filepath);
      refs.push({ id, filename, content_type: type, size: file.size });
    }
  } catch (err) {
    await removeAttachments(
      dataDir,
      conversationId,
      refs.map((r) => r.id),
    );
    throw err;
  }
  return refs;
}

/** Runs a command that records the stored attachments; if it is refused, the files go. */
export async function withAttachments<T>(
  services: Services,
  conversationId: string,
  refs: AttachmentRef[],
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    await removeAttachments(
      services.config.dataDir,
      conversationId,
      refs.map((r) => r.id),
    );
    throw err;
  }
}

/** An ASCII fallback and the RFC 6266 UTF-8 form of a file name. */
function disposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Serves an attachment to a participant; anyone else is told the conversation does not exist. */
export async function sendAttachment(
  services: Services,
  ctx: Context,
  viewer: Viewer,
  conversationId: string,
  attachmentId: string,
): Promise<void> {
  const found = await getAttachment(services.db.knex, viewer, conversationId, attachmentId);
  ctx.status = 200;
  ctx.type = servedType(found.content_type);
  ctx.length = found.size;
  ctx.set('Content-Disposition', disposition(found.filename));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = createReadStream(attachmentFilePath(services.config.dataDir, conversationId, attachmentId));
}
