import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/**
 * Message attachments under DATA_DIR/messages/<conversation id>/<attachment id>, outside the
 * database like the media files (mediaStorage.ts). Both segments are UUIDs the server chose: the
 * client's file name is display text in the events, never part of a path.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function relative(conversationId: string, attachmentId: string): string {
  if (!UUID.test(conversationId) || !UUID.test(attachmentId)) throw new Error('not an attachment id');
  return `messages/${conversationId}/${attachmentId}`;
}

/** The absolute path of a stored attachment, refusing anything outside DATA_DIR/messages. */
export function attachmentFilePath(dataDir: string, conversationId: string, attachmentId: string): string {
  const root = resolve(dataDir, 'messages');
  const full = resolve(dataDir, relative(conversationId, attachmentId));
  if (!full.startsWith(root + sep)) throw new Error('attachment path outside the messages folder');
  return full;
}

/** Copies an uploaded file (a temporary file of the request) to its place. */
export async function writeAttachment(dataDir: string, conversationId: string, attachmentId: string, source: string): Promise<void> {
  const target = attachmentFilePath(dataDir, conversationId, attachmentId);
  await mkdir(join(dataDir, 'messages', conversationId), { recursive: true });
  await copyFile(source, target);
}

/** Removes stored attachments whose message was refused. */
export async function removeAttachments(dataDir: string, conversationId: string, attachmentIds: readonly string[]): Promise<void> {
  for (const id of attachmentIds) await rm(attachmentFilePath(dataDir, conversationId, id), { force: true });
}

/** A client's file name reduced to safe display text (no folders, no control or quoting characters). */
export function attachmentName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*;\\]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'attachment';
}
