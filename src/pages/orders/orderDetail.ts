import type { Context } from 'koa';
import type { getOrder } from '../../../queries/orders/getOrder.ts';
import type { getShipmentStatus } from '../../../queries/orders/getShipmentStatus.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { card, dataTable, facts, formatDateTime, formatMoney, pill, postButton, postForm, type Tone } from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { channelName, customerName, statusPill } from './orderList.ts';
import { ot, type OrderText } from './texts.ts';

export type OrderView = Awaited<ReturnType<typeof getOrder>>;
export type ShipmentView = Awaited<ReturnType<typeof getShipmentStatus>>;
/** An address of the order (order_list's json column). */
type Address = OrderView['shipping_address'] | null;

/**
 * What the viewer may do on the order's page, by the order's state and their permission; the
 * server refuses the same moves again (the command's state table), so a stale page only shows a
 * refusal in words.
 */
export interface OrderActions {
  /** The order's page path; its forms post below it. */
  base: string;
  decide: boolean;
  ship: boolean;
  tracking: boolean;
  exceptions: boolean;
}

const ITEM_TONES: Record<string, Tone> = { unconfirmed: 'warn', confirmed: 'ok', declined: 'bad' };
const SYNC_TONES: Record<string, Tone> = { in_sync: 'ok', pending: 'warn', failed: 'bad' };

const address = (a: Address): Html =>
  a
    ? html`<address style="font-style:normal">${[a.first_name, a.last_name].filter(Boolean).join(' ')}${a.company ? html`<br>${a.company}` : ''}<br>${a.street ?? ''}${a.street_2 ? html`<br>${a.street_2}` : ''}<br>${a.postal_code ?? ''} ${a.city ?? ''}<br>${a.country_iso ?? ''}</address>`
    : html`<span class="muted">—</span>`;

/** The whole-order decisions of an order still waiting for one (extmarket orders). */
export function orderDecisions(ctx: Context, l: LanguageCode, o: OrderView, actions: OrderActions | null): Html | undefined {
  if (!actions?.decide || o.status !== 'unconfirmed') return undefined;
  return html`${postButton(ctx, `${actions.base}/confirm`, ot(l, 'confirm_order'), { tone: 'primary' })} ${postButton(ctx, `${actions.base}/reject`, ot(l, 'reject_order'), { tone: 'danger', confirm: ot(l, 'confirm_reject') })}`;
}

function itemsCard(ctx: Context, l: LanguageCode, o: OrderView, actions: OrderActions | null): Html {
  const act = (i: OrderView['items'][number]): Html | string => {
    if (!actions) return '';
    const parts: Html[] = [];
    if (actions.decide && i.status === 'unconfirmed') {
      parts.push(postButton(ctx, `${actions.base}/items/${i.id}/confirm`, ot(l, 'confirm'), { tone: 'small' }));
      parts.push(
        postButton(ctx, `${actions.base}/items/${i.id}/decline`, ot(l, 'decline'), { tone: 'small', confirm: ot(l, 'confirm_decline') }),
      );
    }
    if (actions.ship && i.status === 'confirmed' && i.remaining_quantity > 0 && !['declined', 'shipped'].includes(o.status)) {
      parts.push(
        postForm(
          ctx,
          `${actions.base}/items/${i.id}/ship`,
          html`<label class="visually-hidden" for="ship-${i.id}">${ot(l, 'ship_label', { product: i.product_name })}</label>
<input id="ship-${i.id}" name="quantity" type="number" min="1" max="${i.remaining_quantity}" value="${i.remaining_quantity}" style="width:5em" required> <button type="submit" class="small">${ot(l, 'ship')}</button>`,
          { className: 'inline' },
        ),
      );
    }
    return html`<div class="nowrap">${parts}</div>`;
  };
  const table = dataTable(
    ctx,
    l,
    [
      {
        label: ot(l, 'product'),
        cell: (i) => html`<strong>${i.product_name}</strong>${i.needs_product_match ? html` ${pill(ot(l, 'exc_pending'), 'bad')}` : ''}`,
      },
      { label: ot(l, 'sku'), cell: (i) => html`<code>${i.sku ?? ''}</code> <span class="muted">${i.ean ?? ''}</span>`, narrowHide: true },
      { label: ot(l, 'qty'), cell: (i) => i.quantity, num: true },
      { label: ot(l, 'shipped'), cell: (i) => i.shipped_quantity, num: true },
      { label: ot(l, 'unit_price'), cell: (i) => formatMoney(i.unit_price_cents, o.currency, l), num: true, narrowHide: true },
      { label: ot(l, 'line_total'), cell: (i) => formatMoney(i.line_total_cents, o.currency, l), num: true },
      { label: ot(l, 'status'), cell: (i) => pill(ot(l, `status_${i.status}` as OrderText), ITEM_TONES[i.status] ?? 'neutral') },
      ...(actions ? [{ label: ot(l, 'actions'), cell: act }] : []),
    ],
    o.items,
    { caption: ot(l, 'items') },
  );
  return card(ot(l, 'items'), table, { flush: true });
}

