import type { OrderPlaced } from '../../commands/orders/events.ts';
import { renderMail } from '../mail/templates.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { formatMoney } from '../core/money.ts';
import { orderVatGroups } from '../core/vat/index.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * After a shop order (SPEC.md part 6 item 3 c): the confirmation e-mail, in the customer's language
 * (en, fr, de, lb), from the order as it was placed. It is written to the mail outbox in the same
 * transaction as this handler's checkpoint, keyed by the event, so it is sent exactly once across
 * restarts and instances; an SMTP outage delays it in the outbox and never touches the order.
 */
export const sendOrderConfirmationOnOrderPlaced: ProcessManager = {
  kind: 'process',
  name: 'sendOrderConfirmationOnOrderPlaced',
  eventTypes: ['OrderPlaced'],
  async handle(event, ctx) {
    const o = domainEvent<OrderPlaced>(event).data;
    if (!o.customer_email) return;
    const vendor = await ctx.trx('vendor_list').where('id', o.vendor_id).first('name');
    const money = (cents: number) => formatMoney(cents, o.currency, o.language);
    const subtotal = o.items.reduce((n, i) => n + i.quantity * i.unit_price_cents, 0);
    const shipping = o.shipping_cents ?? 0;
    const a = o.shipping_address;
    const mail = renderMail('order_confirmation', o.language, {
      vendor_name: vendor?.name ?? '',
      order_number: o.order_number,
      first_name: o.customer_first_name,
      items: o.items.map((i) => ({
        name: i.product_name,
        quantity: i.quantity,
        unit_price: money(i.unit_price_cents),
        line_total: money(i.quantity * i.unit_price_cents),
      })),
      subtotal: money(subtotal),
      shipping: money(shipping),
      vat_lines: orderVatGroups(
        o.vat,
        o.items.map((i) => ({ ...i, vat_rate_category: i.vat_rate_category ?? 'standard' })),
        shipping,
      )
        .filter((g) => g.vat_cents > 0)
        .map((g) => ({ rate: `${g.rate_percent} %`, amount: money(g.vat_cents) })),
      total: money(o.vat.gross_cents),
      shipping_address: [
        [a.first_name, a.last_name].filter(Boolean).join(' '),
        a.company,
        a.street,
        a.street_2,
        [a.postal_code, a.city].filter(Boolean).join(' '),
        a.country_iso,
      ].filter((l): l is string => !!l),
      order_url: `${o.shop_url}/account/orders/${o.order_id}`,
    });
    await enqueueMail(ctx.trx, {
      key: `order_confirmation:${event.id}`,
      to: o.customer_email,
      template: 'order_confirmation',
      vendor_id: o.vendor_id,
      ...mail,
      at: new Date(o.placed_at),
    });
  },
};
