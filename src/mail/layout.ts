import type { LanguageCode } from '../core/i18n.ts';
import { html, page, type Html } from '../pages/html.ts';

/**
 * What every mail shares: one document with the vendor's name on top and a sign-off below, in
 * HTML (every value escaped by src/pages/html.ts) and in plain text, the part shown by clients
 * that refuse HTML.
 */
export interface RenderedMail {
  /** The language the mail was written in (an unsupported one falls back to English). */
  language: LanguageCode;
  subject: string;
  text: string;
  html: string;
}

/** `{name}` placeholders filled from `params` (a value is inserted as text, never as markup). */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** A header is one line: a vendor name with a line break in it must not open a new header. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const P = 'margin:0 0 16px;line-height:1.5';
export const BUTTON =
  'display:inline-block;padding:12px 20px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold';

export function mailHtml(options: { language: LanguageCode; subject: string; vendorName: string; body: Html; signOff: string }): string {
  return page({
    lang: options.language,
    title: oneLine(options.subject),
    body: html`<div style="background:#f4f4f5;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${options.vendorName}</p>
${options.body}
<p style="${P};color:#52525b">${options.signOff}</p>
</div></div>`,
  });
}

/** Paragraphs of the plain-text part, separated by blank lines; null paragraphs are left out. */
export function mailText(paragraphs: Array<string | null>): string {
  return `${paragraphs.filter((p): p is string => p !== null).join('\n\n')}\n`;
}
