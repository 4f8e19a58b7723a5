import type { StoreTx } from '../eventstore/port.ts';

/** Who acts and why: carried into every event's metadata (ARCHITECTURE.md "Event store"). */
export interface CommandContext {
  /** Acting user id, or a system actor such as `system:bootstrap`. */
  userId: number | string | null;
  vendorId?: number | null;
  correlationId: string;
  /**
   * The event (or request idempotency key) that caused this command. When set, the new
   * events' ids derive from it, so a repeated command appends nothing new.
   */
  causationId?: string;
  /** Run inside this transaction (process managers on the PostgreSQL store). */
  tx?: StoreTx;
}
