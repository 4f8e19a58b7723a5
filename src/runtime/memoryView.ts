/**
 * What a memory view is: the state a module declares to be held in each instance's memory, and
 * what `services.views` offers to read it. Loading the views and keeping them current from the
 * feed is src/runtime/memoryViews.ts.
 */
import type { Knex } from 'knex';
import type { Position, RecordedEvent } from '../eventstore/port.ts';

/**
 * State a request checks before its command, held in each instance's memory (the caller's access,
 * the vendor's plan, a platform switch): built from the read models when the service starts and
 * kept current from the event feed the instance tails, never by a time-to-live. A module declares
 * its views (`memoryViews` in src/modules/module.ts); code reads one with `services.views.get(view)`
 * (synchronous: no statement per request).
 *
 * The load and the feed meet at a consistent position: `load` runs in one REPEATABLE READ snapshot
 * together with the checkpoints of the `sources` (the projections that write the tables it reads,
 * each checkpoint committed with its rows), and the view then applies every event of its types
 * after the lowest of those checkpoints, in feed order. Between the lowest and the highest
 * checkpoint, an event may already be in one of the tables it was loaded from: `apply` must set
 * what the event states (a status, a role, a row), never count or append, so that applying it once
 * more leaves the same state.
 */
export interface MemoryView<S> {
  /** Unique among the modules' views, snake_case (`vendor_plans`). */
  name: string;
  /** The events that change the state. */
  eventTypes: readonly string[];
  /** The projections (consumer names) whose tables `load` reads; their checkpoints bound the load. */
  sources: readonly string[];
  /** The state from the read models, inside the snapshot's transaction (use `trx`, never another connection). */
  load(trx: Knex.Transaction): Promise<S>;
  /** One event, in feed order; may change `state` in place and return it. */
  apply(state: S, event: RecordedEvent): S;
}

export const defineMemoryView = <S>(view: MemoryView<S>): MemoryView<S> => view;

/** What `services.views` offers. */
export interface Views {
  /**
   * The view's current state. Throws for a view no module declared. A generic layer names the
   * view (`'vendor_access'`) rather than importing the area's definition.
   */
  get<S>(view: MemoryView<S> | string): S;
  /** The view's state, or undefined where no module declared it or it is not loaded (a CLI, a worker's own deps). */
  find<S>(view: MemoryView<S> | string): S | undefined;
  /**
   * Read-your-writes for this instance: resolves once every view that reads one of `types` has
   * applied the feed up to `position` (true), or after `timeoutMs` (false).
   */
  waitFor(position: Position, types: readonly string[], timeoutMs: number): Promise<boolean>;
  status(): ViewStatus[];
}

export interface ViewStatus {
  name: string;
  /** The feed position the view has applied up to. */
  position: Position;
  /** Events applied since the view was loaded. */
  applied: number;
  loadedAt: string | null;
  /** Times a failed `apply` made the view load again from the read models. */
  reloads: number;
  lastError: string | null;
}
