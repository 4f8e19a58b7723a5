import type { Clock } from '../../src/core/clock.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import type { ImportSource, Language, MarketplaceImportRequested } from './events.ts';
import { marketplaceImport } from './marketplaceImport.ts';

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

/** Opens an import job; the worker (src/workers/marketplaceImportWorker.ts) picks it up from the feed. */
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
