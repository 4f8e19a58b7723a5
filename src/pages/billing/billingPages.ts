import type Router from '@koa/router';
import { ADD_ON_CATALOGUE } from '../../core/addOnCatalogue.ts';
import { activeAddOns } from '../../../queries/billing/addOns.ts';
import { listBillingHistory } from '../../../queries/billing/billingHistory.ts';
import { upcomingInvoice } from '../../adapters/stripeBilling.ts';
import { DomainException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { vendorBillingAccount } from '../../http/billingAccount.ts';
import { listTiers, usageSummary } from '../../modules/subscriptions.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card,
  dataTable,
  emptyState,
  facts,
  formatDate,
  formatMoney,
  formatNumber,
  pager,
  pill,
  postButton,
  postForm,
  progressBar,
  type Tone,
} from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { HTML, pageNumber, SEE_OTHER } from '../pageRoutes.ts';
import { billingForms } from './billingForms.ts';
import { bit } from './texts.ts';

const STATUS_TONE: Record<string, Tone> = { trialing: 'info', active: 'ok', past_due: 'warn', canceled: 'bad', expired: 'bad' };

export const billingBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'billing',
      href: '/vendor/billing',
      section: 'account',
      icon: 'card',
      order: 30,
      permission: 'billing.view',
      label: { en: 'Billing', fr: 'Facturation', de: 'Abrechnung', lb: 'Ofrechnung' },
    },
    {
      area: 'admin',
      key: 'billing-history',
      href: '/admin/billing-history',
      section: 'platform',
      icon: 'invoice',
      order: 32,
      label: { en: 'Billing history', fr: 'Historique de facturation', de: 'Rechnungsverlauf', lb: 'Rechnungsverlaf' },
    },
  ],
};

type Usage = Awaited<ReturnType<typeof usageSummary>>;
type Meter = Usage['orders'];

function meter(l: LanguageCode, id: string, label: string, m: Meter): Html {
  if (m.limit === null)
    return html`<div class="meter"><div class="progress-label"><span>${label}</span><span>${formatNumber(m.used, l)} · ${bit(l, 'unlimited')}</span></div></div>`;
  return progressBar({
    id: `usage-${id}`,
    percent: m.percent_used ?? 0,
    label,
    detail: `${bit(l, 'of', { used: formatNumber(m.used, l), limit: formatNumber(m.limit, l) })}${m.exceeded ? ` · ${bit(l, 'exceeded')}` : ''}`,
    state: m.exceeded ? 'failed' : 'done',
  });
}

/** The next invoice as Stripe previews it, or why there is none (no subscription record, billing not configured). */
async function upcoming(services: Services, vendorId: number, l: LanguageCode): Promise<Html> {
  try {
    const { stripe, account } = await vendorBillingAccount(services, vendorId);
    const invoice = await upcomingInvoice(stripe, account.stripe_customer_id, account.stripe_subscription_id);
    const money = (c: number) => formatMoney(c, invoice.currency.toUpperCase(), l);
    return html`${facts([
      [bit(l, 'amount_due'), html`<strong>${money(invoice.amount_due_cents)}</strong>`],
      [bit(l, 'next_attempt'), formatDate(invoice.next_payment_attempt, l)],
    ])}
<ul class="plain">${invoice.lines.map((line) => html`<li>${line.description ?? '—'} · ${money(line.amount_cents)}${line.proration ? html` ${pill(bit(l, 'proration'), 'info')}` : ''}</li>`)}</ul>`;
  } catch (err) {
    if (!(err instanceof DomainException) || (err.status >= 500 && err.status !== 503)) throw err;
    return html`<p class="muted">${bit(l, 'upcoming_missing', { reason: err.message })}</p>`;
  }
}

/**
 * The vendor's billing page (/vendor/billing): the plan and its period, usage against the limits,
 * the tiers to switch to, the add-ons to buy or cancel, the upcoming invoice and the billing
 * history — the same queries and commands as the vendor API's billing and usage routes, Stripe
 * behind them. Reading needs billing.view, every form billing.manage.
 */
