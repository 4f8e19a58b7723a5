import type { Clock } from '../../core/clock.ts';
import type { Knex } from 'knex';
import { runOrderCommand } from '../../modules/orders.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { pushToExtmarket } from './pushToExtmarket.ts';

/**
 * Retries every decision the extmarket has not accepted yet (a failure is recorded and
 * retried): failed pushes whose retry_at has come, and pushes still pending a minute after the
 * decision (no process manager got to them). Each attempt is recorded on the order.
 */
export async function retryExtmarketPushes(
  deps: { knex: Knex; store: EventStore; dataDir: string; clock: Clock },
  limit = 50,
): Promise<number> {
  const now = deps.clock.now();
  const due = await deps
    .knex('extmarket_pushes')
    .where((q) => q.where('status', 'failed').where('retry_at', '<=', now))
    .orWhere((q) => q.where('status', 'pending').where('created_at', '<', new Date(now.getTime() - 60_000)))
    .orderBy('updated_at')
    .limit(limit);
  for (const row of due) {
    const attempt = row.attempts + 1;
    const push = {
      key: row.key,
      order_id: row.order_id,
      vendor_id: row.vendor_id,
      operation: row.operation,
      item_id: row.item_id,
      inventory_unit_ids: row.inventory_unit_ids as string[],
      external_shipment_id: row.external_shipment_id,
      tracking_number: row.tracking_number,
      carrier: row.carrier,
    };
    const outcome = await pushToExtmarket(deps, push, attempt);
    await runOrderCommand(
      { store: deps.store, db: deps.knex, clock: deps.clock },
      row.order_id,
      {
        type: 'RecordExtmarketPush',
        data: { ...push, attempt, ...outcome, at: deps.clock.now().toISOString() },
      },
      { userId: 'system:extmarket-retry', vendorId: row.vendor_id, correlationId: `extmarket-retry-${row.key}` },
    );
  }
  return due.length;
}
