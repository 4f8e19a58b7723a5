import type { Knex } from 'knex';
import { TierNotFoundException } from '../../commands/vendors/errors.ts';
import type { SubscriptionTierRow } from '../../projections/subscriptions/subscriptionTiers.ts';

export interface TierView {
  code: string;
  name: string;
  description: string | null;
  price_monthly_cents: number;
  price_yearly_cents: number;
  currency: 'EUR';
  limits: { orders_per_period: number | null; products: number | null; team_members: number | null };
  features: SubscriptionTierRow['features'];
  sort_order: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** A subscription_tiers row as a TierView (also read by the plans' memory view). */
export function tierFromRow(r: SubscriptionTierRow): TierView {
  return {
    code: r.code,
    name: r.name,
    description: r.description,
    price_monthly_cents: r.price_monthly_cents,
    price_yearly_cents: r.price_yearly_cents,
    currency: 'EUR',
    limits: { orders_per_period: r.max_orders_per_period, products: r.max_products, team_members: r.max_team_members },
    features: r.features,
    sort_order: r.sort_order,
    is_active: r.is_active,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Every tier in upgrade order (lowest first); only the offered ones unless asked. */
export async function listTiers(knex: Knex, options: { includeInactive?: boolean } = {}): Promise<TierView[]> {
  const q = knex<SubscriptionTierRow>('subscription_tiers').orderBy([{ column: 'sort_order' }, { column: 'code' }]);
  if (!options.includeInactive) q.where({ is_active: true });
  return (await q).map(tierFromRow);
}

export async function findTier(knex: Knex, code: string): Promise<TierView | null> {
  const r = await knex<SubscriptionTierRow>('subscription_tiers').where({ code }).first();
  return r ? tierFromRow(r) : null;
}

export async function getTier(knex: Knex, code: string): Promise<TierView> {
  const t = await findTier(knex, code);
  if (!t) throw new TierNotFoundException(`Tier '${code}' not found`, { tier_code: code });
  return t;
}
