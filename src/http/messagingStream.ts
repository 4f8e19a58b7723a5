import type { Context } from 'koa';
import type { ConversationRead, MessagePosted } from '../../commands/messaging/events.ts';
import { unreadCount } from '../../queries/messaging/unread.ts';
import { canSee } from '../../queries/messaging/viewer.ts';
import { comparePositions, type Position, type RecordedEvent } from '../eventstore/port.ts';
import { liveFeedOf } from '../runtime/liveFeed.ts';
import { presenceOf, type LiveViewer } from '../runtime/livePresence.ts';
import type { Services } from '../runtime/services.ts';
import { openSse, parsePosition } from './sse.ts';

/**
 * The live message stream of one caller (docs/messaging.md "Live delivery"): Server-Sent Events
 * fed from the process's one tail of the event feed (src/runtime/liveFeed.ts).
 * - `message`: a MessagePosted of a conversation the caller takes part in, id = its feed position;
 * - `unread`: the caller's unread count, first on connecting, then after each of their messages
 *   or reads once the messaging read model has it (the read-your-writes wait of the API).
 * A reconnect with Last-Event-ID gets every message after that position first, then the live ones.
 */
export const LIVE_MESSAGE_TYPES = ['MessagePosted', 'ConversationRead'] as const;

type MessageData = MessagePosted['data'];

/** Whether a message reaches the viewer: the participants of its conversation (the read models' own rule, `canSee`). */
export const messageReaches = (m: MessageData, viewer: LiveViewer): boolean =>
  canSee({ kind: viewer.kind, id: viewer.id, vendor_id: viewer.vendor_id ?? undefined }, m);

/** Where each area serves an attachment, with the same credentials as the stream. */
const AREA_PREFIX: Record<LiveViewer['kind'], string> = { admin: '/api/v1/admin', vendor_user: '/api/v1/vendor', customer: '/api/v1/shop' };

/** What a `message` event carries: the message as the conversation's page shows it. */
export function messagePayload(m: MessageData, viewer: LiveViewer) {
  return {
    conversation_id: m.conversation_id,
    message_id: m.message_id,
    conversation_type: m.conversation_type,
    author: m.author,
    is_own: m.author.kind === viewer.kind && m.author.id === viewer.id,
    body: m.body,
    attachments: m.attachments.map((a) => ({
      ...a,
      url: `${AREA_PREFIX[viewer.kind]}/messages/${m.conversation_id}/attachments/${a.id}`,
    })),
    created_at: m.at,
  };
}

const viewerKey = (v: LiveViewer) => `${v.kind}:${v.id}:${v.vendor_id ?? 0}`;

/**
 * Unread counts being read, per viewer, with the position they will reflect: the tabs of one
 * viewer (or a team's many streams after one message) share one query.
 */
type PendingCount = { position: Position | null; count: Promise<number> };
const pendingCounts = new WeakMap<object, Map<string, PendingCount>>();

function sharedUnreadCount(services: Services, viewer: LiveViewer, position: Position | null): Promise<number> {
  let byViewer = pendingCounts.get(services);
  if (!byViewer) pendingCounts.set(services, (byViewer = new Map<string, PendingCount>()));
  const k = viewerKey(viewer);
  const known = byViewer.get(k);
  if (known && (!position || (known.position && comparePositions(known.position, position) >= 0))) return known.count;
  const count = (async () => {
    if (position) await services.runner.waitFor(position, LIVE_MESSAGE_TYPES, services.config.projectionWaitMs);
    return unreadCount(services.db.knex, { kind: viewer.kind, id: viewer.id, vendor_id: viewer.vendor_id ?? undefined });
  })();
  const entry = { position, count };
  byViewer.set(k, entry);
  const forget = () => {
    if (byViewer!.get(k) === entry) byViewer!.delete(k);
  };
  count.then(forget, forget);
  return count;
}

/**
 * Serves the caller's live stream on this request until the client leaves. `stillAllowed` is
 * asked every LIVE_ACCESS_RECHECK_MS (a minute by default): a member removed from the team, a
 * deactivated account, an ended customer session closes the stream (the browser's reconnect is then refused).
 */
export async function streamMessages(
  ctx: Context,
  services: Services,
  viewer: LiveViewer,
  stillAllowed?: () => Promise<boolean>,
): Promise<void> {
  const feed = liveFeedOf(services, LIVE_MESSAGE_TYPES);
  const presence = presenceOf(services);
  const resumeFrom = parsePosition(
    ctx.get('Last-Event-ID') || (typeof ctx.query.last_event_id === 'string' ? ctx.query.last_event_id : null),
  );
  const sse = openSse(ctx);

  /** Past this position every message for the viewer was sent. */
  let delivered: Position | null = null;
  /** Live events that arrive while the missed ones are still being read. */
  let held: RecordedEvent[] | null = [];
  let unreadTarget: Position | null = null;
  let refreshing = false;

  const refreshUnread = async (position: Position | null) => {
    if (position && (!unreadTarget || comparePositions(position, unreadTarget) > 0)) unreadTarget = position;
    if (refreshing) return;
    refreshing = true;
    try {
      for (;;) {
        const target = unreadTarget;
        const count = await sharedUnreadCount(services, viewer, target);
        if (sse.closed) return;
        sse.send('unread', { count });
        if (unreadTarget === target) return;
      }
    } catch (err) {
      services.logger.warn({ err }, 'unread count for a live stream failed');
    } finally {
      refreshing = false;
    }
  };

  const deliver = (events: readonly RecordedEvent[]) => {
    let changed: Position | null = null;
    for (const e of events) {
      if (delivered && comparePositions(e.position, delivered) <= 0) continue;
      delivered = e.position;
      if (e.type === 'MessagePosted') {
        const m = e.data as MessageData;
        if (!messageReaches(m, viewer)) continue;
        sse.send('message', messagePayload(m, viewer), e.position);
        changed = e.position;
      } else if (e.type === 'ConversationRead') {
        const r = (e.data as ConversationRead['data']).reader;
        if (r.kind === viewer.kind && r.id === viewer.id) changed = e.position;
      }
    }
    if (changed) void refreshUnread(changed);
  };
  const listener = (events: readonly RecordedEvent[]) => {
    if (held) held.push(...events);
    else deliver(events);
  };

  let connected: Promise<void> | null = null;
  const recheck =
    stillAllowed &&
    setInterval(() => {
      stillAllowed().then(
        (ok) => {
          if (!ok) sse.close();
        },
        (err) => services.logger.warn({ err }, 'live stream access check failed; the next one asks again'),
      );
    }, services.config.liveAccessRecheckMs);
  if (recheck) recheck.unref();
  sse.onClose(() => {
    if (recheck) clearInterval(recheck);
    feed.unsubscribeListener(listener);
    if (connected) void connected.then(() => presence.disconnected(viewer));
  });
  try {
    const start = await feed.subscribe(listener);
    if (sse.closed) {
      feed.unsubscribeListener(listener);
      return;
    }
    connected = presence.connected(viewer);
    await connected;
    if (resumeFrom) delivered = resumeFrom;
    if (resumeFrom && comparePositions(resumeFrom, start) < 0) await feed.replay(resumeFrom, start, deliver);
    if (!delivered || comparePositions(delivered, start) < 0) delivered = start;
    // The current count, with the position the stream stands at: a reconnect resumes from there.
    const count = await sharedUnreadCount(services, viewer, null);
    sse.send('unread', { count }, delivered);
    const waiting = held;
    held = null;
    deliver(waiting);
  } catch (err) {
    services.logger.warn({ err }, 'a live message stream could not start');
    sse.close();
  }
}
