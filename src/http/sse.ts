import type { Context } from 'koa';
import type { Position } from '../eventstore/port.ts';

/**
 * Server-Sent Events on a Koa response (the live updates of ARCHITECTURE.md). Every event that
 * comes from the feed carries its global position as the SSE id, written `<transaction>-<sequence>`
 * (the feed is ordered by that pair, src/eventstore/port.ts), so a browser that reconnects sends it
 * back as Last-Event-ID and the stream resumes right after it.
 */

/** A comment line every this often, so that proxies and load balancers keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;

export const encodePosition = (p: Position): string => `${p.a}-${p.b}`;

/** The position a Last-Event-ID names, or null for anything else (the stream then starts now). */
export function parsePosition(value: string | undefined | null): Position | null {
  const m = /^(\d{1,20})-(\d{1,20})$/.exec((value ?? '').trim());
  return m ? { a: BigInt(m[1]).toString(), b: BigInt(m[2]).toString() } : null;
}

export interface SseStream {
  /** An event: its name, its JSON data, and the feed position it stands for (if any). */
  send(event: string, data: unknown, id?: Position): void;
  comment(text: string): void;
  readonly closed: boolean;
  /** Called once when the client goes away or the stream is closed. */
  onClose(fn: () => void): void;
  close(): void;
}

/** Opens the response as an event stream; the request stays open until the client leaves. */
export function openSse(ctx: Context, heartbeatMs = HEARTBEAT_MS): SseStream {
  const res = ctx.res;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.status = 200;
  ctx.type = 'text/event-stream; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Connection', 'keep-alive');
  // nginx and similar proxies buffer responses unless told not to.
  ctx.set('X-Accel-Buffering', 'no');
  // The response is written here as events come, not by Koa once the handler returns.
  ctx.respond = false;
  res.flushHeaders();
  let closed = false;
  const closers: (() => void)[] = [];
  const write = (chunk: string) => {
    if (!closed && !res.writableEnded) res.write(chunk);
  };
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
    for (const fn of closers) fn();
  };
  // The response closes when the client goes away (the request's own 'close' comes once its body is read).
  res.on('close', close);
  res.on('error', close);
  // The first bytes go out at once, so the client knows the stream is open.
  write('retry: 2000\n: open\n\n');
  return {
    send(event, data, id) {
      write(`${id ? `id: ${encodePosition(id)}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
    },
    get closed() {
      return closed;
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
    close,
  };
}
