import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Content page bodies are written in Markdown and shown as HTML in every shop. The author may
 * type anything, so the HTML must be safe whatever they typed:
 *   - markdown-it with `html: false` escapes every raw tag the author writes, and its link
 *     validator refuses javascript:, vbscript:, file: and data: URLs (except images' data:,
 *     which the sanitizer below removes);
 *   - sanitize-html then keeps only the tags and attributes Markdown produces, and only http,
 *     https and mailto URLs (defence in depth: a future markdown-it option or plugin cannot
 *     open a hole).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // A link leaves the shop's page without handing it the opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};
(SANITIZE.allowedAttributes as Record<string, string[]>).a.push('rel');

/** The safe HTML of a Markdown text. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE);
}
