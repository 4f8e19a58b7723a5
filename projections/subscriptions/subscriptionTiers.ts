import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { TIER_EVENT_TYPES, type TierDetails, type TierEvent } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const SubscriptionTierRow = readModel('subscription_tiers', {
  code: column.text(),
  name: column.text(),
  description: column.nullable(column.text()),
  price_monthly_cents: column.int(),
  price_yearly_cents: column.int(),
  /** The tier's limits; null is unlimited. */
  max_orders_per_period: column.nullable(column.int()),
  max_products: column.nullable(column.int()),
  max_team_members: column.nullable(column.int()),
  /** Feature codes of commands/subscriptions/features.ts. */
  features: column.json(Type.Array(Type.String())),
  sort_order: column.int({ description: 'Position in the upgrade ladder; higher is a higher tier' }),
  is_active: column.bool(),
  created_at: column.time(),
  updated_at: column.time(),
});
export type SubscriptionTierRow = RowOf<typeof SubscriptionTierRow>;

function columns(d: Partial<TierDetails>): Partial<JsonRow<SubscriptionTierRow>> {
  const row: Partial<JsonRow<SubscriptionTierRow>> = {};
  if (d.name !== undefined) row.name = d.name;
  if (d.description !== undefined) row.description = d.description;
  if (d.price_monthly_cents !== undefined) row.price_monthly_cents = d.price_monthly_cents;
  if (d.price_yearly_cents !== undefined) row.price_yearly_cents = d.price_yearly_cents;
  if (d.limits !== undefined) {
    row.max_orders_per_period = d.limits.orders_per_period;
    row.max_products = d.limits.products;
    row.max_team_members = d.limits.team_members;
  }
  if (d.features !== undefined) row.features = d.features;
  if (d.sort_order !== undefined) row.sort_order = d.sort_order;
  return row;
}

/**
 * subscription_tiers: one row per live tier, read by the admin tier routes and the vendor feature
 * routes. A row projection (src/runtime/rowProjection.ts), one row per tier code.
 */
export const subscriptionTiers = rowProjection<JsonRow<SubscriptionTierRow>>({
  name: 'subscription_tiers',
  eventTypes: TIER_EVENT_TYPES,
  readModel: SubscriptionTierRow,
  fold: {
    key: 'code',
    keyType: 'text',
    keys: (e) => [(e.data as { tier_code: string }).tier_code],
    apply(rows, raw) {
      const e = domainEvent<TierEvent>(raw);
      const code = e.data.tier_code;
      if (e.type === 'TierCreated') {
        const d = e.data;
        rows.set(code, {
          code,
          name: d.name,
          description: d.description ?? null,
          price_monthly_cents: d.price_monthly_cents,
          price_yearly_cents: d.price_yearly_cents,
          max_orders_per_period: d.limits.orders_per_period,
          max_products: d.limits.products,
          max_team_members: d.limits.team_members,
          features: d.features,
          sort_order: d.sort_order,
          is_active: true,
          created_at: d.created_at,
          updated_at: d.created_at,
        });
        return;
      }
      if (e.type === 'TierDeleted') {
        rows.delete(code);
        return;
      }
      const row = rows.get(code);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'TierChanged':
          Object.assign(row, columns(e.data.changes));
          break;
        case 'TierActivated':
          row.is_active = true;
          break;
        case 'TierDeactivated':
          row.is_active = false;
          break;
      }
    },
  },
});
