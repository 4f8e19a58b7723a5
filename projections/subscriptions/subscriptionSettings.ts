import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** subscription_settings: the platform's settings of the plans, key → value (`default_tier`); no row: the built-in default. */
export const subscriptionSettings: Projection = {
  kind: 'projection',
  name: 'subscription_settings',
  eventTypes: PLAN_SETTING_EVENT_TYPES,
  tables: ['subscription_settings'],
  readModels: [SubscriptionSettingRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    if (events.length === 0) return;
    const last = domainEvent<DefaultTierChanged>(events[events.length - 1]);
    const row: JsonRow<SubscriptionSettingRow> = { key: 'default_tier', value: last.data.tier_code, updated_at: last.data.at };
    await trx('subscription_settings').insert(row).onConflict('key').merge();
  },
};
