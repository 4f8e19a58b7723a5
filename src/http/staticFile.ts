import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/** A file the service serves from its own package (the API reference's, the storefront's script). */
export interface StaticFile {
  body: Buffer | string;
  etag: string;
  type: string;
}

/** A strong ETag from the file's content, with an optional prefix naming what it belongs to. */
export const contentEtag = (body: Buffer | string, prefix = ''): string =>
  `"${prefix}${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

/**
 * Answers the file, an hour fresh and then revalidated by its ETag (the file names carry no
 * version), never sniffed into another type.
 */
export function sendStaticFile(ctx: Context, file: StaticFile): void {
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.etag = file.etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = file.type;
  ctx.body = file.body;
}
