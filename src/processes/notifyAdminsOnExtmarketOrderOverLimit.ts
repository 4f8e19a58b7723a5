import type { ExtmarketOrderOverLimit } from '../../commands/quotas/events.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from './notifyAdmins.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A vendor went over its plan's order limit (docs/notifications.md): the admins are notified and
 * the vendor's owner gets an e-mail in their language (en, fr, de, lb). Once per vendor and
 * billing period, not per order: every later order of the period is over the limit too, and one
 * notice is what an operator and an owner can act on. The mail's outbox key is the notification's,
 * so a re-run or a second handler sends nothing twice.
 */
export const notifyAdminsOnExtmarketOrderOverLimit: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnExtmarketOrderOverLimit',
  eventTypes: ['ExtmarketOrderOverLimit'],
  async handle(event, ctx) {
    const d = domainEvent<ExtmarketOrderOverLimit>(event).data;
    const key = `extmarket_order_over_limit:${d.vendor_id}:${d.period_start}`;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    const period = d.period_start.slice(0, 10);
    await notifyAdmins(ctx, event, {
      key,
      kind: 'extmarket_order_over_limit',
      severity: 'warning',
      title: `${vendor} is over its plan's order limit`,
      body: `Extmarket order ${d.order_id} is order ${d.count} of the period starting ${period}; the plan allows ${d.limit}. The owner was told by e-mail.`,
      link: `/api/v1/admin/subscriptions/${d.vendor_id}`,
      vendor_id: d.vendor_id,
      data: { vendor_id: d.vendor_id, order_id: d.order_id, limit: d.limit, count: d.count, period_start: d.period_start },
    });
    const owner = await ctx
      .trx('vendor_list as v')
      .join('company_list as c', 'c.id', 'v.company_id')
      .join('user_list as u', 'u.id', 'c.owner_user_id')
      .where('v.id', d.vendor_id)
      .first<{ email: string; first_name: string | null; preferred_language: string } | undefined>(
        'u.email',
        'u.first_name',
        'u.preferred_language',
      );
    if (!owner) return;
    const mail = renderMail('order_limit_reached', owner.preferred_language, {
      vendor_name: vendor,
      first_name: owner.first_name ?? null,
      limit: d.limit,
      count: d.count,
      period_start: period,
    });
    await enqueueMail(ctx.trx, {
      key,
      to: owner.email,
      template: 'order_limit_reached',
      vendor_id: d.vendor_id,
      ...mail,
      at: new Date(event.recorded_at),
    });
  },
};
