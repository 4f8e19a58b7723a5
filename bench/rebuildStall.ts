/**
 * How long a rebuild stalls the live consumers of its database (docs/performance.md "Rebuild").
 * A rebuild's write transaction holds the feed's horizon (src/eventstore/postgres.ts): no consumer
 * reads an event appended after it started until it commits. This appends a probe event every
 * 10 ms and tails the feed for it (as a consumer does, polling every 2 ms), first with nothing else
 * running, then while `rebuildProjection` replays the named read model; it prints the lag from the
 * append's start to the read, p50, p99 and max.
 *
 *   npx tsx bench/rebuildStall.ts <database url holding a bench history> [projection, default order_list]
 *
 * (BENCH_KEEP_DB=1 npm run bench -- rebuild keeps such a database.)
 */
import { randomUUID } from 'node:crypto';
import { consumers } from '../src/modules/index.ts';
import type { Position } from '../src/eventstore/port.ts';
import { rebuildProjection } from '../src/runtime/rebuild.ts';
import { openStore, silent } from './support/store.ts';

const [url, name = 'order_list'] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/rebuildStall.ts <database url> [projection]');
const projection = consumers.find((c) => c.name === name);
if (!projection || projection.kind !== 'projection') throw new Error(`no projection ${name}`);
const { db, store, close } = await openStore(url, 12);
const TYPE = 'RebuildStallProbe';

async function probe(during: () => Promise<unknown>): Promise<number[]> {
  const sent = new Map<string, number>();
  const lags: number[] = [];
  let position: Position = await store.head();
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const id = randomUUID();
      // From the append's start: its acknowledgement can reach this process after the reader's read.
      sent.set(id, performance.now());
      await store.append(`stall-${id}`, [{ id, type: TYPE, data: { i } }], { expected: 'no_stream' });
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const reader = (async () => {
    while (!stop || sent.size > 0) {
      const batch = await store.readFeed(position, { limit: 1000, types: [TYPE], lean: true });
      position = batch.next;
      for (const e of batch.events) {
        const at = sent.get(e.id);
        if (at !== undefined) {
          lags.push(performance.now() - at);
          sent.delete(e.id);
        }
      }
      if (batch.events.length === 0) await new Promise((r) => setTimeout(r, 2));
    }
  })();
  await during();
  stop = true;
  await writer;
  await reader;
  return lags;
}

function report(label: string, lags: number[]): void {
  const s = [...lags].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(1);
  console.log(`${label}: ${s.length} probes, lag p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${s[s.length - 1].toFixed(1)} ms`);
}

report('idle, 10 s', await probe(() => new Promise((r) => setTimeout(r, 10_000))));
let writes = 0;
let longest = 0;
const logger = Object.assign(Object.create(silent), {
  debug: (o: { ms?: number }, msg: string) => {
    if (msg === 'rebuild write committed') {
      writes++;
      longest = Math.max(longest, o.ms ?? 0);
    }
  },
});
const started = performance.now();
let done = 0;
report(
  `during the rebuild of ${name}`,
  await probe(async () => {
    done = await rebuildProjection(db.knex, store, projection, logger);
  }),
);
console.log(
  `rebuild: ${done} events in ${((performance.now() - started) / 1000).toFixed(1)} s, ${writes} write transactions, the longest ${longest} ms`,
);
await close();
