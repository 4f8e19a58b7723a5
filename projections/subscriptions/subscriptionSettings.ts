import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { PLAN_SETTING_EVENT_TYPES, type DefaultTierChanged } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** subscription_settings: the platform's settings of the plans, key → value (`default_tier`); no row: the built-in default. */
export const subscriptionSettings: Projection = {
  kind: 'projection',
  name: 'subscription_settings',
  eventTypes: PLAN_SETTING_EVENT_TYPES,
  tables: ['subscription_settings'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    if (events.length === 0) return;
    const last = domainEvent<DefaultTierChanged>(events[events.length - 1]);
    await trx('subscription_settings')
      .insert({ key: 'default_tier', value: last.data.tier_code, updated_at: last.data.at })
      .onConflict('key')
      .merge();
  },
};
