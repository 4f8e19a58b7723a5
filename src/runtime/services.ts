import { registerInlineProjections } from './inlineProjection.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { createEventStore } from '../eventstore/index.ts';
import { comparePositions, type EventStore, type Position } from '../eventstore/port.ts';
// The tokens of the admins', team members' and customers' sign-in are the route layer's own (its
// guards read them for every area), not an area's adapter: built here for every process.
import { createTokens, type Tokens } from '../http/tokens.ts';
import { buildAdapters, type Adapters } from './adapters.ts';
import type { Consumer } from './consumer.ts';
import { ConsumerRunner } from './consumerRunner.ts';
import { openDatabase, type Database } from './database.ts';
import type { MemoryView, Views } from './memoryView.ts';
import { MemoryViews } from './memoryViews.ts';
import { migrate } from './migrate.ts';

/**
 * Everything a route, a CLI or a test needs, built once per process; with the clients of outside
 * services the modules contribute (./adapters.ts).
 */
export interface Services extends Adapters {
  config: Config;
  db: Database;
  store: EventStore;
  runner: ConsumerRunner;
  logger: Logger;
  tokens: Tokens;
  /** The service's clock (src/core/clock.ts); tests pass a ManualClock. */
  clock: Clock;
  /** The modules' memory views (src/runtime/memoryViews.ts): `services.views.get(view)`. */
  views: Views;
  /**
   * Read-your-writes: waits (bounded) until the projections and the memory views that read the
   * appended event types have passed the last position of the given command results.
   */
  settle(results: Iterable<{ position?: Position; eventTypes: string[]; inlined?: readonly string[] }>): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceOptions {
  consumers: readonly Consumer[];
  /** The modules' memory views, loaded before createServices resolves (none for a CLI). */
  views?: readonly MemoryView<any>[];
  /** Reuse an open database (tests share one PGlite per process). */
  db?: Database;
  startConsumers?: boolean;
  /** Default: the system clock. */
  clock?: Clock;
}

export async function createServices(config: Config, logger: Logger, options: ServiceOptions): Promise<Services> {
  const db =
    options.db ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
      consumerPoolMax: config.consumerPoolMax,
    }));
  await migrate(db.knex);
  const store = await createEventStore(config, db);
  const adapters = buildAdapters(config, store);
  registerInlineProjections(options.consumers);
  const runner = new ConsumerRunner(db.consumerKnex, store, options.consumers, logger, { dedicatedPool: db.consumerKnex !== db.knex });
  if (options.startConsumers !== false) runner.start();
  const projections = options.consumers.filter((c) => c.kind === 'projection').map((c) => c.name);
  const views = new MemoryViews(db.knex, store, options.views ?? [], logger, projections);
  await views.start();
  return {
    config,
    db,
    store,
    runner,
    logger,
    clock: options.clock ?? systemClock,
    ...adapters,
    views,
    tokens: createTokens(config.jwtSecret, config.jwtExpiresInSeconds),
    async settle(results) {
      // Each projection waits for the last append of the types it reads, not for the command's
      // last append overall: a projection of stock movements is never woken by the order event
      // that follows them, and would otherwise sleep its idle backoff before passing it. A
      // projection whose rows every append of a type wrote (inline) is not waited for on it.
      const lastOfType = new Map<string, { position: Position; inlined: Set<string> }>();
      for (const r of results) {
        if (!r.position) continue;
        for (const t of r.eventTypes) {
          const known = lastOfType.get(t);
          const inlined = new Set(r.inlined ?? []);
          if (!known) lastOfType.set(t, { position: r.position, inlined });
          else {
            for (const name of known.inlined) if (!inlined.has(name)) known.inlined.delete(name);
            if (comparePositions(r.position, known.position) > 0) known.position = r.position;
          }
        }
      }
      const waits = new Map<string, { position: Position; types: string[]; inlined: string[] }>();
      for (const [type, { position, inlined }] of lastOfType) {
        const skipped = [...inlined].sort();
        const key = `${position.a}:${position.b}:${skipped.join(',')}`;
        const wait = waits.get(key) ?? { position, types: [], inlined: skipped };
        wait.types.push(type);
        waits.set(key, wait);
      }
      const settled = await Promise.all(
        [...waits.values()].flatMap((w) => [
          runner.waitFor(w.position, w.types, config.projectionWaitMs, w.inlined),
          views.waitFor(w.position, w.types, config.projectionWaitMs),
        ]),
      );
      if (settled.includes(false))
        logger.warn({ waits: [...waits.values()] }, 'projections or memory views did not catch up within the wait bound');
    },
    async close() {
      views.stop();
      await runner.stop();
      await store.close();
      if (!options.db) await db.close();
    },
  };
}