function exceptionsCard(ctx: Context, l: LanguageCode, o: OrderView, actions: OrderActions | null): Html | string {
  if (o.exceptions.length === 0) return '';
  const tone: Record<string, Tone> = { pending: 'bad', resolved: 'ok', ignored: 'neutral' };
  return card(
    ot(l, 'exceptions'),
    html`<ul class="plain" style="list-style:none;padding:0;margin:0">${o.exceptions.map(
      (x) => html`<li id="exception-${x.id}" style="padding:8px 0;border-bottom:1px solid var(--border)">
${pill(ot(l, `exc_${x.status}` as OrderText), tone[x.status] ?? 'neutral')} ${ot(l, 'exception_item', { id: x.item_id, gtin: x.gtin ?? '—' })}
${
  actions?.exceptions && x.status === 'pending'
    ? html`<div style="margin-top:6px">${postForm(
        ctx,
        `${actions.base}/exceptions/${x.id}/resolve`,
        html`<label for="resolve-${x.id}">${ot(l, 'product_id')}</label>
<input id="resolve-${x.id}" name="product_id" inputmode="numeric" pattern="[0-9]+" required style="width:7em"> <button type="submit" class="small primary">${ot(l, 'resolve')}</button>`,
        { className: 'inline' },
      )}
 ${postButton(ctx, `${actions.base}/exceptions/${x.id}/ignore`, ot(l, 'ignore'), { tone: 'small' })}</div>`
    : ''
}</li>`,
    )}</ul>`,
  );
}

function trackingCard(ctx: Context, l: LanguageCode, o: OrderView, shipment: ShipmentView, actions: OrderActions | null): Html {
  const can = actions?.tracking && ['confirmed', 'partially_shipped', 'shipped'].includes(o.status);
  const form = can
    ? postForm(
        ctx,
        `${actions!.base}/tracking`,
        html`<div class="form-grid">
<div class="field"><label for="i-tracking_number">${ot(l, 'tracking_number')}</label><input id="i-tracking_number" name="tracking_number" value="${o.tracking_number ?? ''}" required maxlength="100"></div>
<div class="field"><label for="i-carrier">${ot(l, 'carrier')}</label><input id="i-carrier" name="carrier" value="${o.carrier ?? ''}" maxlength="50"></div></div>
<div class="form-actions"><button type="submit" class="primary">${ot(l, 'save_tracking')}</button></div>`,
      )
    : '';
  return card(
    ot(l, 'shipment'),
    html`${facts([
      [ot(l, 'shipment'), ot(l, 'shipped_of', { shipped: shipment.shipped_quantity, total: shipment.total_quantity })],
      [ot(l, 'tracking_number'), o.tracking_number ? html`<code>${o.tracking_number}</code>` : null],
      [ot(l, 'carrier'), o.carrier],
      ...(o.channel === 'extmarket' ? [[ot(l, 'external_shipment'), o.external_shipment_id] as [string, string | null]] : []),
    ])}${form}`,
  );
}

