import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';
import { now, sleep, type Scenario } from '../harness.ts';
import { rebuildTargets } from '../support/generators.ts';
import { openStore, silent } from '../support/store.ts';

/**
 * Scenario 4 (issue 6): projection rebuild. For every read model of `rebuildTargets` (now
 * user_list; the orders and catalogue read models join that list), at least 500,000 events are
 * appended through the event store, then the projection is rebuilt with src/runtime/rebuild.ts
 * (truncate, reset the checkpoint, replay the feed in batches) once per repetition.
 * Baseline: the same projection with one transaction per event (batch size 1) on a ConsumerRunner,
 * over a separate database holding a 20,000-event subset of the same histories; it runs for a
 * fixed time and its rate is applied events / elapsed time (extrapolated: it would take hours
 * to replay everything that way on this machine).
 */
export const rebuildScenario: Scenario = {
  id: 'rebuild',
  title: '4. Projection rebuild',
  async run(ctx) {
    const events = ctx.size(500_000, 20_000);
    const subset = ctx.size(20_000, 2_000);
    const baselineSeconds = ctx.size(10, 2);
    const main = await openStore(ctx.databaseUrl, 10);
    const subsetDb = await ctx.freshDatabase('subset');
    const small = await openStore(subsetDb.url, 4);
    try {
      for (const target of rebuildTargets) {
        const name = target.projection.name;
        ctx.log(`  generating ${events.toLocaleString('en-US')} events for ${name}`);
        const t = now();
        const appended = await target.generate(main.store, main.db.knex, events, ctx.log);
        const generateSeconds = (now() - t) / 1000;
        await target.generate(small.store, small.db.knex, subset, () => {});

        const base = `baseline: ${name}, one transaction per event`;
        const mine = `${name}: rebuild over ${appended.toLocaleString('en-US')} events`;
        ctx.define({ name: base, unit: 'events/s', isBaseline: true });
        ctx.define({ name: mine, unit: 'events/s', baseline: base, targets: [{ label: '≥ 100,000 events/s', metric: 'rate', min: 100_000 }] });

        for (let rep = 0; rep < ctx.repetitions; rep++) {
          const rebuild = async () => {
            const started = now();
            const done = await rebuildProjection(main.db.knex, main.store, target.projection, silent);
            const secs = (now() - started) / 1000;
            if (done !== appended) throw new Error(`${name}: the rebuild applied ${done} events, ${appended} were appended`);
            ctx.record(mine, { rate: done / secs, seconds: secs });
          };
          const oneByOne = async () => {
            const single = { ...target.projection, batchSize: 1 };
            // Start from scratch: empty tables and checkpoint, then let a runner apply one event per transaction.
            await small.db.knex.transaction(async (trx) => {
              for (const table of single.tables) await trx.raw(`TRUNCATE TABLE "${table}"`);
              await trx('consumer_checkpoints').where('name', single.name).delete();
            });
            const runner = new ConsumerRunner(small.db.knex, small.store, [single], silent);
            const started = now();
            runner.start();
            await sleep(baselineSeconds * 1000);
            await runner.stop();
            const secs = (now() - started) / 1000;
            const applied = runner.status()[0].applied;
            ctx.record(base, { rate: applied / secs, applied });
          };
          if (rep % 2 === 0) { await rebuild(); await oneByOne(); } else { await oneByOne(); await rebuild(); }
        }
        const [{ n }] = await main.db.knex(target.projection.tables[0]).count({ n: '*' });
        ctx.note(`Rebuild ${name}: ${appended.toLocaleString('en-US')} events generated through store.append in ${generateSeconds.toFixed(0)} s ` +
          `(${Math.round(appended / generateSeconds).toLocaleString('en-US')} events/s in transactions of 1,000 streams), ${Number(n).toLocaleString('en-US')} rows rebuilt, ` +
          `batch size ${target.projection.batchSize ?? 1000}; baseline: one transaction per event for ${baselineSeconds} s over a ${subset.toLocaleString('en-US')}-event subset.`);
      }
    } finally {
      await small.close();
      await main.close();
    }
  },
};
