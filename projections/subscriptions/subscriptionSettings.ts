import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { PLAN_SETTING_EVENT_TYPES, type DefaultTierChanged } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const SubscriptionSettingRow = readModel('subscription_settings', {
  /** `default_tier`, the only setting so far. */
  key: column.oneOf(['default_tier']),
  /** The default tier's code. */
  value: column.text(),
  updated_at: column.time(),
});
export type SubscriptionSettingRow = RowOf<typeof SubscriptionSettingRow>;

/**
 * subscription_settings: the platform's settings of the plans, key → value (`default_tier`); no row:
 * the built-in default. A row projection (src/runtime/rowProjection.ts): the latest change is the value.
 */
export const subscriptionSettings = rowProjection<JsonRow<SubscriptionSettingRow>>({
  name: 'subscription_settings',
  eventTypes: PLAN_SETTING_EVENT_TYPES,
  readModel: SubscriptionSettingRow,
  fold: {
    key: 'key',
    keyType: 'text',
    keys: () => ['default_tier'],
    apply(rows, raw) {
      const { tier_code, at } = domainEvent<DefaultTierChanged>(raw).data;
      rows.set('default_tier', { key: 'default_tier', value: tier_code, updated_at: at });
    },
  },
});
