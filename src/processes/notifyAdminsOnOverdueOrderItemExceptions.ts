import type { ScheduledTask } from '../runtime/scheduler.ts';
import type { Services } from '../runtime/services.ts';
import { raiseNotice } from './notifyAdmins.ts';

/** How long an order item exception may stay pending before an operator is told. */
export const EXCEPTION_OVERDUE_MS = 24 * 60 * 60 * 1000;

/**
 * Order item exceptions still pending a day after they were raised (an ordered item whose GTIN
 * matched no product, SPEC.md part 2 "Order item exception"): the vendor has not matched it and no
 * import brought the product, so the order cannot be fulfilled as it stands. Once per exception:
 * the key is the exception id; exceptions notified before are skipped by the query, and a race
 * between two runs still raises the key once. Reads in batches of `batch` exceptions, in id order.
 * Returns how many it raised (or found raised by a concurrent run).
 */
export async function notifyAdminsOfOverdueOrderItemExceptions(services: Services, batch = 500): Promise<number> {
  const knex = services.db.knex;
  const now = services.clock.now();
  let after = 0;
  let total = 0;
  for (;;) {
    const overdue = await knex('order_item_exceptions as x')
      .leftJoin('order_list as o', 'o.id', 'x.order_id')
      .where('x.status', 'pending')
      .where('x.created_at', '<=', new Date(now.getTime() - EXCEPTION_OVERDUE_MS))
      .where('x.id', '>', after)
      .whereNotExists(knex('admin_notifications as n').whereRaw(`n.key = 'order_item_exception_overdue:' || x.id`))
      .orderBy('x.id')
      .limit(batch)
      .select<OverdueRow[]>('x.id', 'x.vendor_id', 'x.order_id', 'x.item_id', 'x.product_name', 'x.gtin', 'x.created_at', 'o.order_number');
    for (const x of overdue) await raiseOverdue(services, x, now);
    total += overdue.length;
    if (overdue.length < batch) return total;
    after = overdue[overdue.length - 1].id;
  }
}

interface OverdueRow {
  id: number;
  vendor_id: number;
  order_id: number;
  item_id: number;
  product_name: string;
  gtin: string | null;
  created_at: Date | string;
  order_number: string | null;
}

async function raiseOverdue(services: Services, x: OverdueRow, now: Date): Promise<void> {
  const since = new Date(x.created_at).toISOString();
  await raiseNotice(
    services.store,
    {
      key: `order_item_exception_overdue:${x.id}`,
      kind: 'order_item_exception_overdue',
      severity: 'warning',
      title: `An item of order ${x.order_number ?? x.order_id} has had no product for over a day`,
      body: `"${x.product_name}"${x.gtin ? ` (GTIN ${x.gtin})` : ''} matched no product on ${since.slice(0, 10)} and is still unresolved: the vendor must match it or import the product.`,
      link: `/api/v1/admin/orders/${x.order_id}`,
      vendor_id: x.vendor_id,
      data: { exception_id: x.id, order_id: x.order_id, item_id: x.item_id, pending_since: since },
    },
    now.toISOString(),
    {
      userId: 'system:notifyAdminsOfOverdueOrderItemExceptions',
      vendorId: x.vendor_id,
      correlationId: `order-item-exception-overdue-${x.id}`,
      causationId: `order_item_exception_overdue:${x.id}`,
    },
  );
}

/** Hourly: an exception is reported within the hour after its first day. */
export const notifyAdminsOnOverdueOrderItemExceptions: ScheduledTask = {
  name: 'notifyAdminsOnOverdueOrderItemExceptions',
  cron: '23 * * * *',
  async run(services) {
    await notifyAdminsOfOverdueOrderItemExceptions(services);
  },
};
