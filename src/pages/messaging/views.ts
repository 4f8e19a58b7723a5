import type { Page } from '../../core/pagination.ts';
import { dateTimeFormat } from '../../core/intlFormats.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { ConversationDetail, ConversationSummary, MessageView } from '../../../queries/messaging/conversations.ts';
import { html, type Html } from '../html.ts';
import { mt } from './texts.ts';

/**
 * The messages pages' content, the same for the shop account, the vendor and the admin pages: a
 * list of conversations with unread badges, one conversation with its messages and attachment
 * links, the reply form (multipart, so files go without JavaScript). The root element names the
 * live stream and the page's paths for the progressive script (src/pages/messaging/static/messages.js).
 */
export interface MessagesPage {
  language: LanguageCode;
  /** Who looks: decides how the other side of a conversation is named. */
  viewer: 'admin' | 'vendor_user' | 'customer';
  /** The list's path; a conversation is `${base}/${id}`. */
  base: string;
  /** The live stream the script subscribes to (same origin, the page's own credentials). */
  streamUrl: string;
  /** The hidden form-token field of every form. */
  csrf: Html;
  /** The caller's unread messages over every conversation. */
  totalUnread: number;
  /** Whether the caller may write (the forms are shown); reading is open to every participant. */
  canSend: boolean;
  /** Inside a back-office frame, whose title says "Messages" and shows `unreadBadge`: no heading of its own. */
  inFrame?: boolean;
}

export const MESSAGES_STYLE = `.messages-root .count,.page-head .count{display:inline-block;min-width:1.4em;padding:0 .35em;border-radius:1em;background:#b00020;color:#fff;text-align:center;font-size:.85em}
.messages-root .count[data-count="0"],.page-head .count[data-count="0"]{background:#888}.conversations{list-style:none;padding:0}.conversations li{border-bottom:1px solid #ddd;padding:.6em 0;display:flex;gap:.8em;align-items:baseline}
.conversations li.has-unread a{font-weight:700}ol.thread{list-style:none;padding:0}ol.thread>li{border:1px solid #ddd;border-radius:6px;padding:.6em .9em;margin:.6em 0;max-width:46em}
ol.thread>li.own{margin-left:auto;background:#f3f7ff}.thread .meta{margin:0 0 .3em;font-size:.9em;opacity:.8}.thread .body{margin:0;white-space:pre-wrap}
.thread ul.attachments{margin:.4em 0 0;padding-left:1.2em}form.reply textarea,form.start textarea{width:100%;max-width:46em;min-height:6em}form.start input[name=subject]{width:100%;max-width:46em}`;

const when = (iso: string, language: LanguageCode) =>
  dateTimeFormat(language === 'lb' ? 'lb-LU' : language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function badge(count: number, id?: string): Html {
  return html`<span class="count"${id ? html` id="${id}"` : ''} data-count="${count}" aria-live="polite">${count}</span>`;
}

/** The caller's unread count, updated live by the page's script. */
export const unreadBadge = (p: MessagesPage): Html => badge(p.totalUnread, 'unread-count');

function root(p: MessagesPage, body: Html, conversationId = ''): Html {
  return html`<div class="messages-root" id="messaging" data-stream="${p.streamUrl}" data-base="${p.base}" data-conversation="${conversationId}" data-you="${mt(p.language, 'you')}">
${p.inFrame ? '' : html`<h1>${mt(p.language, 'messages')} ${unreadBadge(p)}</h1>`}
${body}</div>`;
}

/** Who the conversation is with, as the caller sees it. */
function counterpart(c: ConversationSummary, p: MessagesPage): string {
  if (c.conversation_type === 'vendor_customer') {
    return p.viewer === 'customer' ? (c.vendor_name ?? '') : (c.customer_name ?? mt(p.language, 'with_customer'));
  }
  if (c.conversation_type === 'admin_vendor' && p.viewer === 'admin') return c.vendor_name ?? '';
  return mt(p.language, 'with_admins');
}

export function conversationList(p: MessagesPage, list: Page<ConversationSummary>, startForm: Html | null): Html {
  const items = list.items.map(
    (c) => html`<li class="conversation${c.unread_count > 0 ? ' has-unread' : ''}" data-conversation-id="${c.id}">
<a href="${p.base}/${c.id}">${c.subject}</a> <span class="muted">${counterpart(c, p)}</span>
${badge(c.unread_count)} <span class="muted">${mt(p.language, 'unread')}</span> <time datetime="${c.last_message_at}" class="muted">${when(c.last_message_at, p.language)}</time></li>`,
  );
  return root(
    p,
    html`${list.items.length === 0 ? html`<p id="no-conversations">${mt(p.language, 'no_conversations')}</p>` : ''}
<ul class="conversations" id="conversations">${items}</ul>
${startForm ?? ''}`,
  );
}

function messageItem(p: MessagesPage, conversationId: string, m: MessageView): Html {
  return html`<li class="message${m.is_own ? ' own' : ''}" data-message-id="${m.id}">
<p class="meta"><strong class="author">${m.is_own ? mt(p.language, 'you') : m.author.name}</strong> · <time datetime="${m.created_at}">${when(m.created_at, p.language)}</time></p>
<p class="body">${m.body}</p>
${m.attachments.length > 0 ? html`<ul class="attachments">${m.attachments.map((a) => html`<li><a href="${p.base}/${conversationId}/attachments/${a.id}" download>${a.filename}</a> <span class="muted">(${size(a.size)})</span></li>`)}</ul>` : ''}
</li>`;
}

const fileInput = (p: MessagesPage) => html`<p><label>${mt(p.language, 'attach')}<br><input type="file" name="files" multiple></label></p>`;

/** The form that starts a conversation (the shop account's, to the shop; the back office's, one per kind of recipient); `heading` null: none. */
export function startForm(p: MessagesPage, extra: Html | null = null, heading: string | null = mt(p.language, 'new_conversation')): Html {
  return html`${heading === null ? '' : html`<h2>${heading}</h2>`}
<form class="start" method="post" action="${p.base}" enctype="multipart/form-data">${p.csrf}${extra ?? ''}
<p><label>${mt(p.language, 'subject')}<br><input name="subject" required maxlength="200"></label></p>
<p><label>${mt(p.language, 'message')}<br><textarea name="body" maxlength="10000"></textarea></label></p>
${fileInput(p)}<p><button type="submit" class="primary">${mt(p.language, 'send')}</button></p></form>`;
}

export function conversationPage(p: MessagesPage, c: ConversationDetail): Html {
  return root(
    p,
    html`<p><a href="${p.base}" id="all-conversations">← ${mt(p.language, 'all_conversations')}</a></p>
<h2 id="subject">${c.subject} <span class="muted">· ${counterpart(c, p)}</span></h2>
<ol class="thread" id="messages">${c.messages.items.map((m) => messageItem(p, c.id, m))}</ol>
<form id="mark-read" method="post" action="${p.base}/${c.id}/read" hidden>${p.csrf}</form>
${
  p.canSend
    ? html`<form class="reply" method="post" action="${p.base}/${c.id}" enctype="multipart/form-data">${p.csrf}
<p><label>${mt(p.language, 'reply')}<br><textarea name="body" maxlength="10000"></textarea></label></p>
${fileInput(p)}<p><button type="submit" class="primary">${mt(p.language, 'send')}</button></p></form>`
    : html`<p class="muted" id="read-only">${mt(p.language, 'read_only')}</p>`
}`,
    c.id,
  );
}
