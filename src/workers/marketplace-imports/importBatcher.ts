import type { Clock } from '../../core/clock.ts';
import { assignProductIds } from '../../../commands/marketplace-imports/assignProductIds.ts';
import type { AcceptedRow, RejectedRow } from '../../../commands/marketplace-imports/events.ts';
import type { ImportJobSession } from '../../../commands/marketplace-imports/handlers.ts';
import type { MappedRow } from '../../../commands/marketplace-imports/rowMapping.ts';
import type { Executor } from '../../runtime/database.ts';

/**
 * Collects mapped rows and writes them as one batch: the product ids of the batch's keys in one
 * statement, then one append of [RowsAccepted, RowsRejected, Progressed]. Two round trips per
 * batch, instead of one per row. A batch is written while the next one is parsed (double
 * buffering): at most two batches are in memory, and the writes stay in order.
 */
export class ImportBatcher {
  private accepted: Omit<AcceptedRow, 'product_id'>[] = [];
  private rejected: RejectedRow[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly session: ImportJobSession,
    private readonly progress: () => { bytes_read: number; bytes_total: number | null },
    private readonly clock: Clock,
  ) {}

  get size(): number {
    return this.accepted.length + this.rejected.length;
  }

  add(mapped: MappedRow): void {
    if (mapped.ok) this.accepted.push(mapped.row);
    else this.rejected.push(mapped.error);
  }

  /** Hands the collected rows to the writer; waits only for the batch before them. */
  async flush(): Promise<void> {
    if (this.size === 0) return;
    const accepted = this.accepted;
    const rejected = this.rejected;
    const progress = this.progress();
    this.accepted = [];
    this.rejected = [];
    const previous = this.writing;
    this.writing = previous.then(() => this.write(accepted, rejected, progress));
    this.writing.catch(() => {
      /* surfaces through flush() or drain() */
    });
    await previous;
  }

  /** Waits until every handed batch is written (throws the first write error). */
  async drain(): Promise<void> {
    await this.writing;
  }

  private async write(
    rows: Omit<AcceptedRow, 'product_id'>[],
    rejected: RejectedRow[],
    progress: { bytes_read: number; bytes_total: number | null },
  ): Promise<void> {
    const ids = await assignProductIds(
      this.db,
      rows.map((r) => r.key),
    );
    const newKeys = new Set<string>();
    const accepted: AcceptedRow[] = rows.map((r) => {
      const assigned = ids.get(r.key)!;
      if (assigned.created) newKeys.add(r.key);
      return { ...r, product_id: assigned.id };
    });
    await this.session.run({
      type: 'RecordImportBatch',
      data: { accepted, rejected, new_products: newKeys.size, ...progress, at: this.clock.now().toISOString() },
    });
  }
}
