import type { Config } from '../config.ts';
import type { Database } from '../runtime/database.ts';
import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres.ts';

/** EVENTSTORE_URL selects EventStoreDB; otherwise the events live in the database. */
export async function createEventStore(config: Config, db: Database): Promise<EventStore> {
  if (config.eventstoreUrl) {
    const { EventStoreDbStore } = await import('./eventstoredb.ts');
    return EventStoreDbStore.connect(config.eventstoreUrl);
  }
  const store = new PostgresEventStore(db);
  if (config.databaseUrl) await store.listen(config.databaseUrl);
  return store;
}