/** The order's page body: summary, items with their actions, exceptions, shipment and tracking, addresses, VAT. */
export function orderDetailBody(
  ctx: Context,
  l: LanguageCode,
  o: OrderView,
  shipment: ShipmentView,
  actions: OrderActions | null,
  extra: { customerHref?: string | null } = {},
): Html {
  const who = customerName(o);
  const summary = card(
    ot(l, 'summary'),
    facts([
      [ot(l, 'status'), statusPill(l, o.status)],
      [ot(l, 'channel'), channelName(l, o.channel)],
      [ot(l, 'placed'), formatDateTime(o.order_date, l)],
      [ot(l, 'customer'), extra.customerHref ? html`<a href="${extra.customerHref}">${who}</a>` : who],
      [ot(l, 'email'), o.customer_email],
      ...(o.vendor_name
        ? [[ot(l, 'vendor'), html`${o.vendor_name} <span class="muted">${o.vendor_code ?? ''}</span>`] as [string, Html]]
        : []),
      ...(o.channel === 'extmarket'
        ? [
            [ot(l, 'external_order'), o.external_order_id ? html`<code>${o.external_order_id}</code>` : null] as [string, Html | null],
            [
              ot(l, 'sync'),
              pill(ot(l, `sync_${o.extmarket_sync_status}` as OrderText), SYNC_TONES[o.extmarket_sync_status] ?? 'neutral'),
            ] as [string, Html],
          ]
        : []),
      [ot(l, 'updated'), formatDateTime(o.updated_at, l)],
    ]),
  );
  const vat = card(
    ot(l, 'vat'),
    facts([
      [ot(l, 'vat_regime'), o.vat_regime],
      [ot(l, 'vat_rate'), `${o.vat_rate} %`],
      [ot(l, 'vat_country'), o.vat_country_iso],
      [ot(l, 'buyer_vat'), o.buyer_vat_number],
      [ot(l, 'exemption'), o.vat_exemption_reference],
      [ot(l, 'net'), formatMoney(o.net_cents, o.currency, l)],
      [ot(l, 'vat_amount'), formatMoney(o.vat_cents, o.currency, l)],
      [ot(l, 'shipping'), formatMoney(o.shipping_cents, o.currency, l)],
      [ot(l, 'gross'), html`<strong>${formatMoney(o.gross_cents, o.currency, l)}</strong>`],
    ]),
  );
  const addresses = card(
    ot(l, 'addresses'),
    html`<div class="grid cols-2"><div><h3>${ot(l, 'shipping_address')}</h3>${address(o.shipping_address)}</div>
<div><h3>${ot(l, 'billing_address')}</h3>${address(o.billing_address)}</div></div>`,
  );
  return html`<div class="grid sidebar wide-main"><div class="grid">${itemsCard(ctx, l, o, actions)}${exceptionsCard(ctx, l, o, actions)}${addresses}</div>
<div class="grid">${summary}${trackingCard(ctx, l, o, shipment, actions)}${vat}</div></div>`;
}

/** The order as the aggregate held it at a past time (the history tab's "as of"): status, items, tracking, exceptions. */
export function orderAsOf(l: LanguageCode, currency: string) {
  return (state: unknown): Html => {
    const s = state as {
      status: string;
      items?: {
        item_id: number;
        product_name: string;
        quantity: number;
        shipped_quantity: number;
        status: string;
        unit_price_cents: number;
      }[];
      tracking_number?: string | null;
      carrier?: string | null;
      exceptions?: { exception_id: number; status: string }[];
    };
    if (!s || s.status === 'none') return html`<p class="muted">—</p>`;
    return html`${facts([
      [ot(l, 'status'), statusPill(l, s.status)],
      [ot(l, 'as_of_tracking'), s.tracking_number ? `${s.tracking_number}${s.carrier ? ` (${s.carrier})` : ''}` : ot(l, 'none')],
      [
        ot(l, 'exceptions'),
        (s.exceptions ?? []).map((x) => `#${x.exception_id} ${ot(l, `exc_${x.status}` as OrderText)}`).join(', ') || ot(l, 'none'),
      ],
    ])}
<h4>${ot(l, 'as_of_items')}</h4><div class="table-wrap"><table class="data"><thead><tr><th scope="col">${ot(l, 'product')}</th><th scope="col" class="num">${ot(l, 'qty')}</th><th scope="col" class="num">${ot(l, 'shipped')}</th><th scope="col" class="num">${ot(l, 'unit_price')}</th><th scope="col">${ot(l, 'status')}</th></tr></thead>
<tbody>${(s.items ?? []).map((i) => html`<tr data-item="${i.item_id}"><td>${i.product_name}</td><td class="num">${i.quantity}</td><td class="num">${i.shipped_quantity}</td><td class="num">${formatMoney(i.unit_price_cents, currency, l)}</td><td>${pill(ot(l, `status_${i.status}` as OrderText), ITEM_TONES[i.status] ?? 'neutral')}</td></tr>`)}</tbody></table></div>`;
  };
}
