import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * Opens the bytes of an import source as a stream: an http(s) URL fetched with streaming (the
 * body is never buffered whole), or a file the server stored itself. Failures are SourceError
 * with a message fit for the client; nothing else leaks (no stack, no internal address).
 */
export class SourceError extends Error {
  constructor(
    readonly code: 'source_unreachable' | 'file_too_large' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export interface OpenedSource {
  stream: Readable;
  /** Size announced by the source (Content-Length, file size), when known. */
  length: number | null;
}

export interface UrlOptions {
  signal: AbortSignal;
  /** Time to get the response headers. */
  connectTimeoutMs: number;
  maxBytes: number;
}

export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export async function openUrl(url: string, options: UrlOptions): Promise<OpenedSource> {
  if (!isHttpUrl(url)) throw new SourceError('source_unreachable', 'The source URL must be an http or https URL');
  const headers = new AbortController();
  const timer = setTimeout(() => headers.abort(), options.connectTimeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.any([options.signal, headers.signal]),
      redirect: 'follow',
      headers: { accept: 'text/csv, text/tab-separated-values, text/plain, */*' },
    });
  } catch (err) {
    if (headers.signal.aborted)
      throw new SourceError('timeout', `The source URL did not answer within ${Math.round(options.connectTimeoutMs / 1000)} s`);
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new SourceError('source_unreachable', `The source URL could not be fetched${cause ? ` (${cause})` : ''}`);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new SourceError('source_unreachable', `The source URL answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length'));
  const length = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (length !== null && length > options.maxBytes) {
    await res.body.cancel().catch(() => {});
    throw new SourceError(
      'file_too_large',
      `The file is ${(length / 1024 / 1024).toFixed(0)} MB; the limit is ${(options.maxBytes / 1024 / 1024).toFixed(0)} MB`,
    );
  }
  // fetch's body is the global web stream type, which Node's typings keep apart from node:stream/web's.
  return { stream: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>, { highWaterMark: 256 * 1024 }), length };
}

/** A file the server wrote (an upload it stored under a generated name). */
export async function openStoredFile(path: string): Promise<OpenedSource> {
  try {
    const info = await stat(path);
    return { stream: createReadStream(path, { highWaterMark: 256 * 1024 }), length: info.size };
  } catch {
    throw new SourceError('source_unreachable', 'The uploaded file is no longer available');
  }
}
