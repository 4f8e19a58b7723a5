import http from 'node:http';

/**
 * A Server-Sent Events client as a browser's EventSource reads a stream (the WHATWG parsing
 * rules: `event`, `data`, `id` fields, comments, a blank line dispatches), over node:http so a
 * test sets any header (Authorization, Cookie, Last-Event-ID) and sees comments too.
 */
export interface SseEvent {
  event: string;
  data: any;
  /** The id field of this event, if it had one. */
  id: string | null;
  receivedAt: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  /** The last id received (what a browser would send back as Last-Event-ID). */
  lastEventId: string | null;
  /** The first event after those already taken that matches, waiting up to `ms`. */
  next(match?: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Every event received so far that matches. */
  all(match?: (e: SseEvent) => boolean): SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const waiters: (() => void)[] = [];
      let taken = 0;
      let buffer = '';
      let fields: { event?: string; data: string[]; id?: string } = { data: [] };
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        lastEventId: null,
        async next(match = () => true, ms = 5000) {
          const deadline = Date.now() + ms;
          for (;;) {
            for (let i = taken; i < client.events.length; i++) {
              if (match(client.events[i])) {
                taken = i + 1;
                return client.events[i];
              }
            }
            const left = deadline - Date.now();
            if (left <= 0)
              throw new Error(
                `no matching event within ${ms} ms; received: ${JSON.stringify(client.events.map((e) => [e.event, e.data]))}`,
              );
            await new Promise<void>((r) => {
              const t = setTimeout(r, left);
              waiters.push(() => {
                clearTimeout(t);
                r();
              });
            });
          }
        },
        all: (match = () => true) => client.events.filter(match),
        ended: new Promise<void>((r) => {
          res.once('end', () => r());
          res.once('close', () => r());
        }),
        close: () => {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
          if (line === '') {
            if (fields.id !== undefined) client.lastEventId = fields.id;
            if (fields.data.length > 0) {
              const text = fields.data.join('\n');
              let data: any = text;
              try {
                data = JSON.parse(text);
              } catch {
                /* plain text */
              }
              client.events.push({ event: fields.event ?? 'message', data, id: fields.id ?? null, receivedAt: performance.now() });
              for (const w of waiters.splice(0)) w();
            }
            fields = { data: [] };
          } else if (line.startsWith(':')) {
            client.comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'event') fields.event = value;
            else if (name === 'data') fields.data.push(value);
            else if (name === 'id') fields.id = value;
          }
        }
      });
      res.on('error', () => {});
      resolve(client);
    });
    req.on('error', reject);
  });
}
