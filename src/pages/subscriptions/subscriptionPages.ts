import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { SUBSCRIPTION_STATUSES, type CustomLimits } from '../../../commands/subscriptions/events.ts';
import { vendorSubscription } from '../../../commands/subscriptions/vendorSubscription.ts';
import { listSubscriptions } from '../../../queries/subscriptions/adminSubscriptions.ts';
import { subscriptionStats } from '../../../queries/subscriptions/subscriptionStats.ts';
import { listTiers } from '../../../queries/subscriptions/tiers.ts';
import { findVendorSubscription } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import { ValidationException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { addOnLimits } from '../../http/admin/subscriptionOverview.ts';
import { saveVendorSubscription, SubscriptionUpdate } from '../../http/admin/vendorSubscriptions.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { usageSummary } from '../../http/vendor/usage.ts';
import { withHistoryTab } from '../../modules/history.ts';
import { getVendor } from '../../modules/vendors.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card,
  dataTable,
  facts,
  filters,
  formatDate,
  formatMoney,
  formatNumber,
  input,
  pager,
  pill,
  postForm,
  select,
  tiles,
  type Tone,
} from '../backOffice/components.ts';
import { act, formViewer, orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { field } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, pageNumber, queryText, SEE_OTHER } from '../pageRoutes.ts';
import { sut } from './texts.ts';

