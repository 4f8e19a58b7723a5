/** The documented answer of the live message streams (GET /api/v1/{admin,vendor,shop}/messages/stream). */
export const STREAM_RESPONSE = {
  explanation:
    'Server-Sent Events: `message` (a message of a conversation the caller takes part in; id = its position in the event feed) ' +
    "and `unread` (the caller's unread count: on connecting, then after each of their messages or reads). Send the last id received as " +
    'Last-Event-ID (browsers do on reconnect) to get every message after it first. A comment line every 15 s keeps proxies from closing an idle stream.',
  ok: {
    description:
      'An open event stream (text/event-stream): events `message` (data: conversation_id, message_id, conversation_type, ' +
      'author {kind, id, name}, is_own, body, attachments [{id, filename, content_type, size, url}], created_at) and `unread` (data: {count})',
    contentType: 'text/event-stream',
  },
};
