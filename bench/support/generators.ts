import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createUser } from '../../commands/users/handlers.ts';
import { userList } from '../../projections/users/userList.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/**
 * Event generators for the benchmarks: each one appends, through the real event store, realistic
 * histories that a read model consumes. The rebuild scenario (bench/scenarios/rebuild.ts) rebuilds
 * every entry of `rebuildTargets`; the orders and catalogue areas add their read models here
 * (for example order_items fed by OrderPlaced/OrderItemConfirmed/ItemShipped histories, and the
 * catalogue's product list fed by product and price events).
 */
export interface RebuildTarget {
  /** The real projection (as registered in src/consumers.ts). */
  projection: Projection;
  /** Appends about `events` events of the projection's types; resolves to how many it appended. */
  generate(store: EventStore, knex: Knex, events: number, log: (text: string) => void): Promise<number>;
}

const FIRST = ['Anna', 'Luc', 'Marie', 'Jean', 'Sofia', 'Paul', 'Lea', 'Tom', 'Nina', 'Max', 'Eva', 'Ben', 'Lara', 'Noah', 'Mia', 'Leon'];
const LAST = ['Schmit', 'Muller', 'Weber', 'Wagner', 'Hoffmann', 'Klein', 'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard',
  'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'Rossi', 'Russo', 'Ferrari', 'Esposito'];
const LANGS = ['en', 'fr', 'de', 'lb'] as const;

/** A deterministic, searchable person for user `id`: names from small pools plus a unique surname suffix. */
export function person(id: number) {
  const first = FIRST[id % FIRST.length];
  const last = `${LAST[(id * 7) % LAST.length]}${(id * 7919) % 100_003}`;
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}.${id}@bench.example`, username: `u${id}_${first.toLowerCase()}` };
}

/** A user's history: UserCreated, then `changes` profile changes. */
export function userHistory(id: number, changes: number, role: 'admin' | 'vendor' = id % 3 === 0 ? 'admin' : 'vendor'): NewEvent[] {
  const p = person(id);
  const at = new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString();
  const meta = { vendor_id: null, user_id: 'system:bench', correlation_id: randomUUID() };
  const events: NewEvent[] = [{
    id: randomUUID(), type: 'UserCreated', metadata: meta,
    data: {
      user_id: id, role, email: p.email, username: p.username, first_name: p.first, last_name: p.last,
      preferred_language: LANGS[id % 4], must_change_password: false, created_at: at,
      // A hash of the real shape and length; nobody signs in as these users.
      password_hash: `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID().replace(/-/g, '')}$${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`,
    },
  }];
  for (let c = 1; c <= changes; c++) {
    events.push({
      id: randomUUID(), type: 'UserProfileChanged', metadata: meta,
      data: { user_id: id, changes: c % 2 ? { first_name: `${p.first}${c}` } : { last_name: `${p.last}-${c}`, preferred_language: LANGS[(id + c) % 4] }, at },
    });
  }
  return events;
}

/**
 * Appends the histories of users firstId..firstId+count-1 in big batches: `parallel` transactions
 * at a time, each appending `perTx` users' streams (one append per stream, all of its events).
 */
export async function appendUsers(store: EventStore, knex: Knex, firstId: number, count: number, changes: number,
  options: { parallel?: number; perTx?: number; log?: (text: string) => void } = {}): Promise<number> {
  const parallel = options.parallel ?? 4;
  const perTx = options.perTx ?? 1000;
  let next = 0;
  let appended = 0;
  let reported = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + perTx);
      const to = next;
      await knex.transaction(async (trx) => {
        for (let i = from; i < to; i++) {
          const events = userHistory(firstId + i, changes);
          await store.append(`user-${firstId + i}`, events, { expected: 'no_stream', tx: trx });
          appended += events.length;
        }
      });
      if (options.log && appended - reported >= 100_000) { reported = appended; options.log(`    generated ${appended.toLocaleString('en-US')} events`); }
    }
  }));
  return appended;
}

export const rebuildTargets: RebuildTarget[] = [
  {
    projection: userList,
    // UserCreated + 4 UserProfileChanged per user.
    generate: (store, knex, events, log) => appendUsers(store, knex, 1, Math.ceil(events / 5), 4, { log }),
  },
];

/** The admin the benchmarks sign in as (the child service's ADMIN_EMAIL/ADMIN_PASSWORD), created through the real command. */
export async function createBenchAdmin(store: EventStore, knex: Knex, admin: { email: string; username: string; password: string }): Promise<number> {
  const { id } = await createUser({ store, db: knex }, { ...admin, role: 'admin' }, { userId: 'system:bench', correlationId: 'bench-admin' });
  return id;
}
