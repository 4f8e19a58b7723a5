import type { Knex } from 'knex';

/**
 * Concurrent reads of rows by key, coalesced: a read that finds fewer than `inFlight` statements
 * under way is sent at once, for its key alone; the reads that arrive meanwhile wait and go
 * together in the next statement (`WHERE key = ANY($1)`). Under load, the answers of many
 * requests (the row a command's caller reads back) cost one statement and one round trip where
 * each used to send its own: on a small virtual machine, sending a statement wakes a database
 * process, and that wake-up was the largest share of a request's processor time. A lone caller
 * waits for nothing.
 *
 * `readMany` answers the rows of the keys it finds; a key it does not find reads as undefined.
 * A failed statement fails the reads that went in it.
 */
export class CoalescedReads<K, V> {
  private waiting = new Map<K, { resolve(v: V | undefined): void; reject(err: unknown): void }[]>();
  private sending = 0;

  constructor(
    private readonly readMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly inFlight = 2,
    private readonly maxBatch = 200,
  ) {}

  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const readers = this.waiting.get(key);
      if (readers) readers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.sending < this.inFlight && this.waiting.size > 0) {
      const batch = new Map<K, { resolve(v: V | undefined): void; reject(err: unknown): void }[]>();
      for (const [key, readers] of this.waiting) {
        if (batch.size >= this.maxBatch) break;
        batch.set(key, readers);
      }
      for (const key of batch.keys()) this.waiting.delete(key);
      this.sending++;
      void this.readMany([...batch.keys()])
        .then(
          (found) => {
            for (const [key, readers] of batch) for (const r of readers) r.resolve(found.get(key));
          },
          (err: unknown) => {
            for (const readers of batch.values()) for (const r of readers) r.reject(err);
          },
        )
        .finally(() => {
          this.sending--;
          this.pump();
        });
    }
  }
}

/**
 * A CoalescedReads per database handle (the service's knex, or a transaction's), made on first
 * use: what a query module keeps for its coalesced read.
 */
export function coalescedReadsPer<K, V>(
  readMany: (knex: Knex, keys: K[]) => Promise<ReadonlyMap<K, V>>,
): (knex: Knex) => CoalescedReads<K, V> {
  const readers = new WeakMap<Knex, CoalescedReads<K, V>>();
  return (knex) => {
    let reader = readers.get(knex);
    if (!reader) readers.set(knex, (reader = new CoalescedReads((keys) => readMany(knex, keys))));
    return reader;
  };
}