const VendorParams = Type.Object({ vendor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const STATUS_TONE: Record<string, Tone> = { trialing: 'info', active: 'ok', past_due: 'warn', canceled: 'bad', expired: 'bad' };
const LIMITS = ['orders_per_period', 'products', 'team_members'] as const;
const limitLabel = { orders_per_period: 'orders', products: 'products', team_members: 'team_members' } as const;

type Meter = { used: number; limit: number | null };
const usageText = (l: LanguageCode, m: Meter) =>
  m.limit === null
    ? `${formatNumber(m.used, l)} · ${sut(l, 'unlimited')}`
    : sut(l, 'of', { used: formatNumber(m.used, l), limit: formatNumber(m.limit, l) });
const limitText = (l: LanguageCode, n: number | null | undefined) =>
  n === null ? sut(l, 'unlimited') : n === undefined ? '—' : formatNumber(n, l);

/** The custom limits of the form: blank keeps the tier's, "unlimited" is no limit, else a whole number. */
function customLimitsOf(ctx: Context): CustomLimits | null {
  const out: CustomLimits = {};
  const problems: { pointer: string; message: string }[] = [];
  for (const k of LIMITS) {
    const v = field(ctx, `limit_${k}`).trim().toLowerCase();
    if (v === '') continue;
    if (v === 'unlimited') out[k] = null;
    else if (/^\d{1,9}$/.test(v)) out[k] = Number(v);
    else problems.push({ pointer: `/body/custom_limits/${k}`, message: 'must be a whole number, "unlimited" or blank' });
  }
  if (problems.length > 0) throw new ValidationException('The custom limits are not valid', problems);
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The admins' subscription pages: every vendor's subscription with its usage (filters tier,
 * status, vendor), the revenue and trial figures, and one vendor's subscription with its usage,
 * the form that opens or changes it (tier, status, interval, custom limits) and its history tab —
 * the admin API's own queries and command.
 */
export function subscriptionPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get(
    '/admin/subscriptions',
    {
      summary: 'Back-office page: vendor subscriptions with usage, MRR, ARR and trials (`tier_code`, `status`, `search`, `page`)',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const tiers = await listTiers(knex, { includeInactive: true });
      const tierCode = queryText(ctx, 'tier_code', /^[a-z0-9_-]{1,50}$/);
      const status = queryText(ctx, 'status', /^[a-z_]{1,20}$/);
      const page = await listSubscriptions(
        knex,
        {
          tier_code: tierCode,
          status: SUBSCRIPTION_STATUSES.find((s) => s === status),
          search: queryText(ctx, 'search'),
        },
        { page: pageNumber(ctx), limit: 25 },
        addOnLimits(services),
      );
      const stats = await subscriptionStats(knex);
      const eur = (c: number) => formatMoney(c, 'EUR', l);
      await renderBackOffice(ctx, services, viewer, {
        title: sut(l, 'subscriptions'),
        nav: 'subscriptions',
        subtitle: sut(l, 'subscriptions_lead'),
        body: html`${tiles([
          { label: sut(l, 'total'), value: formatNumber(stats.total, l) },
          { label: sut(l, 'mrr'), value: eur(stats.revenue.mrr_cents), hint: `${sut(l, 'arr')} ${eur(stats.revenue.arr_cents)}` },
          { label: sut(l, 'paying'), value: formatNumber(stats.revenue.paying_subscriptions, l) },
          {
            label: sut(l, 'in_trial'),
            value: formatNumber(stats.trials.in_trial, l),
            hint:
              stats.trials.conversion_rate === null
                ? undefined
                : `${sut(l, 'conversion')} ${Math.round(stats.trials.conversion_rate * 100)} %`,
          },
        ])}
${card(
  null,
  html`${filters(ctx, l, [
    { name: 'search', label: sut(l, 'search'), type: 'search', grow: true },
    { name: 'tier_code', label: sut(l, 'tier'), type: 'select', options: tiers.map((t) => [t.code, t.name]) },
    { name: 'status', label: sut(l, 'status'), type: 'select', options: SUBSCRIPTION_STATUSES.map((s) => [s, s]) },
  ])}${dataTable(
    ctx,
    l,
    [
      {
        label: sut(l, 'vendor'),
        cell: (s) =>
          html`<a href="/admin/subscriptions/${s.vendor_id}"><strong>${s.vendor_name ?? `#${s.vendor_id}`}</strong></a> <span class="muted">${s.vendor_code ?? ''}</span>`,
      },
      { label: sut(l, 'tier'), cell: (s) => s.tier_name ?? s.tier_code },
      { label: sut(l, 'status'), cell: (s) => pill(s.status, STATUS_TONE[s.status]) },
      {
        label: sut(l, 'period'),
        cell: (s) => `${formatDate(s.current_period_start, l)} – ${formatDate(s.current_period_end, l)}`,
        narrowHide: true,
      },
      { label: sut(l, 'orders'), cell: (s) => usageText(l, s.usage.orders), num: true, narrowHide: true },
      { label: sut(l, 'products'), cell: (s) => usageText(l, s.usage.products), num: true },
      { label: sut(l, 'team_members'), cell: (s) => usageText(l, s.usage.team_members), num: true, narrowHide: true },
    ],
    page.items,
    { caption: sut(l, 'subscriptions') },
  )}${pager(ctx, l, page)}`,
  { flush: true },
)}`,
      });
    },
  );

  api.get(
    '/admin/subscriptions/:vendor_id',
    {
      summary:
        "Back-office page: one vendor's subscription, usage and the form that opens or changes it; its history (`tab=history`, `as_of`)",
      params: VendorParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const vendor = await orNotFound(
        ctx,
        services,
        viewer,
        () => getVendor(knex, params.vendor_id) as Promise<{ id: number; name: string }>,
      );
      if (!vendor) return;
      const subscription = await findVendorSubscription(knex, vendor.id);
      const usage = await usageSummary(services, vendor.id);
      const tiers = await listTiers(knex);
      const custom = (subscription?.custom_limits ?? {}) as CustomLimits;
      const customValue = (k: (typeof LIMITS)[number]) => (!(k in custom) ? '' : custom[k] === null ? 'unlimited' : String(custom[k]));
      const record = () => html`<div class="grid sidebar"><div class="grid">${card(
        sut(l, 'usage'),
        facts([
          [sut(l, 'orders'), usageText(l, usage.orders)],
          [sut(l, 'products'), usageText(l, usage.products)],
          [sut(l, 'team_members'), usageText(l, usage.team_members)],
        ]),
      )}
${card(
  subscription ? sut(l, 'edit') : sut(l, 'open'),
  postForm(
    ctx,
    `/admin/subscriptions/${vendor.id}`,
    html`<div class="form-grid">
${select(l, { label: sut(l, 'tier'), name: 'tier_code', value: subscription?.tier_code ?? usage.plan.tier_code, required: true, options: tiers.map((t) => [t.code, t.name]) })}
${select(l, { label: sut(l, 'status'), name: 'status', value: subscription?.status ?? 'trialing', required: true, options: SUBSCRIPTION_STATUSES.map((s) => [s, s]) })}
${select(l, {
  label: sut(l, 'interval'),
  name: 'billing_interval',
  value: subscription?.billing_interval ?? 'month',
  required: true,
  options: [
    ['month', sut(l, 'month')],
    ['year', sut(l, 'year')],
  ],
})}
</div><h3>${sut(l, 'custom_limits')}</h3><p class="muted">${sut(l, 'custom_hint')}</p><div class="form-grid">
${LIMITS.map((k) => input(l, { label: sut(l, limitLabel[k]), name: `limit_${k}`, value: customValue(k), placeholder: limitText(l, tiers.find((t) => t.code === subscription?.tier_code)?.limits[k]) }))}
</div><div class="form-actions"><button type="submit" class="primary">${sut(l, 'save')}</button></div>`,
  ),
)}</div>
<div class="grid">${card(
        sut(l, 'tier'),
        html`${facts([
          [sut(l, 'tier'), html`<strong>${usage.plan.tier_name}</strong>`],
          [sut(l, 'status'), subscription ? pill(subscription.status, STATUS_TONE[subscription.status]) : null],
          [sut(l, 'period'), `${formatDate(usage.period.start, l)} – ${formatDate(usage.period.end, l)}`],
          [sut(l, 'interval'), subscription ? sut(l, subscription.billing_interval === 'year' ? 'year' : 'month') : null],
          [
            sut(l, 'effective_limits'),
            LIMITS.map(
              (k) => `${sut(l, limitLabel[k])}: ${limitText(l, (usage[k === 'orders_per_period' ? 'orders' : k] as Meter).limit)}`,
            ).join(' · '),
          ],
        ])}${usage.plan.tier_code === 'legacy' ? html`<p>${sut(l, 'legacy')}</p>` : subscription ? '' : html`<p class="muted">${sut(l, 'no_subscription', { tier: usage.plan.tier_name })}</p>`}`,
      )}</div></div>`;
      await renderBackOffice(ctx, services, viewer, {
        title: sut(l, 'subscription_of', { vendor: vendor.name }),
        nav: 'subscriptions',
        crumbs: [{ label: sut(l, 'subscriptions'), href: '/admin/subscriptions' }],
        actions: html`<a class="button ghost" href="/admin/vendors/${vendor.id}">${sut(l, 'vendor')}</a>`,
        body: await withHistoryTab(services, ctx, l, `${vendorSubscription.aggregate}-${vendor.id}`, record),
      });
    },
  );

  api.post(
    '/admin/subscriptions/:vendor_id',
    {
      summary:
        "Back-office form: open or change a vendor's subscription (tier, status, interval, custom limits), checked against the API's schema",
      params: VendorParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, `/admin/subscriptions/${params.vendor_id}`, async () => {
        const body = validBody(SubscriptionUpdate, {
          tier_code: field(ctx, 'tier_code'),
          status: field(ctx, 'status'),
          billing_interval: field(ctx, 'billing_interval'),
          custom_limits: customLimitsOf(ctx),
        });
        await saveVendorSubscription(services, params.vendor_id, body, viewer.context);
        return sut(viewer.language, 'saved');
      });
    },
  );

  return api.router;
}
