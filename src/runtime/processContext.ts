import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import type { ProcessContext } from './consumer.ts';
import { sql } from './database.ts';

/**
 * What a process manager's handler gets for one event of its batch (consumer.ts): the batch's
 * transaction, the store, a command context whose commands append in that transaction (with ids
 * derived from the triggering event: a repeated command appends nothing new), and `firstTime`,
 * the (handler, event id) record that guards every effect outside PostgreSQL
 * (ARCHITECTURE.md "Side effects").
 */
export function processContext(trx: Knex.Transaction, store: EventStore, handler: string): ProcessContext {
  return {
    trx,
    store,
    commandContext: (event: RecordedEvent) => ({
      userId: `system:${handler}`,
      vendorId: (event.metadata.vendor_id as number | null | undefined) ?? null,
      correlationId: event.metadata.correlation_id ?? event.id,
      causationId: `${handler}:${event.id}`,
      tx: store.kind === 'eventstoredb' ? undefined : trx,
    }),
    firstTime: async (event: RecordedEvent) => {
      const rows = await sql(
        trx,
        `INSERT INTO processed_events (handler, event_id) VALUES ($1, $2)
        ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
        [handler, event.id],
      );
      return rows.length === 1;
    },
  };
}
