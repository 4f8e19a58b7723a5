/**
 * What an attachment really is, read from its bytes (the client's declared type is not trusted):
 * the allowed kinds are PNG, JPEG, WebP and GIF images, PDF, and UTF-8 plain text or CSV. Anything
 * else, and text that is markup a browser would run (HTML, SVG, XML), is null: refused.
 */
export type AttachmentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf' | 'text/plain' | 'text/csv';

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const TEXT_NAMES = /\.(txt|text|csv|log)$/i;
const MARKUP = /^\s*(<\?xml|<!doctype|<html|<svg|<script|<head|<body|<iframe|<!--)/i;

function isUtf8Text(data: Buffer): boolean {
  let body = data;
  if (startsWith(body, [0xef, 0xbb, 0xbf])) body = body.subarray(3);
  if (body.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  // Control characters other than tab, line feed, carriage return and form feed mean binary.
  for (const byte of body.subarray(0, 64 * 1024)) if (byte < 0x20 && ![9, 10, 12, 13].includes(byte)) return false;
  return true;
}

export function sniffAttachmentType(data: Buffer, filename: string): AttachmentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (data.length > 0 && TEXT_NAMES.test(filename) && isUtf8Text(data)) {
    const head = data
      .subarray(0, 1024)
      .toString('utf8')
      .replace(/^\ufeff/, '');
    if (MARKUP.test(head)) return null;
    return /\.csv$/i.test(filename) ? 'text/csv' : 'text/plain';
  }
  return null;
}

/** The type an attachment is served with: never one a browser renders as a page or runs. */
export function servedType(type: string): string {
  return type.startsWith('text/') ? 'text/plain; charset=utf-8' : type;
}
