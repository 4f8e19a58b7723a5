import type { Clock } from '../../src/core/clock.ts';
import { type SecretBox, keyHint } from '../../src/adapters/extmarket/secretBox.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { extmarketCredentials } from './extmarketCredentials.ts';
import type { SyncCounters, SyncJobOptions, SyncJobType } from './events.ts';
import { extmarketSyncJob, type SyncJobCommand } from './extmarketSyncJob.ts';

/** Handlers of the extmarket area: credentials (the key is sealed here, before any event) and sync jobs. */
export interface ExtmarketDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
}

/** The service's clock: every recorded time of these commands, so a test can move time forward. */
const now = (deps: { clock: Clock }) => deps.clock.now().toISOString();

export interface CredentialsInput {
  api_key?: string;
  api_endpoint: string;
  auto_sync_enabled: boolean;
}

export async function saveExtmarketCredentials(
  deps: ExtmarketDeps,
  vendorId: number,
  input: CredentialsInput,
  box: SecretBox,
  ctx: CommandContext,
) {
  const key = input.api_key?.trim();
  return handleCommand(
    deps.store,
    extmarketCredentials,
    vendorId,
    {
      type: 'SaveExtmarketCredentials',
      data: {
        vendor_id: vendorId,
        api_key_sealed: key ? box.seal(key) : null,
        api_key_hint: key ? keyHint(key) : null,
        api_endpoint: input.api_endpoint,
        auto_sync_enabled: input.auto_sync_enabled,
        by: ctx.userId,
        at: now(deps),
      },
    },
    ctx,
  );
}

export const removeExtmarketCredentials = (deps: ExtmarketDeps, vendorId: number, ctx: CommandContext) =>
  handleCommand(
    deps.store,
    extmarketCredentials,
    vendorId,
    { type: 'RemoveExtmarketCredentials', data: { vendor_id: vendorId, by: ctx.userId, at: now(deps) } },
    ctx,
  );

export const recordConnectionTest = (deps: ExtmarketDeps, vendorId: number, ok: boolean, error: string | null, ctx: CommandContext) =>
  handleCommand(
    deps.store,
    extmarketCredentials,
    vendorId,
    { type: 'RecordConnectionTest', data: { vendor_id: vendorId, ok, error, at: now(deps) } },
    ctx,
  );

/** The stored credentials in clear, for the extmarket client of this process only; null when none. */
export async function openExtmarketCredentials(
  deps: Pick<ExtmarketDeps, 'store' | 'db'>,
  vendorId: number,
  box: SecretBox,
  tx?: unknown,
): Promise<{ apiKey: string; endpoint: string; autoSync: boolean } | null> {
  const { state } = await load(deps.store, extmarketCredentials, vendorId, tx);
  if (state.status !== 'set') return null;
  return { apiKey: box.open(state.api_key_sealed), endpoint: state.api_endpoint, autoSync: state.auto_sync_enabled };
}

export async function requestExtmarketSync(
  deps: ExtmarketDeps,
  vendorId: number,
  jobType: SyncJobType,
  createdByName: string | null,
  ctx: CommandContext,
  options: SyncJobOptions = {},
) {
  const jobId = await nextId(deps.db, 'extmarket_sync');
  const done = await handleCommand(
    deps.store,
    extmarketSyncJob,
    jobId,
    {
      type: 'RequestExtmarketSync',
      data: {
        job_id: jobId,
        vendor_id: vendorId,
        job_type: jobType,
        requested_by: ctx.userId,
        created_by_name: createdByName,
        options,
        at: now(deps),
      },
    },
    ctx,
  );
  return { jobId, done };
}

export const loadSyncJob = (deps: ExtmarketDeps, jobId: number) => load(deps.store, extmarketSyncJob, jobId);

/** A step of a running job (start, progress, complete, fail), appended at the version loaded. */
export function runSyncJobCommand(
  deps: ExtmarketDeps,
  jobId: number,
  command: SyncJobCommand,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(deps.store, extmarketSyncJob, jobId, command, ctx);
}

export const ZERO_COUNTERS: SyncCounters = {
  files_processed: 0,
  files_succeeded: 0,
  files_failed: 0,
  orders_imported: 0,
  orders_skipped: 0,
};
