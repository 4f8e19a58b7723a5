import type { Clock } from '../../src/core/clock.ts';
import { type EventStore, type AppendResult, WrongExpectedVersionError } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import type { ImportSource, Language, MarketplaceImportRequested, MarketplaceImportEvent } from './events.ts';
import { marketplaceImport, type MarketplaceImportCommand, type MarketplaceImportState } from './marketplaceImport.ts';
import { ConcurrencyException } from '../../src/core/errors.ts';
import { deterministicId } from '../../src/core/ids.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

export interface ImportDeps {
  store: EventStore;
  db: Executor;
  clock: Clock;
}

export interface ImportRequest {
  vendor_id: number;
  language: Language;
  marketplace: string;
  delimiter: string | null;
  source: ImportSource;
  requested_by: number | string;
  created_by_name: string | null;
}

/** Opens an import job; the worker (src/workers/marketplace-imports/marketplaceImportWorker.ts) picks it up from the feed. */
export async function requestMarketplaceImport(
  deps: ImportDeps,
  request: ImportRequest,
  ctx: CommandContext,
): Promise<{ id: number; done: Handled<unknown, any> }> {
  const id = await nextId(deps.db, marketplaceImport.aggregate);
  const done = await handleCommand(
    deps.store,
    marketplaceImport,
    id,
    {
      type: 'RequestMarketplaceImport',
      data: { job_id: id, ...request, at: deps.clock.now().toISOString() },
    },
    { ...ctx, vendorId: request.vendor_id },
  );
  return { id, done };
}

/** What a job was asked to import (its first event), or null when there is no such job. */
export async function importRequestOf(store: EventStore, id: number): Promise<MarketplaceImportRequested['data'] | null> {
  const [first] = await store.readStream(`${marketplaceImport.aggregate}-${id}`, { limit: 1 });
  return first?.type === 'MarketplaceImportRequested' ? (first.data as MarketplaceImportRequested['data']) : null;
}

/** Ends a job that no worker can finish (a lost worker, a sweep), unless it already ended. */
export async function failMarketplaceImport(
  deps: ImportDeps,
  id: number,
  error_code: 'worker_lost' | 'timeout',
  error: string,
  ctx: CommandContext,
) {
  return handleCommand(
    deps.store,
    marketplaceImport,
    id,
    { type: 'FailMarketplaceImport', data: { error_code, error, at: deps.clock.now().toISOString() } },
    ctx,
  );
}

const PAGE = 50;

/**
 * The import worker's handle on one job stream. A job of a million rows has about 2,000 batch
 * events: reloading them before every batch (what handleCommand does) would make the import
 * quadratic. The session loads the stream once, page by page, then keeps the state and the
 * version in memory and appends each decision at that version. Another writer on the stream
 * (an admin failing the job, a sweep) makes the next append a conflict, and the worker stops.
 */
export class ImportJobSession {
  private constructor(
    private readonly store: EventStore,
    readonly jobId: number,
    private state: MarketplaceImportState,
    private version: number,
    private readonly meta: { correlation_id: string; user_id: string },
    /** What was asked for: the source, language, marketplace and delimiter. */
    readonly requested: MarketplaceImportRequested['data'] | null,
  ) {}

  static async open(store: EventStore, jobId: number, actor: string): Promise<ImportJobSession> {
    const stream = `${marketplaceImport.aggregate}-${jobId}`;
    let state = marketplaceImport.initialState();
    let version = 0;
    let correlation = `marketplace-import-${jobId}`;
    let requested: MarketplaceImportRequested['data'] | null = null;
    for (;;) {
      const page = await store.readStream(stream, { fromVersion: version + 1, limit: PAGE });
      for (const e of page) {
        if (e.type === 'MarketplaceImportRequested') {
          requested = e.data as MarketplaceImportRequested['data'];
          if (e.metadata.correlation_id) correlation = e.metadata.correlation_id;
        }
        state = marketplaceImport.evolve(state, domainEvent<MarketplaceImportEvent>(e));
        version = e.version;
      }
      if (page.length < PAGE) break;
    }
    return new ImportJobSession(store, jobId, state, version, { correlation_id: correlation, user_id: actor }, requested);
  }

  get current(): MarketplaceImportState {
    return this.state;
  }

  /** Decides and appends at the version in memory; returns the appended events. */
  async run(command: MarketplaceImportCommand): Promise<{ events: MarketplaceImportEvent[]; result?: AppendResult }> {
    const events = marketplaceImport.decide(command, this.state);
    if (events.length === 0) return { events };
    const stream = `${marketplaceImport.aggregate}-${this.jobId}`;
    const attempt = this.state.status === 'none' ? 0 : this.state.attempt;
    const vendorId = this.state.status === 'none' ? null : this.state.vendor_id;
    try {
      const result = await this.store.append(
        stream,
        events.map((e, i) => ({
          // Derived from the position in the stream and the attempt: a retried append is a no-op.
          id: deterministicId(stream, String(attempt), String(this.version + 1 + i)),
          type: e.type,
          data: e.data,
          metadata: {
            vendor_id: vendorId,
            user_id: this.meta.user_id,
            correlation_id: this.meta.correlation_id,
            causation_id: `${stream}@${this.version}`,
          },
        })),
        { expected: this.version === 0 ? 'no_stream' : this.version },
      );
      this.state = events.reduce(marketplaceImport.evolve, this.state);
      this.version = result.version;
      return { events, result };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        throw new ConcurrencyException(`${stream} was changed by another writer`, {
          expected_version: this.version,
          actual_version: err.actual,
        });
      }
      throw err;
    }
  }
}
