import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { conversation } from '../../commands/messaging/conversation.ts';
import { handleCommand } from '../../src/runtime/commandHandler.ts';
import { adminLogin, startService, type ChildService } from '../../test/support/childService.ts';
import { Latencies, now, sleep, type Scenario } from '../harness.ts';
import { openStore } from '../support/store.ts';
import { benchVendor } from '../support/vendorFixture.ts';

/**
 * Live delivery of messages (docs/messaging.md "Live delivery"): the service runs as a child
 * process (src/main.ts) with 1,000 Server-Sent Events streams open on GET /api/v1/vendor/messages/stream
 * (the tabs of a vendor's team), fed by its one tail of the event feed. This process appends
 * messages to the conversation (the messaging command handler, on the same database: a write
 * of another instance, which reaches the service by NOTIFY and the gap-safe feed read) one at a
 * time, and measures from just before each append to the `message` event's arrival on every
 * stream: one delay per message per client.
 *
 * Baseline, the same run: the bare NOTIFY round trip on the same database, from just before
 * `SELECT pg_notify(…)` on one connection to the notification's arrival at a LISTEN connection,
 * paced like the messages. The ratios are delivery / NOTIFY at p50 and p99.
 */
const CLIENTS = 1000;

interface Stream {
  req: http.ClientRequest;
  buffer: string;
}

/** Opens `count` streams; `onMessage` gets each `message` event's message id as it arrives. */
async function openStreams(url: string, token: string, count: number, onMessage: (id: string, at: number) => void): Promise<Stream[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open = () =>
    new Promise<Stream>((resolve, reject) => {
      const stream: Stream = { req: null as unknown as http.ClientRequest, buffer: '' };
      stream.req = http.get(
        `${url}/api/v1/vendor/messages/stream`,
        { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`stream answered ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let ready = false;
          res.on('data', (chunk: string) => {
            const at = now();
            stream.buffer += chunk;
            let end: number;
            while ((end = stream.buffer.indexOf('\n\n')) >= 0) {
              const block = stream.buffer.slice(0, end);
              stream.buffer = stream.buffer.slice(end + 2);
              if (block.includes('event: message')) {
                const m = /"message_id":"([^"]+)"/.exec(block);
                if (m) onMessage(m[1], at);
              } else if (!ready && block.includes('event: unread')) {
                ready = true;
                resolve(stream);
              }
            }
          });
          res.on('error', () => {});
        },
      );
      stream.req.on('error', (err) => {
        if (!stream.buffer) reject(err);
      });
    });
  const streams: Stream[] = [];
  for (let i = 0; i < count; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, open))));
  return streams;
}

async function adminApi(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export const messagingFanoutScenario: Scenario = {
  id: 'messagingFanout',
  title: '9. Live message delivery (SSE fan-out to 1,000 streams)',
  async run(ctx) {
    const clients = ctx.size(CLIENTS, 100);
    const messages = ctx.size(40, 8);
    const gapMs = 150;
    const names = {
      notify: 'baseline: NOTIFY round trip (pg LISTEN/NOTIFY, same database)',
      fanout: `message appended → delivered on each of ${clients.toLocaleString('en-US')} SSE streams`,
    };
    ctx.define({ name: names.notify, unit: 'notifications/s', isBaseline: true });
    ctx.define({ name: names.fanout, unit: 'deliveries/s' });

    let app: ChildService | null = null;
    const { store, close } = await openStore(ctx.databaseUrl, 4);
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    const notifier = new pg.Client({ connectionString: ctx.databaseUrl });
    let streams: Stream[] = [];
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-messaging', env: { TRUST_PROXY: '1' } });
      const adminToken = await adminLogin(app.url);
      const vendor = await benchVendor(app.url, adminToken);
      const me = await adminApi(app.url, adminToken, 'GET', '/api/v1/admin/auth/me');
      const started = await adminApi(app.url, adminToken, 'POST', '/api/v1/admin/messages', {
        conversation_type: 'admin_vendor',
        vendor_id: vendor.vendorId,
        subject: 'Bench',
        body: 'Opening the bench conversation',
      });
      const conversationId = started.id as string;

      const sentAt = new Map<string, number>();
      const received = new Map<string, number>();
      let lag = new Latencies();
      streams = await openStreams(app.url, vendor.token, clients, (id, at) => {
        const sent = sentAt.get(id);
        if (sent === undefined) return;
        lag.add(at - sent);
        received.set(id, (received.get(id) ?? 0) + 1);
      });
      ctx.log(`  ${streams.length} streams open`);

      await listener.connect();
      await notifier.connect();
      let notified: (() => void) | null = null;
      listener.on('notification', () => notified?.());
      await listener.query('LISTEN bench_fanout_baseline');

      const actor = { kind: 'admin' as const, id: me.id as number, name: 'Bench admin', vendor_id: null };
      for (let rep = -1; rep < ctx.repetitions; rep++) {
        // Repetition -1 warms both paths up and is not recorded.
        const notifyLag = new Latencies();
        const notifyStarted = now();
        for (let i = 0; i < messages; i++) {
          const arrived = new Promise<void>((r) => {
            notified = r;
          });
          const t0 = now();
          await notifier.query("SELECT pg_notify('bench_fanout_baseline', $1)", [String(i)]);
          await arrived;
          notifyLag.add(now() - t0);
          await sleep(gapMs);
        }
        const notifySeconds = (now() - notifyStarted) / 1000;

        lag = new Latencies();
        let missing = 0;
        const fanoutStarted = now();
        for (let i = 0; i < messages; i++) {
          const messageId = randomUUID();
          const body = `bench message ${rep}.${i}`;
          const t0 = now();
          sentAt.set(messageId, t0);
          await handleCommand(
            store,
            conversation,
            conversationId,
            {
              type: 'PostMessage',
              data: { actor, message_id: messageId, body, attachments: [], at: new Date().toISOString() },
            },
            { userId: actor.id, correlationId: messageId },
          );
          const deadline = now() + 10_000;
          while ((received.get(messageId) ?? 0) < streams.length && now() < deadline) await sleep(2);
          missing += streams.length - (received.get(messageId) ?? 0);
          await sleep(gapMs);
        }
        const fanoutSeconds = (now() - fanoutStarted) / 1000;
        if (rep < 0) continue;
        const n = notifyLag.summary();
        const f = lag.summary();
        ctx.record(names.notify, { rate: messages / notifySeconds, p50: n.p50, p99: n.p99 });
        ctx.record(names.fanout, {
          rate: lag.count / fanoutSeconds,
          p50: f.p50,
          p99: f.p99,
          max: f.max,
          missed: missing,
          p50_vs_notify: f.p50 / n.p50,
          p99_vs_notify: f.p99 / n.p99,
        });
      }
      ctx.note(
        `Messaging fan-out: ${clients} SSE streams of one vendor team on one service process (child, src/main.ts), ${messages} messages per repetition ` +
          `${gapMs} ms apart, appended from the bench process with the messaging command handler (another writer on the same database: NOTIFY wakes the ` +
          "service's one feed tail, which reads the feed and writes to every stream); delay = just before the append → the `message` event parsed by the " +
          'bench client (which shares the machine); the baseline is the NOTIFY round trip measured the same way. p50_vs_notify and p99_vs_notify are the ratios.',
      );
    } finally {
      for (const s of streams) s.req.destroy();
      await listener.end().catch(() => {});
      await notifier.end().catch(() => {});
      await app?.stop();
      await close();
    }
  },
};
