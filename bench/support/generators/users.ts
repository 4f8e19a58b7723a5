import { systemClock } from '../../../src/core/clock.ts';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createUser } from '../../../commands/users/handlers.ts';
import type { EventStore, NewEvent } from '../../../src/eventstore/port.ts';
import type { Counts, History } from './history.ts';
import { LANGS, person } from './vocabulary.ts';

/** A user's history: UserCreated, then `changes` profile changes. */
export function userHistory(id: number, changes: number, role: 'admin' | 'vendor' = id % 3 === 0 ? 'admin' : 'vendor'): NewEvent[] {
  const p = person(id);
  const at = new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString();
  const meta = { vendor_id: null, user_id: 'system:bench', correlation_id: randomUUID() };
  const events: NewEvent[] = [
    {
      id: randomUUID(),
      type: 'UserCreated',
      metadata: meta,
      data: {
        user_id: id,
        role,
        email: p.email,
        username: p.username,
        first_name: p.first,
        last_name: p.last,
        preferred_language: LANGS[id % 4],
        must_change_password: false,
        created_at: at,
        // A hash of the real shape and length; nobody signs in as these users.
        password_hash: `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID().replace(/-/g, '')}$${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`,
      },
    },
  ];
  for (let c = 1; c <= changes; c++) {
    events.push({
      id: randomUUID(),
      type: 'UserProfileChanged',
      metadata: meta,
      data: {
        user_id: id,
        changes: c % 2 ? { first_name: `${p.first}${c}` } : { last_name: `${p.last}-${c}`, preferred_language: LANGS[(id + c) % 4] },
        at,
      },
    });
  }
  return events;
}

/**
 * Appends the histories of users firstId..firstId+count-1 in big batches: `parallel` transactions
 * at a time, each appending `perTx` users' streams (one append per stream, all of its events).
 */
export async function appendUsers(
  store: EventStore,
  knex: Knex,
  firstId: number,
  count: number,
  changes: number,
  options: { parallel?: number; perTx?: number; log?: (text: string) => void } = {},
): Promise<number> {
  const parallel = options.parallel ?? 4;
  const perTx = options.perTx ?? 1000;
  let next = 0;
  let appended = 0;
  let reported = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
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
        if (options.log && appended - reported >= 100_000) {
          reported = appended;
          options.log(`    generated ${appended.toLocaleString('en-US')} events`);
        }
      }
    }),
  );
  return appended;
}

/** UserCreated + 4 UserProfileChanged per user, in steps of 2,000 users (times the scale) until enough. */
export const usersHistory: History = {
  name: 'users',
  async generate(store, knex, enough, log, scale = 1) {
    const counts: Counts = { byType: new Map(), rows: 0, events: 0 };
    let first = 1;
    while (!enough(counts)) {
      const users = Math.max(1, Math.round(2_000 * scale));
      const n = await appendUsers(store, knex, first, users, 4, { log });
      first += users;
      counts.events += n;
      counts.byType.set('UserCreated', (counts.byType.get('UserCreated') ?? 0) + users);
      counts.byType.set('UserProfileChanged', (counts.byType.get('UserProfileChanged') ?? 0) + n - users);
    }
    return counts;
  },
};

/** The admin the benchmarks sign in as (the child service's ADMIN_EMAIL/ADMIN_PASSWORD), created through the real command. */
export async function createBenchAdmin(
  store: EventStore,
  knex: Knex,
  admin: { email: string; username: string; password: string },
): Promise<number> {
  const { id } = await createUser(
    { store, db: knex, clock: systemClock },
    { ...admin, role: 'admin' },
    { userId: 'system:bench', correlationId: 'bench-admin' },
  );
  return id;
}