export function billingPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/vendor/billing',
    {
      summary:
        "Back-office page: the vendor's plan, usage against the limits, tiers, add-ons, upcoming invoice and billing history (`page` of the history)",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'billing.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = viewer.vendor!.id;
      const usage = await usageSummary(services, vendorId);
      const manage = can(viewer, 'billing.manage');
      const live = usage.plan.source === 'subscription' && ['trialing', 'active', 'past_due'].includes(usage.status ?? '');
      const legacy = usage.plan.tier_code === 'legacy';
      const plan = card(
        bit(l, 'plan'),
        html`${facts([
          [bit(l, 'plan'), html`<strong>${usage.plan.tier_name}</strong>`],
          [bit(l, 'status'), usage.status ? pill(usage.status, STATUS_TONE[usage.status] ?? 'neutral') : null],
          [bit(l, 'period'), `${formatDate(usage.period.start, l)} – ${formatDate(usage.period.end, l)}`],
        ])}${legacy ? html`<p>${bit(l, 'legacy')}</p>` : usage.plan.source !== 'subscription' ? html`<p class="muted">${bit(l, 'default_plan')}</p>` : ''}`,
      );
      const meters = card(
        bit(l, 'usage'),
        html`${meter(l, 'orders', bit(l, 'orders'), usage.orders)}${meter(l, 'products', bit(l, 'products'), usage.products)}${meter(l, 'team', bit(l, 'team_members'), usage.team_members)}`,
      );

      const tiers = await listTiers(knex);
      const money = (c: number) => formatMoney(c, 'EUR', l);
      const limit = (n: number | null) => (n === null ? bit(l, 'unlimited') : n.toLocaleString(l));
      const tierTable = card(
        bit(l, 'tiers'),
        html`${dataTable(
          ctx,
          l,
          [
            { label: bit(l, 'tier'), cell: (t) => html`<strong>${t.name}</strong><div class="muted">${t.description ?? ''}</div>` },
            {
              label: bit(l, 'price'),
              cell: (t) =>
                html`${bit(l, 'per_month', { price: money(t.price_monthly_cents) })}<div class="muted">${bit(l, 'per_year', { price: money(t.price_yearly_cents) })}</div>`,
            },
            { label: bit(l, 'orders'), cell: (t) => limit(t.limits.orders_per_period), num: true, narrowHide: true },
            { label: bit(l, 'products'), cell: (t) => limit(t.limits.products), num: true, narrowHide: true },
            { label: bit(l, 'team_members'), cell: (t) => limit(t.limits.team_members), num: true, narrowHide: true },
            {
              label: '',
              cell: (t) =>
                t.code === usage.plan.tier_code && live
                  ? pill(bit(l, 'current'), 'accent')
                  : manage && live
                    ? postForm(
                        ctx,
                        '/vendor/billing/tier',
                        html`<input type="hidden" name="tier_code" value="${t.code}">
<label class="check"><input type="checkbox" name="interval" value="year"> ${bit(l, 'switch_yearly')}</label> <button type="submit" class="small">${bit(l, 'switch', { tier: t.name })}</button>`,
                        { className: 'inline' },
                      )
                    : '',
            },
          ],
          tiers,
        )}${manage && !live ? html`<p class="muted">${bit(l, 'not_live')}</p>` : ''}`,
        { flush: true },
      );

      const active = await activeAddOns(knex, vendorId);
      const addOns = card(
        bit(l, 'add_ons'),
        html`<h3>${bit(l, 'active_add_ons')}</h3>${
          active.length === 0
            ? html`<p class="muted">${bit(l, 'no_add_ons')}</p>`
            : html`<ul class="plain">${active.map(
                (
                  a,
                ) => html`<li><strong>${ADD_ON_CATALOGUE.find((d) => d.code === a.add_on_code)?.name ?? a.add_on_code}</strong> × ${a.quantity}
${manage ? postButton(ctx, `/vendor/billing/add-ons/${a.id}/cancel`, bit(l, 'cancel'), { tone: 'small', confirm: bit(l, 'cancel_confirm') }) : ''}</li>`,
              )}</ul>`
        }
${dataTable(
  ctx,
  l,
  [
    { label: bit(l, 'add_ons'), cell: (d) => html`<strong>${d.name}</strong><div class="muted">${d.description}</div>` },
    { label: bit(l, 'price'), cell: (d) => bit(l, 'per_month', { price: money(d.price_monthly_cents) }) },
    {
      label: '',
      cell: (d) =>
        manage
          ? postForm(
              ctx,
              '/vendor/billing/add-ons',
              html`<input type="hidden" name="add_on_code" value="${d.code}">${
                d.max_quantity > 1
                  ? html`<label class="visually-hidden" for="q-${d.code}">${bit(l, 'quantity')}</label><input id="q-${d.code}" name="quantity" type="number" min="1" max="${d.max_quantity}" value="1" style="width:5em"> `
                  : ''
              }<button type="submit" class="small">${bit(l, 'buy')}</button>`,
              { className: 'inline' },
            )
          : '',
    },
  ],
  [...ADD_ON_CATALOGUE],
)}`,
      );

      const history = await listBillingHistory(knex, { vendor_id: vendorId }, { page: pageNumber(ctx), limit: 10 });
      const historyCard = card(
        bit(l, 'history'),
        html`${dataTable(
          ctx,
          l,
          [
            { label: bit(l, 'number'), cell: (e) => e.number ?? e.invoice_id },
            { label: bit(l, 'period'), cell: (e) => `${formatDate(e.period_start, l)} – ${formatDate(e.period_end, l)}`, narrowHide: true },
            {
              label: bit(l, 'status'),
              cell: (e) => pill(bit(l, e.status === 'paid' ? 'paid' : 'failed'), e.status === 'paid' ? 'ok' : 'bad'),
            },
            { label: bit(l, 'amount'), cell: (e) => formatMoney(e.amount_cents, e.currency.toUpperCase(), l), num: true },
            {
              label: '',
              cell: (e) =>
                html`${e.invoice_pdf ? html`<a href="${e.invoice_pdf}" rel="noopener">${bit(l, 'pdf')}</a>` : ''} ${e.status === 'failed' && e.hosted_invoice_url ? html`<a href="${e.hosted_invoice_url}" rel="noopener">${bit(l, 'pay')}</a>` : ''}`,
            },
          ],
          history.items,
          { empty: emptyState(bit(l, 'no_history'), undefined, 'invoice') },
        )}${pager(ctx, l, history)}`,
        { flush: true },
      );

      await renderBackOffice(ctx, services, viewer, {
        title: bit(l, 'title'),
        nav: 'billing',
        subtitle: bit(l, 'lead'),
        body: html`<div class="grid sidebar"><div class="grid">${meters}${tierTable}${addOns}${historyCard}</div>
<div class="grid">${plan}${card(bit(l, 'upcoming'), await upcoming(services, vendorId, l))}</div></div>`,
      });
    },
  );

  billingForms(api, services);

  return api.router;
}
