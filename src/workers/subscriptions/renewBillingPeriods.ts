import { closeQuota } from '../../../commands/quotas/handlers.ts';
import { ORDER_QUOTA } from '../../../commands/orders/events.ts';
import { renewSubscriptionPeriod } from '../../../commands/subscriptions/handlers/vendorSubscription.ts';
import type { Handled } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { isoTime } from '../../core/dates.ts';

interface DueRow {
  vendor_id: number;
  current_period_start: Date | string;
  current_period_end: Date | string;
}

/**
 * The billing-period counter reset: every active subscription whose period has ended moves to
 * the period holding now. The order quota is keyed by the period's start, so the new period
 * counts from zero; the ended period's quota stream is closed (nothing claims it again). Event
 * ids derive from the vendor and the ended period, so a repeated run appends nothing.
 * Returns the vendors whose period rolled.
 */
export async function renewBillingPeriods(services: Services): Promise<number[]> {
  const now = services.clock.now();
  const due = await services.db
    .knex('vendor_subscriptions')
    .where({ status: 'active' })
    .where('current_period_end', '<=', now.toISOString())
    .select<DueRow[]>('vendor_id', 'current_period_start', 'current_period_end')
    .orderBy('vendor_id');
  const renewed: number[] = [];
  const settled: Handled<unknown, any>[] = [];
  for (const row of due) {
    const ended = { start: isoTime(row.current_period_start), end: isoTime(row.current_period_end) };
    const ctx = {
      userId: 'system:scheduler',
      vendorId: row.vendor_id,
      correlationId: `period-renewal-${now.toISOString()}`,
      causationId: `period-renewal:${row.vendor_id}:${ended.end}`,
    };
    try {
      const handled = await renewSubscriptionPeriod(services.store, now, row.vendor_id, ctx);
      if (handled.events.length === 0) continue;
      settled.push(handled, await closeQuota(services.store, ORDER_QUOTA, `${row.vendor_id}:${ended.start}`, ctx));
      renewed.push(row.vendor_id);
    } catch (err) {
      // One vendor's failure (a concurrent admin edit) must not hold back the others; the next run retries it.
      services.logger.error({ err, vendor_id: row.vendor_id }, 'billing period renewal failed');
    }
  }
  await services.settle(settled);
  return renewed;
}
