import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  openExtmarketCredentials,
  runSyncJobCommand,
  loadSyncJob,
  ZERO_COUNTERS,
  type ExtmarketDeps,
} from '../../../commands/extmarket/handlers.ts';
import type { SyncCounters } from '../../../commands/extmarket/events.ts';
import { confirmItem, declineItem, importExtmarketOrder } from '../../modules/orders.ts';
import { ORDER_QUOTA } from '../../../commands/orders/events.ts';
import { countExtmarketOrder } from '../../../commands/quotas/handlers.ts';
import { sellerVatProfileOf } from '../../modules/registry.ts';
import type { VendorProductListRow } from '../../modules/catalogue.ts';
import { graphqlExtmarketClient } from '../../adapters/extmarket/graphqlClient.ts';
import type { ExtmarketClient, ExtmarketShipment } from '../../adapters/extmarket/port.ts';
import { secretBoxFor } from '../../adapters/extmarket/secretBox.ts';
import { viesVerifier, type VatNumberVerifier } from '../../adapters/vies/viesClient.ts';
import type { Clock } from '../../core/clock.ts';
import { ConflictException } from '../../core/errors.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { orderQuota } from '../../http/planLimits.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import { runProductExport } from './runProductExport.ts';
import { shipmentToOrder } from './shipmentToOrder.ts';

/**
 * Runs one extmarket job (ARCHITECTURE.md "Long operations"), outside any consumer transaction:
 * Started (appended at the version that saw the job requested, so one worker wins), then the
 * orders, a progress fact per page, then Completed or Failed. Each shipment read counts as one
 * file of the sync log: succeeded when imported or already known, failed with its reason in
 * error_details. An order already imported is skipped, so a sync can run any number of times.
 */
export interface SyncWorkerDeps {
  knex: Knex;
  store: EventStore;
  dataDir: string;
  logger: Logger;
  vies?: VatNumberVerifier;
  /** The service's clock (the billing period an order counts in, the times its commands record). */
  clock: Clock;
}

const PAGE = 50;
export const SYNC_ACTOR = 'system:extmarket-sync';

export async function runExtmarketSync(deps: SyncWorkerDeps, jobId: number): Promise<void> {
  const d: ExtmarketDeps = { store: deps.store, db: deps.knex, clock: deps.clock };
  const now = () => deps.clock.now().toISOString();
  const ctx: CommandContext = { userId: SYNC_ACTOR, correlationId: `extmarket-sync-${jobId}` };
  const { state } = await loadSyncJob(d, jobId);
  if (state.status !== 'requested') return;
  try {
    await runSyncJobCommand(d, jobId, { type: 'StartExtmarketSync', data: { at: now() } }, { ...ctx, vendorId: state.vendor_id });
  } catch (err) {
    if (err instanceof ConflictException) return; // another worker started it
    throw err;
  }
  const c: CommandContext = { ...ctx, vendorId: state.vendor_id };
  const counters: SyncCounters = { ...ZERO_COUNTERS };
  try {
    if (state.job_type === 'product_export') {
      const result = await runProductExport(deps.knex, state.vendor_id, state.options, counters);
      await runSyncJobCommand(d, jobId, { type: 'CompleteExtmarketSync', data: { ...counters, error_details: result, at: now() } }, c);
      return;
    }
    const client = await clientFor(deps, state.vendor_id);
    const errors: string[] = [];
    const pages = state.job_type === 'historical_import' ? historical(client) : unconfirmed(client);
    for await (const shipments of pages) {
      const pageErrors: string[] = [];
      for (const s of shipments) {
        counters.files_processed++;
        try {
          const created = await importShipment(deps, state.vendor_id, jobId, s, c);
          counters.files_succeeded++;
          if (created) counters.orders_imported++;
          else counters.orders_skipped++;
        } catch (err) {
          counters.files_failed++;
          pageErrors.push(`order ${s.orderNumber} (${s.id}): ${(err as Error).message}`.slice(0, 500));
        }
      }
      errors.push(...pageErrors);
      await runSyncJobCommand(
        d,
        jobId,
        {
          type: 'RecordSyncProgress',
          data: {
            ...counters,
            progress_message: `${counters.files_processed} order(s) read, ${counters.orders_imported} imported`,
            errors: pageErrors,
            at: now(),
          },
        },
        c,
      );
    }
    await runSyncJobCommand(
      d,
      jobId,
      { type: 'CompleteExtmarketSync', data: { ...counters, error_details: { errors: errors.slice(-100) }, at: now() } },
      c,
    );
  } catch (err) {
    deps.logger.warn({ err, job_id: jobId }, 'extmarket job failed');
    await runSyncJobCommand(
      d,
      jobId,
      { type: 'FailExtmarketSync', data: { ...counters, error: (err as Error).message.slice(0, 1000), at: now() } },
      c,
    ).catch((e) => deps.logger.error({ err: e, job_id: jobId }, 'could not record the failure of an extmarket job'));
  }
}

