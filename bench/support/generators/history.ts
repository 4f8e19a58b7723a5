import type { Knex } from 'knex';
import type { EventStore } from '../../../src/eventstore/port.ts';

/** Events appended per type, and the rows carried by marketplace import batches. */
export interface Counts {
  byType: Map<string, number>;
  rows: number;
  events: number;
}

/**
 * A history feeds several read models: it is generated once per database, until each of its
 * targets has its minimum (its events, or for the marketplace catalogue the rows they carry).
 */
export interface History {
  name: string;
  /**
   * `scale` (default 1) multiplies how many aggregates start at once: the benchmarks' pace is a
   * busy platform's minute, whose orders alone are tens of thousands of events once their plans
   * run out; a test that needs only a few hundred events of each kind asks for a fraction.
   */
  generate(
    store: EventStore,
    knex: Knex,
    enough: (counts: Counts) => boolean,
    log?: (text: string) => void,
    scale?: number,
  ): Promise<Counts>;
}
