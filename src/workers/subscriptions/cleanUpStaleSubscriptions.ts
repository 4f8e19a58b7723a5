import { PRODUCT_QUOTA } from '../../../commands/catalogue/events.ts';
import { ORDER_QUOTA } from '../../../commands/orders/events.ts';
import { closeQuota } from '../../../commands/quotas/handlers.ts';
import type { SubscriptionChangeReason } from '../../../commands/subscriptions/events.ts';
import { retireSubscription } from '../../../commands/subscriptions/handlers/vendorSubscription.ts';
import type { Handled } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { isoTime } from '../../core/dates.ts';
import type { VendorSubscriptionRow } from '../../../projections/subscriptions/vendorSubscriptions.ts';

/** A subscription canceled this many days ago and left so is stale. */
export const STALE_CANCELED_DAYS = 30;
const DAY_MS = 86_400_000;

/** A subscription to retire, as read from its row (the period start only for a deleted vendor's, whose order quota it names). */
type StaleRow = Pick<VendorSubscriptionRow, 'vendor_id' | 'updated_at'> & Partial<Pick<VendorSubscriptionRow, 'current_period_start'>>;

/**
 * The cleanup of stale subscriptions (docs/subscriptions.md "Scheduled tasks"): a subscription
 * whose vendor was deleted (any status but expired), and one canceled more than
 * STALE_CANCELED_DAYS days ago with no change since, end as `expired` (an active one through
 * `canceled`, as the status table wants). A deleted vendor's quota streams are closed too.
 * Nothing is erased: the history stays in the events. Returns the vendors retired, by reason.
 */
export async function cleanUpStaleSubscriptions(services: Services): Promise<Record<SubscriptionChangeReason, number[]>> {
  const now = services.clock.now();
  const knex = services.db.knex;
  const orphaned = await knex('vendor_subscriptions as s')
    .leftJoin('vendor_list as v', 'v.id', 's.vendor_id')
    .whereNull('v.id')
    .whereNot('s.status', 'expired')
    .select<StaleRow[]>('s.vendor_id', 's.current_period_start', 's.updated_at')
    .orderBy('s.vendor_id');
  const canceled = await knex('vendor_subscriptions as s')
    .join('vendor_list as v', 'v.id', 's.vendor_id')
    .where('s.status', 'canceled')
    .where('s.updated_at', '<=', new Date(now.getTime() - STALE_CANCELED_DAYS * DAY_MS).toISOString())
    .select<StaleRow[]>('s.vendor_id', 's.updated_at')
    .orderBy('s.vendor_id');
  const done: Record<SubscriptionChangeReason, number[]> = { vendor_deleted: [], canceled_long_ago: [], period_renewed: [] };
  const settled: Handled<unknown, any>[] = [];
  const retire = async (row: StaleRow, reason: SubscriptionChangeReason) => {
    const ctx = {
      userId: 'system:scheduler',
      vendorId: row.vendor_id,
      correlationId: `subscription-cleanup-${now.toISOString()}`,
      causationId: `subscription-cleanup:${row.vendor_id}:${reason}:${isoTime(row.updated_at)}`,
    };
    try {
      const handled = await retireSubscription(services.store, now, row.vendor_id, reason, ctx);
      settled.push(handled);
      if (reason === 'vendor_deleted') {
        settled.push(
          await closeQuota(services.store, PRODUCT_QUOTA, String(row.vendor_id), ctx),
          await closeQuota(services.store, ORDER_QUOTA, `${row.vendor_id}:${isoTime(row.current_period_start)}`, ctx),
        );
      }
      if (handled.events.length > 0) done[reason].push(row.vendor_id);
    } catch (err) {
      services.logger.error({ err, vendor_id: row.vendor_id, reason }, 'stale subscription cleanup failed');
    }
  };
  for (const row of orphaned) await retire(row, 'vendor_deleted');
  for (const row of canceled) await retire(row, 'canceled_long_ago');
  await services.settle(settled);
  return done;
}