/** The vendor's extmarket client; `tx` when called inside a consumer transaction (PGlite has one connection). */
export async function clientFor(
  deps: Pick<SyncWorkerDeps, 'knex' | 'store' | 'dataDir'>,
  vendorId: number,
  tx?: unknown,
): Promise<ExtmarketClient> {
  const creds = await openExtmarketCredentials({ store: deps.store, db: deps.knex }, vendorId, secretBoxFor(deps.dataDir), tx);
  if (!creds) throw new Error('No extmarket API key is stored for this vendor');
  return graphqlExtmarketClient({ endpoint: creds.endpoint, apiKey: creds.apiKey });
}

async function* unconfirmed(client: ExtmarketClient) {
  yield await client.unconfirmedShipments();
}

async function* historical(client: ExtmarketClient) {
  let cursor: string | null = null;
  do {
    const page = await client.historicalShipments(cursor, PAGE);
    yield page.shipments;
    cursor = page.nextCursor;
  } while (cursor);
}

async function importShipment(
  deps: SyncWorkerDeps,
  vendorId: number,
  jobId: number,
  s: ExtmarketShipment,
  ctx: CommandContext,
): Promise<boolean> {
  const placeholder = await deps
    .knex<VendorProductListRow>('vendor_product_list')
    .where({ vendor_id: vendorId, is_placeholder: true })
    .first('id');
  if (!placeholder) throw new Error('The vendor has no placeholder product yet');
  const vat = await sellerVatProfileOf(deps.knex, vendorId, deps.clock.now());
  const mapped = await shipmentToOrder(s, {
    knex: deps.knex,
    vendorId,
    placeholderProductId: placeholder.id,
    vat,
    vies: deps.vies ?? viesVerifier(),
    syncJobId: jobId,
  });
  const od = { store: deps.store, db: deps.knex, clock: deps.clock };
  const result = await importExtmarketOrder(od, mapped.incoming, placeholder.id, ctx);
  if (result.created) await countInOrderQuota(deps, vendorId, result.order_id, mapped.incoming.order_date, ctx);
  if (!result.created || mapped.decided.length === 0) return result.created;
  // Decisions the extmarket already holds (a historical order) are recorded, not pushed back.
  const { items } = (await od.store.readStream(`order-${result.order_id}`))[0].data as { items: { item_id: number }[] };
  for (const { index, confirmed } of mapped.decided) {
    const who = { vendor_id: vendorId, source: 'extmarket' as const };
    await (confirmed ? confirmItem : declineItem)(od, result.order_id, items[index].item_id, who, ctx).catch((err) => {
      if (!(err instanceof ConflictException)) throw err;
    });
  }
  return true;
}

/**
 * A new extmarket order counts in the period's order quota when it is dated in that period (a
 * historical order of an earlier period does not). It is never refused: past the limit the quota
 * stream reports it (ExtmarketOrderOverLimit), once, for the vendor and the admins to hear of.
 */
async function countInOrderQuota(deps: SyncWorkerDeps, vendorId: number, orderId: number, orderDate: string, ctx: CommandContext) {
  const clock = deps.clock;
  const quotaOf = await orderQuota({ db: { knex: deps.knex }, clock }, vendorId);
  if (orderDate < quotaOf.period.start || orderDate >= quotaOf.period.end) return;
  await countExtmarketOrder(
    deps.store,
    ORDER_QUOTA,
    quotaOf,
    { vendor_id: vendorId, order_id: orderId, period_start: quotaOf.period.start, at: clock.now().toISOString() },
    ctx,
  );
}
