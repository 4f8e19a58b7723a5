import type { Knex } from 'knex';
import type { ReadModel } from '../core/readModel.ts';
import type { EventStore, Position, RecordedEvent } from '../eventstore/port.ts';
import type { CommandContext } from './commandContext.ts';

/**
 * Consumers of the global feed (ARCHITECTURE.md "Read side", "Side effects").
 * A projection applies a batch of events to its read-model tables; a process manager reacts to
 * one event at a time. Both run on the ConsumerRunner, which advances the checkpoint in the
 * same transaction as the consumer's writes.
 */
export interface Projection {
  kind: 'projection';
  /** Named after the table it builds (STYLE.md): `user_list` builds `user_list`. */
  name: string;
  eventTypes: readonly string[];
  /** Tables emptied by a rebuild. */
  tables: readonly string[];
  /** The row of each table, declared once (src/core/readModel.ts); checked against the migrated tables. */
  readModels?: readonly ReadModel[];
  /** Applies a batch in the runner's transaction; write with batched statements. */
  apply(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
  /** Events per transaction (default 1000). */
  batchSize?: number;
}

export interface ProcessContext {
  trx: Knex.Transaction;
  store: EventStore;
  /** Command context for commands issued because of `event`: deterministic ids, same transaction. */
  commandContext(event: RecordedEvent): CommandContext;
  /**
   * Records (this handler, event id) in processed_events; false when it was recorded before.
   * Guard every effect outside PostgreSQL (e-mail, HTTP calls) with it.
   */
  firstTime(event: RecordedEvent): Promise<boolean>;
}

export interface ProcessManager {
  kind: 'process';
  /** `<effect>On<Trigger>` (STYLE.md), for example `clearCartOnOrderPlaced`. */
  name: string;
  eventTypes: readonly string[];
  handle(event: RecordedEvent, ctx: ProcessContext): Promise<void>;
  batchSize?: number;
}

export type Consumer = Projection | ProcessManager;

/** A consumer as the ConsumerRunner of this process reports it (the health and task-monitor views). */
export interface ConsumerStatus {
  name: string;
  kind: Consumer['kind'];
  position: Position;
  /** True while this process holds the consumer (another instance may hold it instead). */
  leader: boolean;
  lastError: string | null;
  applied: number;
  /** Batches this process committed for it (a read of the feed each, whether or not it found events). */
  batches: number;
}
