import { comparePositions } from '../eventstore/port.ts';
import type { Projection } from '../runtime/consumer.ts';
import { readCheckpoint } from '../runtime/checkpoints.ts';
import { rebuildProjection } from '../runtime/rebuild.ts';
import { cliServices, fail, helpWanted, parseArgs } from './context.ts';

const USAGE = `npm run projections -- status | rebuild <name|all>\n  status             each consumer (projection or process manager), its checkpoint and how many events it is behind\n  rebuild <name|all> drops a projection and replays the feed into it, with a progress bar`;
helpWanted(USAGE);

/**
 * npm run projections -- status            each consumer, its position, its lag (events behind)
 * npm run projections -- rebuild <name|all> drop and rebuild from the feed, with a progress bar
 */
const { words } = parseArgs(process.argv.slice(2));
const [command, target] = words;
if (command !== 'status' && command !== 'rebuild') fail('usage: projections status | projections rebuild <name|all>');

const services = await cliServices(command === 'status' ? 'GET /health/ready lists each consumer and its lag' : undefined);
const { runner, store, db, logger } = services;
try {
  if (command === 'status') {
    const rows: string[][] = [];
    for (const c of runner.consumers) {
      const position = await readCheckpoint(db.knex, c.name);
      let lag = 0;
      let pos = position;
      for (;;) {
        const batch = await store.readFeed(pos, { limit: 5000, types: c.eventTypes });
        lag += batch.events.length;
        if (batch.events.length < 5000 || lag >= 1_000_000 || comparePositions(batch.next, pos) <= 0) break;
        pos = batch.next;
      }
      const behind =
        lag === 0 ? 'caught up' : `${lag >= 1_000_000 ? '≥ ' : ''}${lag.toLocaleString('en-US')} event${lag === 1 ? '' : 's'} behind`;
      rows.push([c.name, c.kind === 'projection' ? 'projection' : 'process manager', `${position.a}/${position.b}`, behind]);
    }
    console.log(statusTable(rows));
  } else {
    const projections = runner.consumers.filter((c): c is Projection => c.kind === 'projection');
    const chosen = target === 'all' ? projections : projections.filter((p) => p.name === target);
    if (chosen.length === 0) fail(`unknown projection '${target ?? ''}'; known: ${projections.map((p) => p.name).join(', ')}`);
    for (const p of chosen) {
      const total = await countEvents(p.eventTypes);
      const started = Date.now();
      const done = await rebuildProjection(db.knex, store, p, logger, (n) => bar(p.name, n, total));
      const secs = (Date.now() - started) / 1000;
      process.stdout.write(`\n${p.name}: ${done} events in ${secs.toFixed(1)} s (${Math.round(done / Math.max(secs, 0.001))} events/s)\n`);
    }
  }
} finally {
  await services.close();
}

async function countEvents(types: readonly string[]): Promise<number | null> {
  if (store.kind === 'eventstoredb') return null;
  const r = await db
    .knex('events')
    .whereIn('type', [...types])
    .count({ n: '*' });
  return Number(r[0].n);
}

function bar(name: string, done: number, total: number | null): void {
  if (!total) {
    process.stdout.write(`\r${name} ${done} events`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r${name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
}

/** Aligned columns with a header, the consumers behind first, then by name. */
export function statusTable(rows: string[][]): string {
  const head = ['consumer', 'kind', 'checkpoint (xid/position)', 'state'];
  const sorted = [...rows].sort((a, b) => Number(b[3] !== 'caught up') - Number(a[3] !== 'caught up') || a[0].localeCompare(b[0]));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const behind = rows.filter((r) => r[3] !== 'caught up').length;
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...sorted.map(line),
    '',
    `${rows.length} consumers, ${behind === 0 ? 'every one caught up' : `${behind} behind`}`,
  ].join('\n');
}
