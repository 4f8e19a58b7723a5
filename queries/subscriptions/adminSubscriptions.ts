import type { Knex } from 'knex';
import { paginate, type PageRequest } from '../../src/core/pagination.ts';
import { usageAgainst } from './vendorSubscriptions.ts';
import { containing } from '../../src/core/likePattern.ts';
import type { SubscriptionTierRow } from '../../projections/subscriptions/subscriptionTiers.ts';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';

export type Limits = { orders_per_period: number | null; products: number | null; team_members: number | null };
/**
 * What the vendors' other sources add to the tier's and custom limits (the billing area's active
 * add-ons), loaded once for the vendors of a page: the caller knows how an add-on counts.
 */
export type LimitsAdjuster = (vendorIds: number[]) => Promise<(vendorId: number, limits: Limits) => Limits>;
export const noAdjustment: LimitsAdjuster = async () => (_id, limits) => limits;

export interface SubscriptionFilters {
  tier_code?: string;
  status?: string;
  /** Part of the vendor's name or code, any case. */
  search?: string;
}

/** A subscription record with its vendor's names and its tier's (null when the vendor or the tier was deleted). */
type SubscriptionRead = VendorSubscriptionRow & {
  vendor_name: string | null;
  vendor_code: string | null;
  tier_name: string | null;
} & {
  [K in 'price_monthly_cents' | 'price_yearly_cents' | 'max_orders_per_period' | 'max_products' | 'max_team_members']:
    SubscriptionTierRow[K] | null;
};

/** Orders (both channels) of each vendor's current period, products (placeholders not counted), active team members. */
async function usageOf(knex: Knex, vendorIds: number[]) {
  if (vendorIds.length === 0) return new Map<number, { orders: number; products: number; team_members: number }>();
  const [orders, products, members] = await Promise.all([
    knex('vendor_subscriptions as s')
      .join('order_list as o', function () {
        this.on('o.vendor_id', 's.vendor_id')
          .andOn('o.imported_at', '>=', 's.current_period_start')
          .andOn('o.imported_at', '<', 's.current_period_end');
      })
      .whereIn('s.vendor_id', vendorIds)
      .groupBy('s.vendor_id')
      .select('s.vendor_id')
      .count({ n: '*' }),
    knex('vendor_product_list')
      .whereIn('vendor_id', vendorIds)
      .where({ is_placeholder: false })
      .groupBy('vendor_id')
      .select('vendor_id')
      .count({ n: '*' }),
    knex('vendor_team_members')
      .whereIn('vendor_id', vendorIds)
      .where({ is_active: true })
      .groupBy('vendor_id')
      .select('vendor_id')
      .count({ n: '*' }),
  ]);
  const count = (rows: readonly Record<string, unknown>[]) => new Map<number, number>(rows.map((r) => [Number(r.vendor_id), Number(r.n)]));
  const [o, p, m] = [count(orders), count(products), count(members)];
  return new Map(vendorIds.map((id) => [id, { orders: o.get(id) ?? 0, products: p.get(id) ?? 0, team_members: m.get(id) ?? 0 }]));
}

/**
 * Admin /subscriptions: every vendor's subscription record with its vendor, tier and usage
 * against the effective limits (the tier's under the admin's custom ones, plus what `adjust`
 * adds), newest vendor first.
 * A subscription whose vendor was deleted is listed with a null vendor name and code.
 */
export async function listSubscriptions(
  knex: Knex,
  filters: SubscriptionFilters,
  request: PageRequest,
  adjust: LimitsAdjuster = noAdjustment,
) {
  const base = knex('vendor_subscriptions as s')
    .leftJoin('vendor_list as v', 'v.id', 's.vendor_id')
    .leftJoin('subscription_tiers as t', 't.code', 's.tier_code')
    .select(
      's.*',
      'v.name as vendor_name',
      'v.vendor_code',
      't.name as tier_name',
      't.price_monthly_cents',
      't.price_yearly_cents',
      't.max_orders_per_period',
      't.max_products',
      't.max_team_members',
    );
  if (filters.tier_code) base.where('s.tier_code', filters.tier_code);
  if (filters.status) base.where('s.status', filters.status);
  if (filters.search) {
    const like = containing(filters.search);
    base.where((q) => q.whereILike('v.name', like).orWhereILike('v.vendor_code', like));
  }
  const page = await paginate(
    base,
    request,
    (q) => q.orderBy('s.vendor_id', 'desc'),
    (r: SubscriptionRead) => r,
  );
  const ids = page.items.map((r) => r.vendor_id);
  const [usage, adjusted] = await Promise.all([usageOf(knex, ids), adjust(ids)]);
  return {
    ...page,
    items: page.items.map((r) => {
      const custom = r.custom_limits;
      const limits = adjusted(r.vendor_id, {
        orders_per_period: r.max_orders_per_period ?? null,
        products: r.max_products ?? null,
        team_members: r.max_team_members ?? null,
        ...(custom ?? {}),
      });
      const used = usage.get(r.vendor_id)!;
      return {
        vendor_id: r.vendor_id,
        vendor_code: r.vendor_code ?? null,
        vendor_name: r.vendor_name ?? null,
        tier_code: r.tier_code,
        tier_name: r.tier_name ?? null,
        price_monthly_cents: r.price_monthly_cents,
        price_yearly_cents: r.price_yearly_cents,
        status: r.status,
        current_period_start: r.current_period_start.toISOString(),
        current_period_end: r.current_period_end.toISOString(),
        custom_limits: custom,
        effective_limits: limits,
        billing_interval: r.billing_interval,
        usage: {
          orders: usageAgainst(used.orders, limits.orders_per_period),
          products: usageAgainst(used.products, limits.products),
          team_members: usageAgainst(used.team_members, limits.team_members),
        },
        created_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
      };
    }),
  };
}

/** The active add-ons (billing area's `vendor_add_ons`) of some vendors, by vendor. */
export async function activeAddOnsByVendor(knex: Knex, vendorIds: number[]) {
  const out = new Map<number, { add_on_code: string; quantity: number }[]>();
  if (vendorIds.length === 0) return out;
  const q = knex('vendor_add_ons').where({ status: 'active' }).select('vendor_id', 'add_on_code', 'quantity');
  // A long list (every live subscription) reads them all rather than binding thousands of ids.
  if (vendorIds.length <= 1000) q.whereIn('vendor_id', vendorIds);
  for (const r of await q) {
    const list = out.get(Number(r.vendor_id)) ?? [];
    list.push({ add_on_code: r.add_on_code, quantity: Number(r.quantity) });
    out.set(Number(r.vendor_id), list);
  }
  return out;
}
